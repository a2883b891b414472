// Reader: a client trace streamed one tick at a time. The format is told
// from the first line; rows must come in tick order (ticks never decrease)
// and an object has at most one row per tick. Rows that give "t" are mapped
// to the nearest tick at the recording's tick rate, round(t × rate); a row
// that maps to a tick its object already has is skipped and counted.

package clienttrace

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/internal/inputfile"
)

// Format is a client trace's spelling.
type Format uint8

// Formats.
const (
	FormatJSONL Format = iota + 1
	FormatCSV
	FormatTrace
)

// String names the format.
func (f Format) String() string {
	switch f {
	case FormatJSONL:
		return "client trace v1 (JSONL)"
	case FormatCSV:
		return "client trace v1 (CSV)"
	case FormatTrace:
		return "Glidepath trace v1"
	}
	return "unknown"
}

// Reader reads a client trace.
type Reader struct {
	name   string
	br     *bufio.Reader
	closer []io.Closer
	rate   int

	format Format
	csv    csvLayout
	s      scanner
	rec    record
	kind   recordKind
	line   int
	err    error

	// pending is the first row of the next tick, read ahead.
	pending    Row
	hasPending bool
	// prevTick, prevT, prevLine are the last state row's, for the order
	// check; usesT says the rows give "t" (decided by the first row).
	prevTick int
	prevT    float64
	prevLine int
	rows     int
	usesT    bool
	skipped  int

	// group finds a guid among the rows of the tick being returned.
	group groupIndex
	// cache keeps the fixed layout's parts of the previous tick's rows.
	cache fixedCache

	// input, inputLine are a Trace v1 header's "input" and its line
	// (hasInput when the header gave one).
	input     string
	inputLine int
	hasInput  bool

	// general turns the fixed layout off (tests compare the two paths).
	general bool

	// onRow, when set, sees each state row as it is read (OnRow).
	onRow func(*Row)
}

// OnRow sets fn to be handed each state row as soon as it is read, before
// the tick it belongs to is known to be complete (NextTick returns a tick
// only once the next tick's first row, or the end, is read): a follower of
// a trace still being written (viewer live) looks at the last tick's rows
// while the writer has not begun the next. fn runs on the goroutine
// reading the trace and must not keep row.
func (r *Reader) OnRow(fn func(row *Row)) { r.onRow = fn }

// Open opens the client trace at path (gzip when it starts with gzip's
// magic number or its name ends in ".gz"). tickRate is the recording's,
// used to map "t" to ticks (0: rows giving "t" are an error). "-" is
// standard input; a FIFO or other stream is read as it comes. A regular
// file is read as a stream too, through read(2) into the reader's buffer,
// not mapped: on a 2.77 GB trace the first touch of the mapped pages cost
// 2.4 CPU s of the reader's 3.9, reading them 0.45 s (docs/benchmarks.md,
// "The diff's reading").
func Open(path string, tickRate int) (*Reader, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	r, err := NewReader(path, f, tickRate)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.closer = append(r.closer, f)
	return r, nil
}

// NewReader reads a client trace from src; gzip's magic number (peeked) or
// a name ending in ".gz" decides gzip, and name names the file in errors.
func NewReader(name string, src io.Reader, tickRate int) (*Reader, error) {
	r := &Reader{name: name, rate: tickRate}
	peek := bufio.NewReaderSize(src, MaxLineBytes)
	src = peek
	if strings.HasSuffix(name, ".gz") || inputfile.IsGzip(peek) {
		zr, err := gzip.NewReader(src)
		if err != nil {
			return nil, &Error{File: name, Line: 1, Field: "read", Problem: inputfile.ReadProblem(err)}
		}
		r.closer = append(r.closer, zr)
		src = zr
	}
	r.br = bufio.NewReaderSize(src, MaxLineBytes)
	return r, nil
}

// Close closes the file Open opened.
func (r *Reader) Close() error {
	var err error
	for i := len(r.closer) - 1; i >= 0; i-- {
		err = errors.Join(err, r.closer[i].Close())
	}
	r.closer = nil
	return err
}

// Name is the file name errors give.
func (r *Reader) Name() string { return r.name }

// Format is the trace's spelling, known once the first line is read (after
// the first NextTick).
func (r *Reader) Format() Format { return r.format }

// UsesTime reports whether the rows give "t" (mapped to ticks) rather than
// "tick".
func (r *Reader) UsesTime() bool { return r.usesT }

// TickRate is the rate "t" is mapped with.
func (r *Reader) TickRate() int { return r.rate }

// Skipped is the number of rows skipped so far because their "t" mapped to
// a tick their object already had.
func (r *Reader) Skipped() int { return r.skipped }

