// Datagram JSON Lines: the public corpus of retail-client sessions
// (github.com/dereth-network/dereth, fixtures/packet-captures, MIT) keeps
// one JSON object per UDP datagram instead of a pcap —
//
//	{"t": 0.007451, "dir": "s2c", "pair": 1, "len": 52, "data": "0000…"}
//
// t is seconds from the first datagram, dir c2s or s2c, pair which of the
// server's two adjacent ports carried it (0 the login port, 1 the next one
// up), len the datagram's length and data its bytes in hex. The file has no
// addresses: the reader gives the client ClientEndpoint and the server
// ServerEndpoint's address at port DefaultPortLow + pair, so the AC layers
// above read it exactly as they read a pcap of the same datagrams. Every
// field is checked: a line that breaks a rule is bad input, an error naming
// the file, the line and the field (*LineError), never damage counted and
// skipped — a corpus file is written by a program, not captured off a wire.

package capture

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/netip"
	"time"
)

// The endpoints a datagram JSONL file's datagrams are given (TEST-NET-1
// addresses, RFC 5737: they name no real host).
var (
	ClientEndpoint = netip.MustParseAddrPort("192.0.2.1:49152")
	ServerAddr     = netip.MustParseAddr("192.0.2.2")
)

// Limits of the datagram JSON Lines format.
const (
	// MaxDatagram bounds a line's len: the largest UDP payload.
	MaxDatagram = 65507
	// maxDatagramLine bounds a line's bytes: the hex of the largest
	// datagram and room for the other fields.
	maxDatagramLine = 2*MaxDatagram + 4096
	// MaxPair bounds pair: the corpus uses the server's two adjacent ports.
	MaxPair = 1
	// MaxDatagramTime bounds t (seconds): a day, far beyond any session.
	MaxDatagramTime = 86400
)

// LineError is a datagram JSONL line that breaks the format: FILE:LINE:
// FIELD: problem. It is bad input (exit status 2).
type LineError struct {
	File    string
	Line    int
	Field   string
	Problem string
}

func (e *LineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Problem)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Problem)
}

// datagramLine is one line as written.
type datagramLine struct {
	T    *float64 `json:"t"`
	Dir  *string  `json:"dir"`
	Pair *int64   `json:"pair"`
	Len  *int64   `json:"len"`
	Data *string  `json:"data"`
}

// datagramFrames reads a datagram JSONL file line by line.
type datagramFrames struct {
	br    *bufio.Reader
	line  int
	lastT float64
	buf   []byte
	// err is the first line that broke the format (*LineError; its File
	// is filled in by the Reader).
	err error
}

// datagramKeys are the keys of a datagram line.
var datagramKeys = [...]string{"t", "dir", "pair", "len", "data"}

// firstKey is the first key of the JSON object head opens (after a byte
// order mark and white space), and whether head holds it whole; ok is false
// when head cannot open an object with a key.
func firstKey(head []byte) (key string, complete, ok bool) {
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	if len(head) == 0 {
		return "", false, true
	}
	if head[0] != '{' {
		return "", true, false
	}
	head = bytes.TrimLeft(head[1:], " \t\r\n")
	if len(head) == 0 {
		return "", false, true
	}
	if head[0] != '"' {
		return "", true, false
	}
	end := bytes.IndexByte(head[1:], '"')
	if end < 0 {
		return "", false, true
	}
	return string(head[1 : 1+end]), true, true
}

// IsDatagramJSONL says whether head, the first bytes of a file, opens a
// datagram JSON Lines file: its first object's first key is one of a
// datagram's (t, dir, pair, len, data) — a recording's header has none of
// them. The line itself is checked as it is read.
func IsDatagramJSONL(head []byte) bool {
	key, complete, ok := firstKey(head)
	if !ok || !complete {
		return false
	}
	for _, k := range datagramKeys {
		if key == k {
			return true
		}
	}
	return false
}

// PeekHead peeks at br until its first object's first key is whole (or
// limit bytes, or the end), waiting only for the bytes it needs: a file
// still being written (a followed one) is never waited on past them.
func PeekHead(br *bufio.Reader, limit int) []byte {
	limit = min(limit, br.Size())
	n := max(min(br.Buffered(), limit), 1)
	for {
		b, err := br.Peek(n)
		if _, complete, ok := firstKey(b); err != nil || !ok || complete || n >= limit {
			return b
		}
		n = min(max(n+1, br.Buffered()), limit)
	}
}

