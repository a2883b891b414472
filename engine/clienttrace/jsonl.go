// JSON rows: one line of a JSONL client trace, or one line of a Glidepath
// Trace v1 file (its header, its state rows, and the branch of its route
// event rows; other event rows are skipped, as Trace v1 asks of readers).

package clienttrace

import (
	"encoding/json"
	"strconv"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// recordKind says what a line held.
type recordKind uint8

const (
	recordRow    recordKind = iota + 1 // a state row
	recordRoute                        // a Trace v1 route event: Row.Tick, GUID, Branch
	recordSkip                         // a Trace v1 event row of another kind
	recordHeader                       // a Trace v1 header: tickRate
)

// record is one decoded line.
type record struct {
	kind     recordKind
	row      Row
	tickRate int
	// input is a Trace v1 header's "input" (hasInput when given).
	input    string
	hasInput bool
}

// Trace v1's header names (spec/trace-v1.md).
const (
	traceFormat  = "glidepath-trace"
	traceVersion = "1"
)

// decodeJSON decodes one JSON line into rec. header says the line is the
// first of a Trace v1 file.
func decodeJSON(s *scanner, header bool, rec *record) {
	*rec = record{kind: recordRow}
	if header {
		rec.kind = recordHeader
		decodeHeader(s, rec)
		return
	}
	r := &rec.row
	var hasTick, hasGUID, hasCell, hasOrigin bool
	event := ""
	var branch []byte
	s.object(func(key []byte) {
		if s.isNull() {
			return
		}
		switch string(key) {
		case "tick":
			tok := s.literal()
			n, ok := parseTick(tok)
			if !ok {
				s.fail("tick", "want an integer from 0 to "+strconv.Itoa(MaxTick)+", got "+quoteToken(tok))
			}
			r.Tick, hasTick = n, true
		case "t":
			v, ok := s.number("t")
			if ok && !(v >= 0 && v <= MaxSeconds) {
				s.fail("t", "want seconds from 0 to "+strconv.Itoa(MaxSeconds)+", got "+strconv.FormatFloat(v, 'g', -1, 64))
			}
			r.T, r.HasT = v, true
		case "guid":
			r.GUID, hasGUID = s.id("guid"), true
		case "cell":
			r.Cell, hasCell = s.id("cell"), true
		case "origin":
			s.origin(r)
			hasOrigin = true
		case "heading":
			r.Heading, r.HasHeading = s.float32("heading"), true
		case "queue":
			tok := s.literal()
			n, ok := parseTick(tok)
			if !ok || n > MaxQueue {
				s.fail("queue", "want a node count from 0 to "+strconv.Itoa(MaxQueue)+", got "+quoteToken(tok))
			}
			r.Queue, r.HasQueue = n, true
		case "contact":
			r.Contact, r.HasContact = s.boolean("contact"), true
		case "branch":
			// Parsed after the loop: only state rows and route events
			// carry a route branch (an enqueue's branch is another set).
			branch, _ = s.rawString("branch")
			r.HasBranch = true
		case "event":
			b, ok := s.rawString("event")
			if ok {
				event = string(b)
				if event == "" {
					s.fail("event", "empty")
				}
			}
		default:
			s.skipMember(key)
		}
	})
	if s.failed() {
		return
	}
	switch {
	case hasTick && r.HasT:
		s.fail("t", `give "tick" or "t", not both`)
	case !hasTick && !r.HasT:
		s.fail("tick", `missing (give "tick" or "t")`)
	case !hasGUID:
		s.fail("guid", "missing")
	}
	if r.HasBranch && (event == "" || event == "route") {
		var ok bool
		if r.Branch, ok = parseBranch(branch); !ok {
			s.fail("branch", "unknown branch "+strconv.Quote(string(branch))+" (want one of "+branchList()+")")
			return
		}
	}
	if event != "" {
		rec.kind = recordSkip
		if event == "route" {
			rec.kind = recordRoute
			if !r.HasBranch {
				s.fail("branch", "missing")
			}
		}
		return
	}
	switch {
	case !hasCell:
		s.fail("cell", "missing")
	case !hasOrigin:
		s.fail("origin", "missing")
	}
}

// decodeHeader reads a Trace v1 header line.
func decodeHeader(s *scanner, rec *record) {
	format, version := "", ""
	s.object(func(key []byte) {
		switch string(key) {
		case "format":
			b, _ := s.rawString("format")
			format = string(b)
		case "version":
			version = string(s.literal())
		case "tick_rate":
			tok := s.literal()
			n, ok := parseTick(tok)
			if !ok || n < recording.MinTickRate || n > recording.MaxTickRate {
				s.fail("tick_rate", "want an integer from "+strconv.Itoa(recording.MinTickRate)+" to "+strconv.Itoa(recording.MaxTickRate)+", got "+quoteToken(tok))
			}
			rec.tickRate = n
		case "input":
			if s.isNull() {
				return
			}
			b, ok := s.rawString("input")
			if ok {
				rec.input, rec.hasInput = unescapeInput(b), true
			}
		default:
			s.skipMember(key)
		}
	})
	switch {
	case s.failed():
	case format != traceFormat:
		s.fail("format", strconv.Quote(format)+" is not "+strconv.Quote(traceFormat))
	case version != traceVersion:
		s.fail("version", "unsupported version "+quoteToken([]byte(version))+" (want 1)")
	case rec.tickRate == 0:
		s.fail("tick_rate", "missing")
	}
}

// unescapeInput decodes the header's "input" string (its escapes, as a
// file name may need them); one that does not decode is kept as written.
func unescapeInput(b []byte) string {
	var v string
	if json.Unmarshal(append(append([]byte{'"'}, b...), '"'), &v) != nil {
		return string(b)
	}
	return v
}

// id reads a guid or cell: a string "0x" and 1 to 8 hex digits.
func (s *scanner) id(field string) uint32 {
	if s.i < len(s.b) && s.b[s.i] == '"' {
		b, ok := s.rawString(field)
		if !ok {
			return 0
		}
		if v, ok := parseID(b); ok {
			return v
		}
		// The string's text, quoted once: got "80000A01" (docs/formats.md).
		got := `""`
		if len(b) > 0 {
			got = quoteToken(b)
		}
		s.fail(field, `want "0x" and 1 to 8 hex digits, got `+got)
		return 0
	}
	s.fail(field, `want a string "0x" and 1 to 8 hex digits, got `+quoteToken(s.literal()))
	return 0
}

func (s *scanner) float32(field string) float32 {
	tok := s.literal()
	v, ok := float32Of(tok)
	if !ok {
		s.fail(field, notANumber(tok, 32))
	}
	return v
}

func (s *scanner) boolean(field string) bool {
	switch tok := s.literal(); string(tok) {
	case "true":
		return true
	case "false":
		return false
	default:
		s.fail(field, "want true or false, got "+quoteToken(tok))
	}
	return false
}

// parseBranch names a route branch as Trace v1 does.
func parseBranch(b []byte) (physics.Route, bool) {
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		if r.String() == string(b) {
			return r, true
		}
	}
	return 0, false
}