// Input is the input a Trace v1 file's header names (its "input") and the
// header's line; ok is false for other spellings, and for a header without
// one. It is known once the first line is read (after the first NextTick).
func (r *Reader) Input() (input string, line int, ok bool) {
	return r.input, r.inputLine, r.hasInput
}

// Rows is the number of state rows read so far (skipped ones included).
func (r *Reader) Rows() int { return r.rows }

// NextTick appends to dst[:0] the rows of the next tick the trace has and
// returns them; io.EOF when there are no more. Rows keep their file order.
func (r *Reader) NextTick(dst []Row) ([]Row, error) {
	return r.AppendTick(dst[:0])
}

// AppendTick is NextTick appending to dst as it is: the rows of the next
// tick are dst[len(dst):] of the result. On an error dst comes back as it
// was given.
func (r *Reader) AppendTick(dst []Row) ([]Row, error) {
	dst, _, err := r.AppendTicks(dst, nil, 1)
	return dst, err
}

// AppendTicks appends whole ticks to dst, and each tick's end (an index
// of the result) to ends, until at least minRows rows are appended or the
// trace ends. Rows are decoded where they are kept, in dst, so a batch of
// many ticks costs no copy per row. At the end of the trace the last ticks
// come back with a nil error and the next call gives io.EOF; on an error
// the whole ticks before it come back with the error.
func (r *Reader) AppendTicks(dst []Row, ends []int, minRows int) ([]Row, []int, error) {
	return r.appendTicks(dst, ends, minRows)
}

func (r *Reader) appendTicks(dst []Row, ends []int, minRows int) ([]Row, []int, error) {
	base := len(dst)
	if r.err != nil {
		return dst, ends, r.err
	}
	// start is the first row of the tick being gathered.
	start := len(dst)
	if r.hasPending {
		dst = append(dst, r.pending)
		r.hasPending = false
	} else {
		dst = grow(dst)
		if !r.readRow(&dst[start]) {
			return dst[:start], ends, r.err
		}
		if r.onRow != nil {
			r.onRow(&dst[start])
		}
	}
	tick := dst[start].Tick
	r.group.reset()
	r.group.add(dst[start].GUID)
	for {
		n := len(dst)
		dst = grow(dst)
		row := &dst[n]
		if !r.readRecord(row) {
			if r.err == io.EOF {
				return dst[:n], append(ends, n), nil
			}
			return dst[:start], ends, r.err
		}
		switch r.kind {
		case recordRoute:
			if i, ok := r.group.find(row.GUID); ok && row.Tick == tick {
				dst[start+i].Branch, dst[start+i].HasBranch = row.Branch, true
			}
			dst = dst[:n]
			continue
		case recordSkip, recordHeader:
			dst = dst[:n]
			continue
		}
		if row.Tick != tick {
			if r.onRow != nil {
				r.onRow(row)
			}
			ends = append(ends, n)
			if n-base >= minRows {
				r.pending, r.hasPending = *row, true
				return dst[:n], ends, nil
			}
			start, tick = n, row.Tick
			r.group.reset()
			r.group.add(row.GUID)
			continue
		}
		if i, dup := r.group.add(row.GUID); dup {
			if !row.HasT {
				r.fail(row.Line, "guid", hexid.String(row.GUID)+" already has a row at tick "+
					strconv.Itoa(tick)+" (line "+strconv.Itoa(dst[start+i].Line)+")")
				return dst[:start], ends, r.err
			}
			r.skipped++
			dst = dst[:n]
		} else if r.onRow != nil {
			r.onRow(row)
		}
	}
}

// grow extends dst by one row, whose contents are left to the caller.
func grow(dst []Row) []Row {
	if len(dst) < cap(dst) {
		return dst[:len(dst)+1]
	}
	return append(dst, Row{})
}

// readRow reads records up to the next state row into row.
func (r *Reader) readRow(row *Row) bool {
	for r.readRecord(row) {
		if r.kind == recordRow {
			return true
		}
	}
	return false
}

