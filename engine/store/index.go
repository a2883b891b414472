// Package store holds what the viewer keeps of a run beside the engine's
// own state: the index of the event log by object, tick and kind (Index),
// read in place from the engine's packed log (engine.LogView) — Rerun's
// model: one store, queried at the cursor. It imports no display package.
//
// The index never converts an entry to learn its tick, object, kind or
// verdict (Log.Entry); only the entries a caller asks for are converted
// (Index.Event), to whatever event type the log gives (E).
package store

import (
	"maps"
	"slices"
	"sort"

	"glidepath/engine/eventlog"
)

// Log is a run's event log read in place: the source keeps its own compact
// store and converts one entry at a time when asked (At), so the viewer
// never holds a second copy of the log. Entries are in tick order and
// never change once written.
type Log[E any] interface {
	// Len is the number of entries.
	Len() int
	// At converts entry i.
	At(i int) E
	// Tick is entry i's tick, without converting it.
	Tick(i int) int32
	// Who is entry i's object and kind, without converting it.
	Who(i int) (guid uint32, kind eventlog.EventKind)
	// Entry is what indexing reads of entry i — its tick, object, kind and
	// a stall window's Pass or a node completion's Success — in one call,
	// without converting it.
	Entry(i int) (tick int32, guid uint32, kind eventlog.EventKind, pass, success bool)
}

// CauseLog is a Log that can also give the cause chain of an entry (a
// blip, snap, pop or hitch): the engine's explanation, formatted.
type CauseLog interface {
	// Cause is entry i's cause chain and the tick it names; ok is false
	// when the entry has none.
	Cause(i int) (tick int, text string, ok bool)
}

// Kinds is a set of event kinds: bit k is eventlog.EventKind k.
type Kinds uint32

