// Rows that repeat: a trace lists the same objects in the same order every
// tick, and most of a row is what the same object's row said the tick
// before — its guid always, its cell nearly always, and on a 100-object
// hour of synthetic walkers the whole origin in three rows of four (still
// between updates, or stopped) and the heading in nine of ten. So the
// fixed layout's decoder keeps, for the n-th state row of a tick, the
// bytes the previous tick's n-th row was decoded from after its tick, and
// each of its parts, with what they decoded to; a row (after its tick) or
// a part spelled byte for byte as before is not decoded again. decodeFixedAt is a function of the bytes it reads, and
// each part kept is compared up to and including the byte that ended it,
// so the result is decodeFixedAt's whatever was kept (fixedcache_test.go,
// FuzzFixedCache).

package clienttrace

import (
	"encoding/binary"

	"glidepath/internal/jsonnum"
)

// maxCachedRows bounds the rows of a tick the cache keeps (and so its
// memory: a row's parts are at most maxCachedPart bytes each).
const (
	maxCachedRows = 1 << 16
	maxCachedPart = 96
	maxCachedRow  = 256
)

// fixedCache is what decodeFixedCached keeps from row to row.
type fixedCache struct {
	// tickText is the previous state row's tick digits and the byte after
	// them; tick their value, n the number of state rows of that tick
	// decoded so far.
	tickText []byte
	tick     int
	n        int
	rows     []cachedRow
}

// cachedRow is the n-th state row of the previous tick: each part's bytes
// (ids as their 8 digits) and value.
type cachedRow struct {
	// whole is the row after its tick, up to and including the closing
	// brace, and row what it decoded to: most rows repeat whole.
	whole []byte
	row   Row

	guidText, cellText uint64
	guid, cell         uint32
	hasIDs             bool
	// origin is the three numbers and the closing bracket; heading the
	// number and the byte after it; tail the members after the heading
	// (or the origin) up to and including the closing brace.
	origin, heading, tail []byte
	o                     [3]float32
	h                     float32
	// rest is the tail's values (Queue, Contact, Branch and their Has).
	rest Row
}

