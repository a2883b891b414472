// Row encoding: appends the JSON of header, state and event rows in the
// fixed field order of Trace v1, into a caller's buffer, without allocating.

package trace

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
)

// appendFloat writes v with Go's shortest float32 round-trip formatting
// (Trace v1: strconv.FormatFloat(float64(v), 'g', -1, 32)), so 90 is "90",
// not "90.0". JSON has no NaN or infinity, so those are written as the
// strings "NaN", "+Inf" and "-Inf"; read back (engine/clienttrace) such a
// row is refused as not finite, naming it.
func appendFloat(b []byte, v float32) []byte {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return append(b, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(b, `"+Inf"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Inf"`...)
	}
	return appendShortest32(b, v)
}

const hexDigits = "0123456789ABCDEF"

func appendVec3(b []byte, v mgl32.Vec3) []byte {
	b = append(b, '[')
	b = appendFloat(b, v[0])
	b = append(b, ',')
	b = appendFloat(b, v[1])
	b = append(b, ',')
	b = appendFloat(b, v[2])
	return append(b, ']')
}

func appendPlace(b []byte, p *Place) []byte {
	b = append(b, `{"cell":`...)
	b = hexid.AppendQuoted(b, p.Cell)
	b = append(b, `,"origin":`...)
	b = appendVec3(b, p.Origin)
	return append(b, '}')
}

// appendString writes s as a JSON string.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func appendHeader(b []byte, h *Header) []byte {
	b = append(b, `{"format":"`+FormatName+`","version":`...)
	b = strconv.AppendInt(b, Version, 10)
	b = append(b, `,"tick_rate":`...)
	b = strconv.AppendInt(b, int64(h.TickRate), 10)
	b = append(b, `,"reading":`...)
	b = appendString(b, h.Reading)
	b = append(b, `,"input":`...)
	b = appendString(b, h.Input)
	return append(b, '}')
}

func appendRowStart(b []byte, tick int, guid uint32) []byte {
	b = append(b, `{"tick":`...)
	b = strconv.AppendInt(b, int64(tick), 10)
	b = append(b, `,"guid":`...)
	return hexid.AppendQuoted(b, guid)
}

func appendState(b []byte, s *State) []byte {
	return appendStateHeading(b, s, nil)
}

// appendStateHeading appends s's row with heading as its heading's text,
// or s.Heading encoded when heading is nil.
func appendStateHeading(b []byte, s *State, heading []byte) []byte {
	b = append(b, `{"tick":`...)
	b = strconv.AppendInt(b, int64(s.Tick), 10)
	return appendStateTail(b, s, heading)
}

// appendStateTail appends s's row after its tick: from `,"guid":` to the
// closing brace.
func appendStateTail(b []byte, s *State, heading []byte) []byte {
	b = append(b, `,"guid":`...)
	b = hexid.AppendQuoted(b, s.GUID)
	b = append(b, `,"cell":`...)
	b = hexid.AppendQuoted(b, s.Cell)
	b = append(b, `,"origin":`...)
	b = appendVec3(b, s.Origin)
	b = append(b, `,"heading":`...)
	if heading != nil {
		b = append(b, heading...)
	} else {
		b = appendFloat(b, s.Heading)
	}
	return appendStateEnd(b, s)
}

// appendStateTailParts is appendStateTail with the origin's coordinates and
// the heading given as their texts (appendFloat's), written as its pieces
// (appendStateHead, the coordinates between commas, stateHeadingSep, the
// heading, appendStateEnd).
func appendStateTailParts(b []byte, s *State, origin *[3][]byte, heading []byte) []byte {
	b = appendStateHead(b, s.GUID, s.Cell)
	b = append(b, origin[0]...)
	b = append(b, ',')
	b = append(b, origin[1]...)
	b = append(b, ',')
	b = append(b, origin[2]...)
	b = append(b, stateHeadingSep...)
	b = append(b, heading...)
	return appendStateEnd(b, s)
}

// appendStateHead appends a state row's piece from its guid to the
// origin's opening bracket.
func appendStateHead(b []byte, guid, cell uint32) []byte {
	b = append(b, `,"guid":`...)
	b = hexid.AppendQuoted(b, guid)
	b = append(b, `,"cell":`...)
	b = hexid.AppendQuoted(b, cell)
	return append(b, `,"origin":[`...)
}

// stateHeadingSep is a state row's text between the origin's last
// coordinate and the heading.
const stateHeadingSep = `],"heading":`

// appendStateEnd appends a state row's fields after its heading and the
// closing brace.
func appendStateEnd(b []byte, s *State) []byte {
	return appendStateEndOf(b, s.Queue, s.Fail, s.Contact)
}

// appendStateEndOf is appendStateEnd of a row with those queue, fail and
// contact fields.
func appendStateEndOf(b []byte, queue, fail int, contact bool) []byte {
	b = append(b, `,"queue":`...)
	b = strconv.AppendInt(b, int64(queue), 10)
	b = append(b, `,"fail":`...)
	b = strconv.AppendInt(b, int64(fail), 10)
	b = append(b, `,"contact":`...)
	b = strconv.AppendBool(b, contact)
	return append(b, '}')
}

