// The fixed layout against the general scan: every row shape — the writer's
// own rows, client rows in the same order, and rows that nearly match the
// layout — reads the same both ways, rows and errors alike.

package clienttrace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// fixedShapes are lines the fixed layout must take, then lines that nearly
// match it and must go to the general scan (or be read the same by both).
var fixedShapes = []string{
	// The writer's state row, and the optional members left out in turn.
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[113.06543,175.7523,0],"heading":326,"queue":0,"fail":0,"contact":true}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[-0.5,175.7523,12.25],"heading":52.999996,"queue":3,"fail":2,"contact":false}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[113.06543,175.7523,0]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xa8b30028","origin":[113.06543,175.7523,0],"queue":2,"contact":true}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"heading":90,"queue":1,"contact":true,"branch":"interpolate"}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"branch":"teleport"}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[0.00012345679,191.99998,-0],"heading":359.99997}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1234567.5,1234567.25,123456789012345],"heading":1}`,
	`{"tick":0012,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	// Route events and other events.
	`{"tick":12,"guid":"0x80400001","event":"route","branch":"interpolate"}`,
	`{"tick":12,"guid":"0x80400001","event":"route","branch":"stale_position"}`,
	`{"tick":12,"guid":"0x80400001","event":"enqueue","branch":"far","pruned":0,"evicted":0}`,
	`{"tick":12,"guid":"0x80400001","event":"stall_window","pass":false,"cumulative":0.5,"progress_quantum":0.25}`,
	// Nearly the layout.
	`{"tick": 12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0x8040001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0x804000011","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0x8040000G","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0X80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"cell":"0xA8B30028","guid":"0x80400001","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3,4]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1e2,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[12345678.5,16777217,3],"heading":1}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"heading":16777217}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1.5E-7,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[01,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1.,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[.5,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[+1,2,3]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3.0000000000000001]}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1.0000000000000001,2,3],"heading":1}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,-],"heading":1}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,"NaN"],"heading":1}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"heading":null}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"heading":1,"heading":2}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"queue":1,"heading":2}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"queue":1048577}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"queue":-1}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"fail":x}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"contact":True}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"contact":truex}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"branch":"sideways"}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"branch":"interp\u006flate"}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]} `,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}}`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]`,
	`{"tick":12,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3],"t":1}`,
	`{"tick":99999999999,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":20736001,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":-1,"guid":"0x80400001","cell":"0xA8B30028","origin":[1,2,3]}`,
	`{"tick":12,"guid":"0x80400001","event":"route","branch":"sideways"}`,
	`{"tick":12,"guid":"0x80400001","event":"route"}`,
	`{"tick":12,"guid":"0x80400001","event":"route","branch":"airborne","x":1}`,
	`{"tick":12,"guid":"0x80400001","event":"routed","branch":"airborne"}`,
	`{"tick":12,"guid":"0x80400001","event":"","branch":"airborne"}`,
	`{"tick":12,"guid":"0x80400001","event":"blip","x":{"event":"route"}}`,
	`{"tick":1,"guid":"0x80400001","event":"b","k":{"event":"route"}}`,
	`{"tick":1,"guid":"0x80400001","event":"b","k":{"event":"routeX"}}`,
}

// readBothWays reads a whole trace with or without the fixed layout: every tick
// and the error it stopped with, as text.
func readBothWays(t testing.TB, name string, data []byte, general bool) string {
	t.Helper()
	return readChunked(t, name, data, general, 0)
}

// chunkReader hands out at most n bytes a read, so rows are cut where a
// read ends.
type chunkReader struct {
	data []byte
	n    int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
	return k, nil
}

// readChunked is readBothWays reading chunk bytes at a time (0: all).
func readChunked(t testing.TB, name string, data []byte, general bool, chunk int) string {
	t.Helper()
	var src io.Reader = bytes.NewReader(data)
	if chunk > 0 {
		src = &chunkReader{data: data, n: chunk}
	}
	r, err := NewReader(name, src, 30)
	if err != nil {
		t.Fatal(err)
	}
	r.general = general
	return readAllOf(t, r)
}

const traceHeader = `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"x.jsonl"}` + "\n"