// decode is decodeFixedAt, with c's parts of the previous tick
// standing for a part spelled the same.
func (c *fixedCache) decode(b []byte, row *Row) (fixedResult, int) {
	if !(len(b) >= 8 && string(b[:8]) == `{"tick":`) {
		return fixedNo, 0
	}
	var tick, i int
	if t := c.tickText; len(t) > 0 && len(b)-8 >= len(t) && string(b[8:8+len(t)]) == string(t) {
		tick, i = c.tick, 8+len(t)-1
	} else {
		var ok bool
		if tick, i, ok = fixedUint(b, 8); !ok || tick > MaxTick {
			return fixedNo, 0
		}
		if i < len(b) {
			c.tickText = append(c.tickText[:0], b[8:i+1]...)
			if tick != c.tick {
				c.n = 0
			}
			c.tick = tick
		}
	}
	var e *cachedRow
	if c.n < len(c.rows) {
		e = &c.rows[c.n]
	} else if c.n < maxCachedRows {
		c.rows = append(c.rows, cachedRow{})
		e = &c.rows[c.n]
	} else {
		e = &cachedRow{}
	}
	whole := i
	if n := len(e.whole); n > 0 && len(b)-i >= n && sameProbe(b[i:], e.whole) && string(b[i:i+n]) == string(e.whole) {
		*row = e.row
		row.Tick = tick
		c.n++
		return fixedState, i + n
	}
	if !(len(b)-i >= 11 && string(b[i:i+11]) == `,"guid":"0x`) {
		return fixedNo, 0
	}
	i += 11
	var guidText uint64
	guid, guidHit := e.guid, false
	if len(b)-i >= 9 && b[i+8] == '"' {
		guidText = binary.LittleEndian.Uint64(b[i:])
		guidHit = e.hasIDs && guidText == e.guidText
	}
	if guidHit {
		i += 9
	} else {
		var ok bool
		if guid, i, ok = jsonnum.ID(b, i); !ok {
			return fixedNo, 0
		}
	}
	if !(len(b)-i >= 11 && string(b[i:i+11]) == `,"cell":"0x`) {
		return decodeFixedEvent(b, i, tick, guid, row)
	}
	i += 11
	cell := e.cell
	if len(b)-i >= 9 && b[i+8] == '"' && e.hasIDs && binary.LittleEndian.Uint64(b[i:]) == e.cellText {
		i += 9
	} else {
		var ok bool
		if cell, i, ok = jsonnum.ID(b, i); !ok {
			return fixedNo, 0
		}
		e.cellText = binary.LittleEndian.Uint64(b[i-9:])
	}
	e.guidText, e.guid, e.cell, e.hasIDs = guidText, guid, cell, true
	if !(len(b)-i >= 11 && string(b[i:i+11]) == `,"origin":[`) {
		return fixedNo, 0
	}
	i += len(`,"origin":[`)
	if n := len(e.origin); n > 0 && len(b)-i >= n && string(b[i:i+n]) == string(e.origin) {
		i += n
	} else {
		start := i
		var ok bool
		for k, end := range [3]byte{',', ',', ']'} {
			if e.o[k], i, ok = fixedFloat(b, i); !ok || i >= len(b) || b[i] != end {
				e.origin = e.origin[:0]
				return fixedNo, 0
			}
			i++
		}
		e.origin = keepPart(e.origin, b[start:i])
	}
	*row = Row{Tick: tick, GUID: guid, Cell: cell}
	row.Origin[0], row.Origin[1], row.Origin[2] = e.o[0], e.o[1], e.o[2]
	if len(b)-i >= 11 && string(b[i:i+11]) == `,"heading":` {
		i += len(`,"heading":`)
		if n := len(e.heading); n > 0 && len(b)-i >= n && string(b[i:i+n]) == string(e.heading) {
			i += n - 1
		} else {
			start := i
			var ok bool
			if e.h, i, ok = fixedFloat(b, i); !ok {
				e.heading = e.heading[:0]
				return fixedNo, 0
			}
			if i < len(b) {
				e.heading = keepPart(e.heading, b[start:i+1])
			} else {
				e.heading = e.heading[:0]
			}
		}
		row.Heading, row.HasHeading = e.h, true
	}
	if n := len(e.tail); n > 0 && len(b)-i >= n && string(b[i:i+n]) == string(e.tail) {
		i += n
	} else {
		start := i
		var ok bool
		e.rest = Row{}
		if i, ok = decodeFixedTail(b, i, &e.rest); !ok {
			e.tail = e.tail[:0]
			return fixedNo, 0
		}
		e.tail = keepPart(e.tail, b[start:i])
	}
	row.Queue, row.HasQueue = e.rest.Queue, e.rest.HasQueue
	row.Contact, row.HasContact = e.rest.Contact, e.rest.HasContact
	row.Branch, row.HasBranch = e.rest.Branch, e.rest.HasBranch
	if c.n < maxCachedRows {
		c.n++
		e.row = *row
		e.whole = e.whole[:0]
		if i-whole <= maxCachedRow {
			e.whole = append(e.whole, b[whole:i]...)
		}
	}
	return fixedState, i
}

// probeAt is where a state row's origin begins in its text after the
// tick: `,"guid":"0xXXXXXXXX","cell":"0xXXXXXXXX","origin":[`.
const probeAt = 51

// sameProbe compares the 8 bytes at probeAt of a row's text and a kept
// one, when both have them, before the whole texts are: of a crowd's rows
// that are not spelled as before (45 % of a moving crowd's), most differ
// there, in the origin's first digits, after the guid and cell that match,
// and the comparison of the whole would run over those 51 bytes first. A
// part of the whole comparison only: false means the texts differ.
func sameProbe(b, kept []byte) bool {
	if len(kept) < probeAt+8 || len(b) < probeAt+8 {
		return true
	}
	return binary.LittleEndian.Uint64(b[probeAt:]) == binary.LittleEndian.Uint64(kept[probeAt:])
}

// keepPart copies part into dst's storage, or keeps nothing when it is
// longer than maxCachedPart.
func keepPart(dst, part []byte) []byte {
	if len(part) > maxCachedPart {
		return dst[:0]
	}
	return append(dst[:0], part...)
}