func branchList() string {
	out := ""
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		if out != "" {
			out += ", "
		}
		out += r.String()
	}
	return out
}

var originFields = [3]string{"origin[0]", "origin[1]", "origin[2]"}

// origin reads [x, y, z].
func (s *scanner) origin(r *Row) {
	if !s.expect('[') {
		s.field = "origin"
		return
	}
	for k := 0; k < 3; k++ {
		if k > 0 && !s.expect(',') {
			s.field, s.problem = "origin", "want 3 numbers"
			return
		}
		s.ws()
		r.Origin[k] = s.float32(originFields[k])
		if s.failed() {
			return
		}
	}
	if !s.expect(']') {
		s.field, s.problem = "origin", "want 3 numbers"
	}
}

// unnamedField stands for an unknown member's key while its value is
// skipped: the key becomes a string only if the value is bad, so rows with
// members the reader does not use (Trace v1's "fail") allocate nothing. No
// key can spell it: a raw control character in a string is refused.
const unnamedField = "\x00member"

// skipMember consumes the value of the unknown member key.
func (s *scanner) skipMember(key []byte) {
	s.skip(unnamedField)
	if s.field == unnamedField {
		s.field = keyField(key)
	}
}

// keyField names an unknown member in an error ("json" for an empty key).
func keyField(key []byte) string {
	if len(key) == 0 {
		return "json"
	}
	return string(key)
}