// KindSet returns the set of the given kinds.
func KindSet(ks ...eventlog.EventKind) Kinds {
	var s Kinds
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Has reports whether k is in the set.
func (s Kinds) Has(k eventlog.EventKind) bool { return s&(1<<k) != 0 }

// Filter selects events.
type Filter struct {
	// Kinds to match; 0 matches every kind.
	Kinds Kinds
	// FailOnly keeps only failed stall windows and unsuccessful node
	// completions among those kinds.
	FailOnly bool
	// OneObject restricts the match to GUID's events.
	OneObject bool
	GUID      uint32
}

// Match reports whether an event of guid and kind passes the filter; pass
// and success are a stall window's and a node completion's verdicts.
func (f *Filter) Match(guid uint32, kind eventlog.EventKind, pass, success bool) bool {
	if f.Kinds != 0 && !f.Kinds.Has(kind) {
		return false
	}
	if f.OneObject && guid != f.GUID {
		return false
	}
	if f.FailOnly {
		if v := kind.Info().Verdict; v != eventlog.VerdictNone {
			return v.Failed(pass, success)
		}
	}
	return true
}

// Index sorts an event log out by object and tick, and counts its kinds
// per DensityTicks ticks for the timeline's lanes. It grows with the log
// (Extend) while a run is pre-run; what it has indexed never changes.
type Index[E any] struct {
	log Log[E]
	n   int
	// byObject numbers the objects that have events: lists[k] holds the
	// events of object k as indices into the log, blips[k] how many of
	// them are blips and snaps. The map is lookup only, never iterated.
	byObject map[uint32]int32
	lists    [][]int32
	blips    []int32
	// last is the object of the latest event indexed (an object's events
	// come in runs: the map is asked once a run), lastK its number.
	last  uint32
	lastK int32
	// shared is a copy of byObject given to the clones, made again only
	// when an object is added (no clone sees a map Extend writes to).
	shared map[uint32]int32
	// borrowed says byObject is a clone's share, copied before an Extend
	// of the clone writes to it.
	borrowed bool
	// density counts the events of each kind in each DensityTicks-tick
	// bucket, and fails the failed stall windows and node completions, for
	// the timeline's aggregated lanes.
	density, fails [eventlog.NumEventKinds][]uint32
}

// DensityTicks is the width of the Index's density buckets, ticks.
const DensityTicks = 16

// minObjectList is the room an object's list of events starts with.
const minObjectList = 16

// IndexLog indexes a log.
func IndexLog[E any](log Log[E]) *Index[E] {
	x := &Index[E]{byObject: make(map[uint32]int32), lastK: -1}
	x.Extend(log)
	return x
}

// Extend indexes the entries of log past those already indexed; log must
// be the same log grown (entries are never rewritten).
func (x *Index[E]) Extend(log Log[E]) {
	x.log = log
	n := log.Len()
	if x.borrowed && n > x.n {
		x.byObject, x.shared, x.borrowed = maps.Clone(x.byObject), nil, false
	}
	for i := x.n; i < n; i++ {
		tick, guid, kind, pass, success := log.Entry(i)
		b := int(tick) / DensityTicks
		if kind < eventlog.NumEventKinds {
			for len(x.density[kind]) <= b {
				x.density[kind] = append(x.density[kind], 0)
			}
			x.density[kind][b]++
		}
		if kind == eventlog.EventStallWindow || kind == eventlog.EventNodeComplete {
			if !pass && !success {
				for len(x.fails[kind]) <= b {
					x.fails[kind] = append(x.fails[kind], 0)
				}
				x.fails[kind][b]++
			}
		}
		if kind == eventlog.EventNote && guid == 0 {
			continue
		}
		k := x.lastK
		if guid != x.last || k < 0 {
			var ok bool
			if k, ok = x.byObject[guid]; !ok {
				k = int32(len(x.lists))
				x.byObject[guid] = k
				x.lists = append(x.lists, nil)
				x.blips = append(x.blips, 0)
				x.shared = nil
			}
			x.last, x.lastK = guid, k
		}
		l := x.lists[k]
		if len(l) == cap(l) {
			// Doubled: append grows a long list by a quarter, and an
			// object's list of a crowd's run was copied some ten times
			// as its tens of thousands of entries came in.
			grown := make([]int32, len(l), max(2*cap(l), minObjectList))
			copy(grown, l)
			l = grown
		}
		x.lists[k] = append(l, int32(i))
		if kind == eventlog.EventBlip || kind == eventlog.EventSnap {
			x.blips[k]++
		}
	}
	x.n = n
}

// Blips is how many of guid's events are blips and snaps.
func (x *Index[E]) Blips(guid uint32) int {
	if k, ok := x.byObject[guid]; ok {
		return int(x.blips[k])
	}
	return 0
}

// Len is the number of events indexed.
func (x *Index[E]) Len() int { return x.n }

// Event converts event i.
func (x *Index[E]) Event(i int) E { return x.log.At(i) }

// Tick is event i's tick.
func (x *Index[E]) Tick(i int) int32 { return x.log.Tick(i) }

// Who is event i's object and kind, without converting the event.
func (x *Index[E]) Who(i int) (guid uint32, kind eventlog.EventKind) { return x.log.Who(i) }

// Density returns how many events of kind fell in bucket b (ticks
// b·DensityTicks to (b+1)·DensityTicks − 1), and how many of those were
// failures (stall windows, node completions).
func (x *Index[E]) Density(kind eventlog.EventKind, b int) (n, fails int) {
	if kind >= eventlog.NumEventKinds || b < 0 || b >= len(x.density[kind]) {
		return 0, 0
	}
	if b < len(x.fails[kind]) {
		fails = int(x.fails[kind][b])
	}
	return int(x.density[kind][b]), fails
}

// Of returns the indices of guid's events, in order.
func (x *Index[E]) Of(guid uint32) []int32 {
	if k, ok := x.byObject[guid]; ok {
		return x.lists[k]
	}
	return nil
}

// firstAfter is the index of the first event with a tick above tick.
func (x *Index[E]) firstAfter(tick int) int {
	return sort.Search(x.n, func(i int) bool { return int(x.log.Tick(i)) > tick })
}

// Span returns the indices [lo, hi) of the events of ticks from to to.
func (x *Index[E]) Span(from, to int) (lo, hi int) {
	return x.firstAfter(from - 1), x.firstAfter(to)
}

// match converts event i and tests it against f.
func (x *Index[E]) match(i int, f *Filter) bool {
	if f.Kinds != 0 || f.OneObject {
		guid, kind := x.log.Who(i)
		if f.Kinds != 0 && !f.Kinds.Has(kind) || f.OneObject && guid != f.GUID {
			return false
		}
	}
	if !f.FailOnly {
		return true
	}
	_, guid, kind, pass, success := x.log.Entry(i)
	return f.Match(guid, kind, pass, success)
}

// Next returns the index of the first event after tick that passes f;
// ok is false when there is none.
func (x *Index[E]) Next(tick int, f Filter) (int, bool) {
	if f.OneObject {
		ids := x.Of(f.GUID)
		k := sort.Search(len(ids), func(i int) bool { return int(x.log.Tick(int(ids[i]))) > tick })
		for ; k < len(ids); k++ {
			if x.match(int(ids[k]), &f) {
				return int(ids[k]), true
			}
		}
		return 0, false
	}
	for i := x.firstAfter(tick); i < x.n; i++ {
		if x.match(i, &f) {
			return i, true
		}
	}
	return 0, false
}

// Prev returns the index of the last event before tick that passes f; ok is
// false when there is none.
func (x *Index[E]) Prev(tick int, f Filter) (int, bool) {
	if f.OneObject {
		ids := x.Of(f.GUID)
		k := sort.Search(len(ids), func(i int) bool { return int(x.log.Tick(int(ids[i]))) >= tick })
		for k--; k >= 0; k-- {
			if x.match(int(ids[k]), &f) {
				return int(ids[k]), true
			}
		}
		return 0, false
	}
	for i := x.firstAfter(tick-1) - 1; i >= 0; i-- {
		if x.match(i, &f) {
			return i, true
		}
	}
	return 0, false
}

// Recent appends to dst, newest first, up to n of guid's events of the
// kinds in f that happened at or before tick and no earlier than since.
func (x *Index[E]) Recent(guid uint32, f Filter, since, tick, n int, dst []int32) []int32 {
	ids := x.Of(guid)
	k := sort.Search(len(ids), func(i int) bool { return int(x.log.Tick(int(ids[i]))) > tick })
	for k--; k >= 0 && n > 0; k-- {
		if int(x.log.Tick(int(ids[k]))) < since {
			break
		}
		if x.match(int(ids[k]), &f) {
			dst = append(dst, ids[k])
			n--
		}
	}
	return dst
}

// Clone returns a copy of the index so far that later Extends do not
// change, for reading on another goroutine. It shares the per-object lists
// (Extend only appends past their ends) and keeps only the density buckets
// before the last indexed event's, which no later event can add to.
func (x *Index[E]) Clone() *Index[E] {
	if x.shared == nil {
		x.shared = maps.Clone(x.byObject)
	}
	c := &Index[E]{log: x.log, n: x.n, byObject: x.shared, lists: make([][]int32, len(x.lists)),
		blips: slices.Clone(x.blips), lastK: -1, borrowed: true}
	for k, ids := range x.lists {
		c.lists[k] = ids[:len(ids):len(ids)]
	}
	full := 0
	if x.n > 0 {
		full = int(x.log.Tick(x.n-1)) / DensityTicks
	}
	for k := range x.density {
		c.density[k] = x.density[k][:min(full, len(x.density[k])):min(full, len(x.density[k]))]
		c.fails[k] = x.fails[k][:min(full, len(x.fails[k])):min(full, len(x.fails[k]))]
	}
	return c
}

// Cause is event i's cause chain when the log explains it (CauseLog).
func (x *Index[E]) Cause(i int) (tick int, text string, ok bool) {
	if cl, is := x.log.(CauseLog); is && i >= 0 && i < x.n {
		return cl.Cause(i)
	}
	return 0, "", false
}