// next reads the next line's datagram; io.EOF at the end of the file, a
// *LineError for a line that breaks the format (kept in d.err).
func (d *datagramFrames) next() (datagram, error) {
	for {
		line, err := d.readLine()
		if err != nil {
			return datagram{}, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return d.parse(line)
	}
}

// readLine reads one line (without its newline), bounded by
// maxDatagramLine.
func (d *datagramFrames) readLine() ([]byte, error) {
	d.buf = d.buf[:0]
	for {
		chunk, err := d.br.ReadSlice('\n')
		if len(d.buf) == 0 && len(chunk) > 0 {
			d.line++
		}
		d.buf = append(d.buf, chunk...)
		if len(d.buf) > maxDatagramLine {
			return nil, d.fail("", fmt.Sprintf("line longer than %d bytes", maxDatagramLine))
		}
		switch err {
		case nil:
			return bytes.TrimSuffix(bytes.TrimSuffix(d.buf, []byte("\n")), []byte("\r")), nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			if len(d.buf) == 0 {
				return nil, io.EOF
			}
			return d.buf, nil
		default:
			return nil, err
		}
	}
}

func (d *datagramFrames) fail(field, problem string) error {
	d.err = &LineError{Line: d.line, Field: field, Problem: problem}
	return d.err
}

// parse checks one line and returns its datagram.
func (d *datagramFrames) parse(line []byte) (datagram, error) {
	var l datagramLine
	if err := json.Unmarshal(line, &l); err != nil {
		field := ""
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			field = te.Field
		}
		return datagram{}, d.fail(field, "not a datagram object: "+err.Error())
	}
	switch {
	case l.T == nil:
		return datagram{}, d.fail("t", "missing")
	case l.Dir == nil:
		return datagram{}, d.fail("dir", "missing")
	case l.Pair == nil:
		return datagram{}, d.fail("pair", "missing")
	case l.Len == nil:
		return datagram{}, d.fail("len", "missing")
	case l.Data == nil:
		return datagram{}, d.fail("data", "missing")
	}
	t := *l.T
	switch {
	case math.IsNaN(t) || math.IsInf(t, 0) || t < 0 || t > MaxDatagramTime:
		return datagram{}, d.fail("t", fmt.Sprintf("%v: want seconds in [0, %d]", t, MaxDatagramTime))
	case t < d.lastT:
		return datagram{}, d.fail("t", fmt.Sprintf("%v is before the previous line's %v: the lines must be in time order", t, d.lastT))
	}
	var toServer bool
	switch *l.Dir {
	case "c2s":
		toServer = true
	case "s2c":
	default:
		return datagram{}, d.fail("dir", fmt.Sprintf("%q: want \"c2s\" or \"s2c\"", *l.Dir))
	}
	if p := *l.Pair; p < 0 || p > MaxPair {
		return datagram{}, d.fail("pair", fmt.Sprintf("%d: want 0 (the login port) or 1 (the next one up)", p))
	}
	if n := *l.Len; n < 0 || n > MaxDatagram {
		return datagram{}, d.fail("len", fmt.Sprintf("%d: want 0–%d bytes", n, MaxDatagram))
	}
	hx := *l.Data
	if len(hx)%2 != 0 {
		return datagram{}, d.fail("data", fmt.Sprintf("%d hex digits: want an even number", len(hx)))
	}
	payload, err := hex.DecodeString(hx)
	if err != nil {
		return datagram{}, d.fail("data", "not hex: "+err.Error())
	}
	if int64(len(payload)) != *l.Len {
		return datagram{}, d.fail("len", fmt.Sprintf("%d, but data holds %d bytes", *l.Len, len(payload)))
	}
	d.lastT = t
	server := netip.AddrPortFrom(ServerAddr, DefaultPortLow+uint16(*l.Pair))
	src, dst := server, ClientEndpoint
	if toServer {
		src, dst = ClientEndpoint, server
	}
	return datagram{
		frame:   d.line,
		ts:      time.Unix(0, 0).UTC().Add(time.Duration(math.Round(t * 1e9))),
		srcIP:   src.Addr().As4(),
		dstIP:   dst.Addr().As4(),
		srcPort: src.Port(),
		dstPort: dst.Port(),
		payload: payload,
	}, nil
}
