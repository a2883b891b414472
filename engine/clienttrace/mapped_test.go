// A trace read through its map reads as through bufio: the same rows and
// the same errors at the same lines, lines at MaxLineBytes included.

package clienttrace

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAllOf reads r to its end: every row and the error it stopped with.
func readAllOf(t testing.TB, r *Reader) string {
	t.Helper()
	var out strings.Builder
	var rows []Row
	var err error
	for {
		rows, err = r.NextTick(rows)
		if err != nil {
			fmt.Fprintf(&out, "end: %v (skipped %d, rows %d)\n", err, r.Skipped(), r.Rows())
			return out.String()
		}
		for _, row := range rows {
			fmt.Fprintf(&out, "%+v %08x %08x %08x %08x\n", row, math.Float32bits(row.Origin[0]), math.Float32bits(row.Origin[1]),
				math.Float32bits(row.Origin[2]), math.Float32bits(row.Heading))
		}
	}
}

// mappedAndRead reads data from a file (mapped) and through bufio.
func mappedAndRead(t *testing.T, data []byte) (mapped, read string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "client.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, 30)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(data) > 0 && r.m == nil && mapsFiles {
		t.Fatal("a regular file was not mapped")
	}
	br, err := NewReader(path, bytes.NewReader(data), 30)
	if err != nil {
		t.Fatal(err)
	}
	return readAllOf(t, r), readAllOf(t, br)
}

func TestMapped_ReadsAsBufio(t *testing.T) {
	walk, err := os.ReadFile("../testdata/steady_walk.trace.golden")
	if err != nil {
		t.Fatal(err)
	}
	row := `{"tick":99999,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[90,90,0],"heading":90.00001,"queue":0,"fail":0,"contact":true}`
	long := func(n int) string { // a row of n bytes (without its newline)
		head := `{"tick":99999,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[90,90,0],"x":"`
		return head + strings.Repeat("a", n-len(head)-2) + `"}`
	}
	cases := map[string]string{
		"walk":               string(walk),
		"no last newline":    string(walk) + row,
		"crlf":               strings.ReplaceAll(string(walk), "\n", "\r\n"),
		"blank lines":        strings.ReplaceAll(string(walk), "\n", "\n\n"),
		"empty":              "",
		"line at the limit":  string(walk) + long(MaxLineBytes-1) + "\n" + row + "\n",
		"line over it":       string(walk) + long(MaxLineBytes) + "\n" + row + "\n",
		"last line at it":    string(walk) + long(MaxLineBytes),
		"last line under it": string(walk) + long(MaxLineBytes-1),
		"csv":                "tick,guid,cell,x,y,z\n0,0x80000A01,0xA9B4001C,1,2,3\n1,0x80000A01,0xA9B4001C,1,2,x\n",
	}
	for i, shape := range fixedShapes {
		cases[fmt.Sprint("shape ", i)] = traceHeader + row + "\n" + shape + "\n" + row + "\n"
	}
	for name, data := range cases {
		mapped, read := mappedAndRead(t, []byte(data))
		if mapped != read {
			t.Errorf("%s: mapped:\n%.2000s\nread:\n%.2000s", name, mapped, read)
		}
	}
}

// A file cut short while mapped: an error, not a crash.
func TestMapped_FileCutShort(t *testing.T) {
	if !mapsFiles {
		t.Skip("files are not mapped here")
	}
	row := `{"tick":%d,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[90,90,0],"heading":90.00001,"queue":0,"fail":0,"contact":true}` + "\n"
	var b bytes.Buffer
	for k := 0; b.Len() < 1<<20; k++ {
		fmt.Fprintf(&b, row, k)
	}
	path := filepath.Join(t.TempDir(), "client.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, 30)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.NextTick(nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for {
		if rows, err = r.NextTick(rows); err != nil {
			break
		}
	}
	if !strings.Contains(err.Error(), "the file changed while it was read") {
		t.Fatalf("error %v, want the file changed", err)
	}
}

// A file cut short within its last page while mapped: the rest of that
// page reads as zeros, not a fault, and the error they cause is reported as
// the file's having changed, not as what the zeros spell.
func TestMapped_CutInTheLastPage(t *testing.T) {
	if !mapsFiles {
		t.Skip("files are not mapped here")
	}
	row := `{"tick":%d,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[90,90,0],"heading":90.00001,"queue":0,"fail":0,"contact":true}` + "\n"
	var b bytes.Buffer
	for k := 0; b.Len() < 1<<16; k++ {
		fmt.Fprintf(&b, row, k)
	}
	path := filepath.Join(t.TempDir(), "client.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, 30)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cut := b.Len() - 50 // mid-row, in the last page
	if err := os.Truncate(path, int64(cut)); err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for {
		if rows, err = r.NextTick(rows); err != nil {
			break
		}
	}
	want := fmt.Sprintf("read: the file changed while it was read: cut to %d bytes from %d", cut, b.Len())
	lastLine := bytes.Count(b.Bytes(), []byte("\n"))
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), fmt.Sprintf("client.jsonl:%d:", lastLine)) {
		t.Fatalf("error %v, want line %d and %q", err, lastLine, want)
	}
	if _, again := r.NextTick(rows); again == nil || again.Error() != err.Error() {
		t.Errorf("the next call gives %v, not the same error", again)
	}
}