// readRecord reads and decodes the next non-blank line, checking the order
// of state rows; r.kind says what it was, and a state row or route event
// is decoded into row. False at the end (r.err io.EOF) or on an error.
func (r *Reader) readRecord(row *Row) bool {
	for {
		// A row in the fixed layout is decoded where it lies in the
		// buffer, its end found by the decoding rather than by a search
		// for the newline first; it must end its line. Only what is
		// already buffered is looked at (Peek does no reading, so a read
		// error stays for ReadSlice to report), and anything else —
		// other spellings, a row cut by the buffer's end, a CRLF line —
		// takes the line-by-line path below.
		if (r.format == FormatTrace || r.format == FormatJSONL) && !r.general {
			buf, _ := r.br.Peek(r.br.Buffered())
			kind, n := r.cache.decode(buf, row)
			if (kind == fixedState || kind == fixedRoute) && n < len(buf) && buf[n] == '\n' {
				r.br.Discard(n + 1)
				r.line++
				row.Line = r.line
				if kind == fixedRoute {
					r.kind = recordRoute
					return true
				}
				r.kind = recordRow
				return r.order(row, true)
			}
			// Another event of a Trace v1 file: skipped as the line path
			// below skips it (the fixed layout's words hold no newline, so
			// they match within the line or not at all).
			if kind == fixedEvent && r.format == FormatTrace {
				if k := bytes.IndexByte(buf[:min(len(buf), MaxLineBytes)], '\n'); k >= 0 {
					line := buf[:k]
					for len(line) > 0 && line[len(line)-1] == '\r' {
						line = line[:len(line)-1]
					}
					if skippedEventAt(line, n) {
						r.br.Discard(k + 1)
						r.line++
						r.kind = recordSkip
						return true
					}
				}
			}
		}
		line, err := r.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			r.fail(r.line+1, "read", "line longer than "+strconv.Itoa(MaxLineBytes)+" bytes")
			return false
		}
		if err != nil && err != io.EOF {
			r.fail(r.line+1, "read", inputfile.ReadProblem(err))
			return false
		}
		if len(line) == 0 && err == io.EOF {
			if r.format == 0 {
				r.fail(1, "header", "missing: the file is empty")
				return false
			}
			r.err = io.EOF
			return false
		}
		r.line++
		for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
			line = line[:len(line)-1]
		}
		if r.line == 1 {
			// A UTF-8 byte order mark (a Windows writer's: .NET's
			// Encoding.UTF8, PowerShell's utf8) is not part of the first
			// line's text: JSON may be read without it (RFC 8259 §8.1),
			// and a CSV header's first column is named without it.
			line = bytes.TrimPrefix(line, utf8BOM)
		}
		if (r.format == FormatTrace || r.format == FormatJSONL) && !r.general {
			switch decodeFixed(line, row) {
			case fixedState:
				r.kind, row.Line = recordRow, r.line
				return r.order(row, true)
			case fixedRoute:
				r.kind, row.Line = recordRoute, r.line
				return true
			case fixedEvent:
				if r.format == FormatTrace && skippedEvent(line) {
					r.kind = recordSkip
					return true
				}
			}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if r.format == 0 {
			if r.sniff(line) {
				continue
			}
			if r.err != nil {
				return false
			}
		}
		if r.format == FormatTrace && skippedEvent(line) {
			r.kind = recordSkip
			return true
		}
		r.s = scanner{b: line}
		if r.format == FormatCSV {
			decodeCSV(&r.s, &r.csv, line, &r.rec)
		} else {
			decodeJSON(&r.s, false, &r.rec)
		}
		if r.s.failed() {
			r.fail(r.line, r.s.field, r.s.problem)
			return false
		}
		r.kind = r.rec.kind
		if r.kind == recordRow || r.kind == recordRoute {
			r.rec.row.Line = r.line
			if !r.order(&r.rec.row, r.kind == recordRow) {
				return false
			}
			*row = r.rec.row
		}
		return true
	}
}

// utf8BOM is the UTF-8 encoding of U+FEFF, the byte order mark.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// sniff decides the format from the first line; true when the line was a
// header (a CSV header row or a Trace v1 header) and is consumed.
func (r *Reader) sniff(line []byte) bool {
	trimmed := bytes.TrimSpace(line)
	switch {
	case trimmed[0] == '{' && bytes.Contains(line, []byte(`"format"`)):
		r.format = FormatTrace
		var rec record
		r.s = scanner{b: line}
		decodeJSON(&r.s, true, &rec)
		if r.s.failed() {
			r.fail(r.line, r.s.field, r.s.problem)
			return false
		}
		if r.rate != 0 && rec.tickRate != r.rate {
			r.fail(r.line, "tick_rate", strconv.Itoa(rec.tickRate)+" is not the recording's "+strconv.Itoa(r.rate))
			return false
		}
		r.rate = rec.tickRate
		r.input, r.inputLine, r.hasInput = rec.input, r.line, rec.hasInput
		return true
	case trimmed[0] == '{':
		r.format = FormatJSONL
		return false
	default:
		r.format = FormatCSV
		if what := inputfile.NotText(line); what != "" {
			r.fail(r.line, "header", "the file is "+what+", not a client trace (JSON Lines, CSV or a Glidepath trace)")
			return false
		}
		if field, problem := parseCSVHeader(line, &r.csv); problem != "" {
			r.fail(r.line, field, problem)
			return false
		}
		return true
	}
}

