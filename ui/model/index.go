// Index: the event log sorted out for the viewer — by object, by tick, and
// the searches the timeline's keys make (previous and next event of a kind,
// the last received positions, recent blips and stall failures).

package model

import "sort"

// Kinds is a set of event kinds: bit k is EventKind k.
type Kinds uint32

// KindSet returns the set of the given kinds.
func KindSet(ks ...EventKind) Kinds {
	var s Kinds
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Has reports whether k is in the set.
func (s Kinds) Has(k EventKind) bool { return s&(1<<k) != 0 }

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

// Match reports whether e passes the filter.
func (f *Filter) Match(e *Event) bool {
	if f.Kinds != 0 && !f.Kinds.Has(e.Kind) {
		return false
	}
	if f.OneObject && e.GUID != f.GUID {
		return false
	}
	if f.FailOnly {
		switch e.Kind {
		case EventStallWindow:
			return !e.Pass
		case EventNodeComplete:
			return !e.Success
		}
	}
	return true
}

// Index sorts an event log out by object and tick. It is built once the
// log is complete and is read-only after.
type Index struct {
	events []Event
	// byObject lists each object's events, as indices into events; lookup
	// only, never iterated.
	byObject map[uint32][]int32
}

// NewIndex indexes events, which must be in tick order (as a Source's log
// is).
func NewIndex(events []Event) *Index {
	x := &Index{events: events, byObject: make(map[uint32][]int32)}
	for i := range events {
		e := &events[i]
		if e.Kind == EventNote && e.GUID == 0 {
			continue
		}
		x.byObject[e.GUID] = append(x.byObject[e.GUID], int32(i))
	}
	return x
}

// Events returns the indexed log.
func (x *Index) Events() []Event { return x.events }

// Of returns the indices of guid's events, in order.
func (x *Index) Of(guid uint32) []int32 { return x.byObject[guid] }

// firstAfter is the index of the first event with a tick above tick.
func (x *Index) firstAfter(tick int) int {
	return sort.Search(len(x.events), func(i int) bool { return int(x.events[i].Tick) > tick })
}

// Span returns the indices [lo, hi) of the events of ticks from to to.
func (x *Index) Span(from, to int) (lo, hi int) {
	return x.firstAfter(from - 1), x.firstAfter(to)
}

// Next returns the index of the first event after tick that passes f;
// ok is false when there is none.
func (x *Index) Next(tick int, f Filter) (int, bool) {
	if f.OneObject {
		ids := x.byObject[f.GUID]
		k := sort.Search(len(ids), func(i int) bool { return int(x.events[ids[i]].Tick) > tick })
		for ; k < len(ids); k++ {
			if f.Match(&x.events[ids[k]]) {
				return int(ids[k]), true
			}
		}
		return 0, false
	}
	for i := x.firstAfter(tick); i < len(x.events); i++ {
		if f.Match(&x.events[i]) {
			return i, true
		}
	}
	return 0, false
}

// Prev returns the index of the last event before tick that passes f; ok is
// false when there is none.
func (x *Index) Prev(tick int, f Filter) (int, bool) {
	if f.OneObject {
		ids := x.byObject[f.GUID]
		k := sort.Search(len(ids), func(i int) bool { return int(x.events[ids[i]].Tick) >= tick })
		for k--; k >= 0; k-- {
			if f.Match(&x.events[ids[k]]) {
				return int(ids[k]), true
			}
		}
		return 0, false
	}
	for i := x.firstAfter(tick-1) - 1; i >= 0; i-- {
		if f.Match(&x.events[i]) {
			return i, true
		}
	}
	return 0, false
}

// Recent appends to dst, newest first, up to n of guid's events of the
// kinds in f that happened at or before tick and no earlier than since.
func (x *Index) Recent(guid uint32, f Filter, since, tick, n int, dst []int32) []int32 {
	ids := x.byObject[guid]
	k := sort.Search(len(ids), func(i int) bool { return int(x.events[ids[i]].Tick) > tick })
	for k--; k >= 0 && n > 0; k-- {
		e := &x.events[ids[k]]
		if int(e.Tick) < since {
			break
		}
		if f.Match(e) {
			dst = append(dst, ids[k])
			n--
		}
	}
	return dst
}
