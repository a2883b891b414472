// The fixed layout: a row spelled exactly as Glidepath's Trace v1 writer
// spells it (engine/trace, format.go: members in its order, no whitespace,
// ids as "0x" and 8 hex digits) is decoded in one pass over its bytes
// without the member loop, so a Trace v1 file of millions of rows — what
// `viewer run -trace` writes, and the usual client trace of two readings
// diffed — reads at a fraction of the general scan's cost. Anything else,
// however nearly the same (a space, a member out of order, an exponent, a
// short id, null), is left to the general scan, which decides it and words
// any error; so the two always agree (fixed_test.go, FuzzFixedRow).
//
// Accepted, as one line:
//
//	state: {"tick":N,"guid":"0xXXXXXXXX","cell":"0xXXXXXXXX","origin":[X,Y,Z]
//	       then, each optional but in this order, ,"heading":H ,"queue":N
//	       ,"fail":N ,"contact":true|false ,"branch":"NAME", then }
//	route: {"tick":N,"guid":"0xXXXXXXXX","event":"route","branch":"NAME"}
//
// Other event rows of a Trace v1 file are skipped as before (skippedEvent).
// The state layout with every optional member but "branch" is the writer's
// state row; the optional members also cover Client trace v1 JSONL written
// in the same order.

package clienttrace

import (
	"glidepath/internal/jsonnum"
	"glidepath/physics"
)

// fixedResult says what decodeFixed made of a line.
type fixedResult uint8

const (
	fixedNo    fixedResult = iota // not the fixed layout: use the general scan
	fixedState                    // a state row, decoded into the Row
	fixedRoute                    // a route event: Tick, GUID and Branch decoded
	fixedEvent                    // an event row of another kind: check skippedEvent (n: where "event" is)
)

// fixedUint reads a run of 1 to 10 digits at b[i:] (leading zeros allowed,
// as parseTick allows them).
func fixedUint(b []byte, i int) (int, int, bool) {
	n, start := 0, i
	for i < len(b) && i-start < 11 {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		n = n*10 + int(c)
		i++
	}
	d := i - start
	return n, i, d >= 1 && d <= 10
}

// fixedFloat reads a plain decimal at b[i:] — an optional '-', digits, and
// an optional point and digits — and stops at the first other byte, which
// the caller checks is the delimiter it wants (jsonnum.Float32At). The
// value is fastFloat32's on the same token: the same refusals (more than
// 15 digits, a leading zero, a point without digits after it, a float32
// tie) and strconv's float32; anything refused goes to the general scan,
// which gives it to strconv.
func fixedFloat(b []byte, i int) (float32, int, bool) { return jsonnum.Float32At(b, i) }

// decodeFixed decodes line when it is spelled in the fixed layout. A state
// row is written whole into row (Line is the caller's); for a route event
// Tick, GUID, Branch and HasBranch are. fixedNo leaves row unspecified.
func decodeFixed(line []byte, row *Row) fixedResult {
	kind, n := decodeFixedAt(line, row)
	if (kind == fixedState || kind == fixedRoute) && n != len(line) {
		return fixedNo
	}
	return kind
}