func TestFixed_AgreesWithGeneralOnEveryShape(t *testing.T) {
	for i, line := range fixedShapes {
		for _, header := range []string{"", traceHeader} {
			// The line alone, then after a good row of the same tick (a
			// route event names a row of its tick).
			for _, before := range []string{"", strings.Replace(fixedShapes[0], `"0x80400001"`, `"0x80400002"`, 1) + "\n"} {
				data := []byte(header + before + line + "\n")
				fixed, general := readBothWays(t, "shape.jsonl", data, false), readBothWays(t, "shape.jsonl", data, true)
				if fixed != general {
					t.Errorf("shape %d (%s), header %t:\nfixed:\n%s\ngeneral:\n%s", i, line, header != "", fixed, general)
				}
			}
		}
	}
}

func TestFixed_TakesTheWritersRows(t *testing.T) {
	// The shapes before the near misses are the fixed layout's own.
	for _, line := range fixedShapes[:13] {
		var row Row
		if got := decodeFixed([]byte(line), &row); got == fixedNo {
			t.Errorf("%s: left to the general scan", line)
		}
	}
	// And every row of a trace the engine wrote.
	data, err := os.ReadFile("../testdata/steady_walk.trace.golden")
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	for _, line := range lines[1:] {
		var row Row
		if decodeFixed(line, &row) == fixedNo {
			t.Errorf("%s: left to the general scan", line)
		}
	}
	if fixed, general := readBothWays(t, "walk.trace", data, false), readBothWays(t, "walk.trace", data, true); fixed != general {
		t.Errorf("the trace reads differently:\nfixed:\n%s\ngeneral:\n%s", fixed, general)
	}
}

// TestFixed_RowsCutByReads: rows the buffer holds only part of are read
// line by line, the same as whole ones.
func TestFixed_RowsCutByReads(t *testing.T) {
	data, err := os.ReadFile("../testdata/steady_walk.trace.golden")
	if err != nil {
		t.Fatal(err)
	}
	// A last row without a newline.
	data = append(data, `{"tick":99999,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[90,90,0],"heading":90.00001,"queue":0,"fail":0,"contact":true}`...)
	want := readChunked(t, "walk.trace", data, true, 0)
	if !strings.Contains(want, "Tick:99999") || !strings.Contains(want, "end: EOF") {
		t.Fatalf("the trace does not read to its last row:\n%s", want)
	}
	for _, chunk := range []int{1, 7, 64, 100, 129, 1000} {
		if got := readChunked(t, "walk.trace", data, false, chunk); got != want {
			t.Errorf("read %d bytes at a time:\n%s\nwant\n%s", chunk, got, want)
		}
	}
}

func TestFixedFloat_AgreesWithStrconv(t *testing.T) {
	// Short and long lines (the byte-at-a-time and 8-byte paths), values
	// as the writer prints them and as people write them.
	for _, tok := range []string{"0", "-0", "1", "90", "90.041664", "-91.25", "0.5", "191.99998", "7.2057594e+16",
		"1234567", "12345678", "123456789", "0.1234567", "0.12345678", "1.5", "16777217", "0.000001", "99999.99"} {
		for _, pad := range []string{"", ",00000000000000000"} {
			line := []byte(tok + pad)
			got, end, ok := fixedFloat(line, 0)
			if !ok || end != len(tok) {
				continue // left to the general scan
			}
			want, err := strconv.ParseFloat(tok, 32)
			if err != nil || math.Float32bits(got) != math.Float32bits(float32(want)) {
				t.Errorf("%q: fixed %v, strconv %v (%v)", tok, got, float32(want), err)
			}
		}
	}
}