// order maps "t" to a tick and checks rows come in tick order, all giving
// "tick" or all giving "t".
func (r *Reader) order(row *Row, state bool) bool {
	if row.HasT {
		if r.rate <= 0 {
			r.fail(row.Line, "t", "no tick rate to map seconds to ticks")
			return false
		}
		row.Tick = int(math.Round(row.T * float64(r.rate)))
	}
	if !state {
		return true
	}
	if r.rows == 0 {
		r.usesT = row.HasT
	} else if row.HasT != r.usesT {
		field, want := "tick", `"t"`
		if row.HasT {
			field, want = "t", `"tick"`
		}
		r.fail(row.Line, field, "the rows before give "+want+" (line "+strconv.Itoa(r.prevLine)+"); give one or the other on every row")
		return false
	}
	if r.rows > 0 {
		if row.HasT && row.T < r.prevT {
			r.fail(row.Line, "t", strconv.FormatFloat(row.T, 'g', -1, 64)+" is less than the previous row's t "+
				strconv.FormatFloat(r.prevT, 'g', -1, 64)+" (line "+strconv.Itoa(r.prevLine)+")")
			return false
		}
		if !row.HasT && row.Tick < r.prevTick {
			r.fail(row.Line, "tick", strconv.Itoa(row.Tick)+" is less than the previous row's tick "+
				strconv.Itoa(r.prevTick)+" (line "+strconv.Itoa(r.prevLine)+")")
			return false
		}
	}
	r.rows++
	r.prevTick, r.prevT, r.prevLine = row.Tick, row.T, row.Line
	return true
}

func (r *Reader) fail(line int, field, problem string) {
	if r.err == nil || r.err == io.EOF {
		r.err = &Error{File: r.name, Line: line, Field: field, Problem: problem}
	}
}

var (
	eventKey   = []byte(`"event":"`)
	routeEvent = []byte(`"event":"route"`)
)

// skippedEvent reports a Trace v1 event row of a kind other than route,
// which is skipped unread (Trace v1: a reader skips what it does not use).
// A writer puts "event" right after the tick and guid, within the first
// 64 bytes, so only those are searched; a row spelled otherwise is decoded.
func skippedEvent(line []byte) bool {
	head := line[:min(len(line), 64)]
	// The route key begins with the event key, so it can only be found
	// from the event key's first place on.
	i := bytes.Index(head, eventKey)
	return i >= 0 && !bytes.Contains(head[i:], routeEvent)
}

// skippedEventAt is skippedEvent of a line whose first "event" key is at
// at (the fixed layout found it there: its words before hold no key).
func skippedEventAt(line []byte, at int) bool {
	head := line[:min(len(line), 64)]
	if at+len(eventKey) > len(head) {
		return skippedEvent(line)
	}
	return !bytes.Contains(head[at:], routeEvent)
}

// groupIndex finds a guid among the rows of the tick being read, and tells
// a guid given twice. Most traces list the objects in the same order every
// tick: while a tick repeats the previous tick's order (whose guids were
// distinct) nothing needs looking up; from the first row out of that order
// a map takes over.
type groupIndex struct {
	prev, cur []uint32
	inOrder   bool
	m         map[uint32]int
	// seen is where find last found each guid while the rows were in
	// order: a crowd's objects keep their row from tick to tick, so a
	// route event's object is looked up there first (checked against
	// cur) rather than searched for among a thousand rows.
	seen map[uint32]int
}

// maxSeen bounds the guids find remembers.
const maxSeen = 1 << 16

func (g *groupIndex) reset() {
	g.prev, g.cur = g.cur, g.prev[:0]
	g.inOrder = true
}

// add records the next row's guid; dup reports it was already given, at
// row i.
func (g *groupIndex) add(guid uint32) (i int, dup bool) {
	n := len(g.cur)
	if g.inOrder {
		if n < len(g.prev) && g.prev[n] == guid {
			g.cur = append(g.cur, guid)
			return 0, false
		}
		g.inOrder = false
		if g.m == nil {
			g.m = make(map[uint32]int)
		}
		clear(g.m)
		for k, x := range g.cur {
			g.m[x] = k
		}
	}
	if k, ok := g.m[guid]; ok {
		return k, true
	}
	g.m[guid] = n
	g.cur = append(g.cur, guid)
	return 0, false
}

// find returns the row of guid in the tick.
func (g *groupIndex) find(guid uint32) (int, bool) {
	if !g.inOrder {
		k, ok := g.m[guid]
		return k, ok
	}
	if k, ok := g.seen[guid]; ok && k < len(g.cur) && g.cur[k] == guid {
		return k, true
	}
	for k, x := range g.cur {
		if x == guid {
			if g.seen == nil || len(g.seen) >= maxSeen {
				g.seen = make(map[uint32]int)
			}
			g.seen[guid] = k
			return k, true
		}
	}
	return 0, false
}