// decodeFixedAt decodes the row b starts with, as decodeFixed does, and
// returns with a state row or a route event the length of the row (up to
// its closing brace), which the caller checks ends its line; what follows
// is not read. An event row of another kind is not read past its kind.
func decodeFixedAt(b []byte, row *Row) (fixedResult, int) {
	if !(len(b) >= 8 && string(b[:8]) == `{"tick":`) {
		return fixedNo, 0
	}
	tick, i, ok := fixedUint(b, 8)
	if !ok || tick > MaxTick || !(len(b)-i >= 11 && string(b[i:i+11]) == `,"guid":"0x`) {
		return fixedNo, 0
	}
	guid, i, ok := jsonnum.ID(b, i+11)
	if !ok {
		return fixedNo, 0
	}
	if !(len(b)-i >= 11 && string(b[i:i+11]) == `,"cell":"0x`) {
		return decodeFixedEvent(b, i, tick, guid, row)
	}
	cell, i, ok := jsonnum.ID(b, i+11)
	if !ok || !(len(b)-i >= 11 && string(b[i:i+11]) == `,"origin":[`) {
		return fixedNo, 0
	}
	i += len(`,"origin":[`)
	var o [3]float32
	for k, end := range [3]byte{',', ',', ']'} {
		if o[k], i, ok = fixedFloat(b, i); !ok || i >= len(b) || b[i] != end {
			return fixedNo, 0
		}
		i++
	}
	*row = Row{Tick: tick, GUID: guid, Cell: cell}
	row.Origin[0], row.Origin[1], row.Origin[2] = o[0], o[1], o[2]
	if len(b)-i >= 11 && string(b[i:i+11]) == `,"heading":` {
		if row.Heading, i, ok = fixedFloat(b, i+len(`,"heading":`)); !ok {
			return fixedNo, 0
		}
		row.HasHeading = true
	}
	if i, ok = decodeFixedTail(b, i, row); !ok {
		return fixedNo, 0
	}
	return fixedState, i
}

// decodeFixedTail reads the members after the origin and the heading, up
// to and including the closing brace, into row's Queue, Contact and Branch
// (and their Has), and returns the index after the brace.
func decodeFixedTail(b []byte, i int, row *Row) (int, bool) {
	var ok bool
	if len(b)-i >= 9 && string(b[i:i+9]) == `,"queue":` {
		if row.Queue, i, ok = fixedUint(b, i+len(`,"queue":`)); !ok || row.Queue > MaxQueue {
			return i, false
		}
		row.HasQueue = true
	}
	if len(b)-i >= 8 && string(b[i:i+8]) == `,"fail":` {
		if _, i, ok = fixedUint(b, i+len(`,"fail":`)); !ok {
			return i, false
		}
	}
	if len(b)-i >= 11 && string(b[i:i+11]) == `,"contact":` {
		i += len(`,"contact":`)
		switch {
		case len(b)-i >= 4 && string(b[i:i+4]) == "true":
			row.Contact, i = true, i+4
		case len(b)-i >= 5 && string(b[i:i+5]) == "false":
			i += 5
		default:
			return i, false
		}
		row.HasContact = true
	}
	if len(b)-i >= 11 && string(b[i:i+11]) == `,"branch":"` {
		if row.Branch, i, ok = fixedBranch(b, i+len(`,"branch":"`)); !ok {
			return i, false
		}
		row.HasBranch = true
	}
	if i >= len(b) || b[i] != '}' {
		return i, false
	}
	return i + 1, true
}

// decodeFixedEvent reads an event row from its "event" member at b[i:].
func decodeFixedEvent(b []byte, i, tick int, guid uint32, row *Row) (fixedResult, int) {
	if !(len(b)-i >= 10 && string(b[i:i+10]) == `,"event":"`) {
		return fixedNo, 0
	}
	if !(len(b)-i >= 27 && string(b[i+10:i+27]) == `route","branch":"`) {
		return fixedEvent, i + 1
	}
	i += len(`,"event":"`)
	branch, i, ok := fixedBranch(b, i+len(`route","branch":"`))
	if !ok || i >= len(b) || b[i] != '}' {
		return fixedNo, 0
	}
	*row = Row{Tick: tick, GUID: guid, Branch: branch, HasBranch: true}
	return fixedRoute, i + 1
}

// fixedBranch reads a route branch's name and its closing quote at b[i:].
func fixedBranch(b []byte, i int) (physics.Route, int, bool) {
	j := i
	for j < len(b) && b[j] != '"' {
		j++
	}
	if j == len(b) {
		return 0, i, false
	}
	r, ok := parseBranch(b[i:j])
	return r, j + 1, ok
}