// FuzzFixedRow: a line the fixed layout takes is a line the general scan
// reads without error into the same row; a number it takes is the number
// strconv reads.
func FuzzFixedRow(f *testing.F) {
	for _, line := range fixedShapes {
		f.Add([]byte(line))
	}
	if data, err := os.ReadFile("../testdata/steady_walk.trace.golden"); err == nil {
		for _, line := range bytes.Split(data, []byte("\n"))[1:8] {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var row Row
		kind := decodeFixed(line, &row)
		if kind == fixedState || kind == fixedRoute {
			var rec record
			s := scanner{b: line}
			decodeJSON(&s, false, &rec)
			if s.failed() {
				t.Fatalf("%s: fixed layout took it, the general scan refused it: %s: %s", line, s.field, s.problem)
			}
			want := map[fixedResult]recordKind{fixedState: recordRow, fixedRoute: recordRoute}[kind]
			if rec.kind != want || rec.row != row {
				t.Fatalf("%s:\nfixed   %d %+v\ngeneral %d %+v", line, kind, row, rec.kind, rec.row)
			}
		}
		// Numbers: the token up to the first byte that is not a number's.
		for i := 0; i < len(line); i++ {
			v, end, ok := fixedFloat(line, i)
			if !ok {
				continue
			}
			tok := line[i:end]
			want, wok := float32Of(tok)
			if !wok || math.Float32bits(v) != math.Float32bits(want) {
				t.Fatalf("%q: fixed %v, float32Of %v %t", tok, v, want, wok)
			}
			if end < len(line) && !literalEnd[line[end]] {
				continue
			}
			if p, err := strconv.ParseFloat(string(tok), 32); err != nil || float32(p) != v {
				t.Fatalf("%q: fixed %v, strconv %v %v", tok, v, p, err)
			}
		}
	})
}

// TestFixed_ErrorsNameTheLine: a bad row after fixed-layout rows is still
// reported at its own line by the general scan.
func TestFixed_ErrorsNameTheLine(t *testing.T) {
	data := traceHeader + fixedShapes[0] + "\n" + strings.Replace(fixedShapes[0], `"tick":12`, `"tick":11`, 1) + "\n"
	r, err := NewReader("order.trace", strings.NewReader(data), 30)
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for err == nil {
		rows, err = r.NextTick(rows)
	}
	var e *Error
	if !errors.As(err, &e) || e.Line != 3 || e.Field != "tick" {
		t.Fatalf("got %v, want order.trace:3: tick: …", err)
	}
}

// TestFixedFloat_RandomDecimals: a million decimals — float32s as the
// writer prints them and random digit strings of every length the fixed
// layout takes — read as strconv reads them (or are left to it).
func TestFixedFloat_RandomDecimals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	taken := 0
	for k := 0; k < n; k++ {
		var tok string
		if k%2 == 0 {
			f := math.Float32frombits(rng.Uint32())
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				continue
			}
			if k%4 == 0 {
				f = float32(rng.Float64()*400 - 200)
			}
			tok = strconv.FormatFloat(float64(f), 'g', -1, 32)
		} else {
			intDigits, fracDigits := 1+rng.IntN(9), rng.IntN(10)
			tok = strconv.FormatUint(rng.Uint64N(uint64(pow10[intDigits])), 10)
			if fracDigits > 0 {
				tok += "." + fmt.Sprintf("%0*d", fracDigits, rng.Uint64N(uint64(pow10[fracDigits])))
			}
		}
		for _, line := range []string{tok + "]", tok + `,"heading":90,"queue":0}`} {
			got, end, ok := fixedFloat([]byte(line), 0)
			if !ok || end != len(tok) {
				continue
			}
			taken++
			want, err := strconv.ParseFloat(tok, 32)
			if err != nil || math.Float32bits(got) != math.Float32bits(float32(want)) {
				t.Fatalf("%q: fixed %v (%08x), strconv %v (%08x)", tok, got, math.Float32bits(got), float32(want), math.Float32bits(float32(want)))
			}
		}
	}
	if taken < n/2 {
		t.Errorf("the fixed layout took only %d of %d numbers", taken, 2*n)
	}
}

// TestFixedFloat_NearMidpoints: decimals of 15 digits a hair from a
// midpoint between two float32s — where a float64 rounding error would
// change the float32 — read as strconv reads them.
func TestFixedFloat_NearMidpoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 200_000; k++ {
		f := float32(rng.Float64() * 999)
		mid := (float64(f) + float64(math.Nextafter32(f, float32(math.Inf(1))))) / 2
		for _, digits := range []int{9, 12, 14, 15} {
			tok := strconv.FormatFloat(mid, 'g', digits, 64)
			if strings.ContainsAny(tok, "e") {
				continue
			}
			line := []byte(tok + `,"heading":90,"queue":0,"fail":0}`)
			got, end, ok := fixedFloat(line, 0)
			if !ok || end != len(tok) {
				continue
			}
			want, err := strconv.ParseFloat(tok, 32)
			if err != nil || math.Float32bits(got) != math.Float32bits(float32(want)) {
				t.Fatalf("%q: fixed %v, strconv %v", tok, got, float32(want))
			}
		}
	}
}