// checkEvent reports an event the writer cannot write: a kind that is not
// a trace row, or an enum column outside its set.
func checkEvent(e *Event) error {
	bad := ""
	if !e.Kind.InTrace() {
		bad = "kind " + e.Kind.String()
	}
	for _, c := range e.Kind.Info().Columns {
		switch c {
		case eventlog.ColRoute:
			if e.Route == 0 || int(e.Route) >= len(routeNames) {
				bad = "route branch " + e.Route.String()
			}
		case eventlog.ColEnqueue:
			if e.Enqueue == 0 || int(e.Enqueue) >= len(enqueueNames) {
				bad = "enqueue branch " + e.Enqueue.String()
			}
		case eventlog.ColTarget:
			if e.Target == 0 || int(e.Target) >= len(blipNames) {
				bad = "blip target " + e.Target.String()
			}
		case eventlog.ColHit:
			if !e.Hit.Kind.Valid() {
				bad = "wall hit " + e.Hit.Kind.String()
			}
		}
	}
	if bad != "" {
		return fmt.Errorf("trace: tick %d, object %s: invalid %s", e.Tick, hexid.String(e.GUID), bad)
	}
	return nil
}

func appendEvent(b []byte, e *Event) []byte {
	b = appendRowStart(b, e.Tick, e.GUID)
	b = append(b, `,"event":"`...)
	b = append(b, e.Kind.String()...)
	b = append(b, '"')
	if branch := e.Branch(); branch != "" {
		b = append(b, `,"branch":"`...)
		b = append(b, branch...)
		b = append(b, '"')
	}
	b = appendPayload(b, e)
	return append(b, '}')
}

// Branch is the branch of a route or enqueue row (its kind's branch
// column), "" for other kinds.
func (e *Event) Branch() string {
	for _, c := range e.Kind.Info().Columns {
		switch c {
		case eventlog.ColRoute:
			return e.Route.String()
		case eventlog.ColEnqueue:
			return e.Enqueue.String()
		}
	}
	return ""
}

// appendPayload appends the fields of e that follow its kind and branch —
// its kind's columns, in the table's order — each preceded by a comma.
func appendPayload(b []byte, e *Event) []byte {
	for _, c := range e.Kind.Info().Columns {
		if c.IsBranch() {
			continue
		}
		b = append(b, ',', '"')
		b = append(b, c.String()...)
		b = append(b, '"', ':')
		switch c {
		case eventlog.ColPruned:
			b = strconv.AppendInt(b, int64(e.Pruned), 10)
		case eventlog.ColEvicted:
			b = strconv.AppendInt(b, int64(e.Evicted), 10)
		case eventlog.ColSuccess:
			b = strconv.AppendBool(b, e.Success)
		case eventlog.ColPass:
			b = strconv.AppendBool(b, e.Pass)
		case eventlog.ColCumulative:
			b = appendFloat(b, e.Cumulative)
		case eventlog.ColProgressQuantum:
			b = appendFloat(b, e.ProgressQuantum)
		case eventlog.ColFrom:
			b = appendPlace(b, &e.From)
		case eventlog.ColTo:
			b = appendPlace(b, &e.To)
		case eventlog.ColTarget:
			b = append(b, '"')
			b = append(b, e.Target.String()...)
			b = append(b, '"')
		case eventlog.ColContact:
			b = strconv.AppendBool(b, e.Contact)
		case eventlog.ColHit:
			b = append(b, '"')
			b = append(b, e.Hit.Kind.String()...)
			b = append(b, '"')
		case eventlog.ColHitID:
			b = hexid.AppendQuoted(b, e.Hit.ID)
		case eventlog.ColHitCell:
			b = hexid.AppendQuoted(b, e.Hit.Cell)
		case eventlog.ColPolygon:
			p := int64(e.Hit.Poly)
			if e.Hit.Kind == eventlog.HitCylSphere || e.Hit.Kind == eventlog.HitSphere {
				p = int64(e.Hit.Index)
			}
			b = strconv.AppendInt(b, p, 10)
		case eventlog.ColSlid:
			b = strconv.AppendBool(b, e.Slid)
		case eventlog.ColHeight:
			b = appendFloat(b, e.Height)
		case eventlog.ColFall:
			b = appendFloat(b, e.Fall)
		}
	}
	return b
}

// AppendDetail appends, as one JSON object, the fields of an event row other
// than tick, guid, event and branch ({} when there are none): the detail
// column of the events table (Tables v1).
func AppendDetail(b []byte, e *Event) []byte {
	start := len(b)
	b = appendPayload(append(b, '{'), e)
	if len(b) > start+1 {
		b = append(b[:start+1], b[start+2:]...) // drop the first field's comma
	}
	return append(b, '}')
}
