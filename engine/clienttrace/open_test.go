// A file Open opens reads as its bytes given to NewReader: the same rows
// and the same errors at the same lines, lines at MaxLineBytes included;
// a regular file is read, not mapped (reader.go, Open).

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

// openedAndRead reads data from a file Open opens and from memory.
func openedAndRead(t *testing.T, data []byte) (opened, read string) {
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
	if r.br == nil {
		t.Fatal("a regular file is not read through the reader's buffer")
	}
	br, err := NewReader(path, bytes.NewReader(data), 30)
	if err != nil {
		t.Fatal(err)
	}
	return readAllOf(t, r), readAllOf(t, br)
}

func TestOpen_ReadsAsNewReader(t *testing.T) {
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
		opened, read := openedAndRead(t, []byte(data))
		if opened != read {
			t.Errorf("%s: opened:\n%.2000s\nread:\n%.2000s", name, opened, read)
		}
	}
}
