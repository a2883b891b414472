// Fuzzing the client trace reader (seeded from testdata): any input gives
// rows or a *Error naming a line — never a panic — and the rows it gives
// come in tick order, one per object per tick — the same rows and error
// with the fixed layout (fixed.go) as with the general scan alone.

package clienttrace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func FuzzRead(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*")
	paths = append(paths, "../testdata/steady_walk.trace.golden")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil && len(data) < 64<<10 {
			f.Add(data, filepath.Ext(p) == ".csv")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, csv bool) {
		name := "fuzz.jsonl"
		if csv {
			name = "fuzz.csv"
		}
		if fixed, general := readBothWays(t, name, data, false), readBothWays(t, name, data, true); fixed != general {
			t.Fatalf("the fixed layout and the general scan disagree:\nfixed:\n%s\ngeneral:\n%s", fixed, general)
		}
		r, err := NewReader(name, bytes.NewReader(data), 30)
		if err != nil {
			t.Fatal(err)
		}
		prev := -1
		var rows []Row
		for {
			rows, err = r.NextTick(rows)
			if err == io.EOF {
				return
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Line < 1 || e.Field == "" || e.Problem == "" {
					t.Fatalf("error %v is not FILE:LINE: FIELD: problem", err)
				}
				return
			}
			if len(rows) == 0 {
				t.Fatal("an empty tick group without an error")
			}
			seen := map[uint32]bool{}
			for _, row := range rows {
				if row.Tick != rows[0].Tick || row.Tick <= prev || seen[row.GUID] {
					t.Fatalf("row %+v breaks the order (previous tick %d)", row, prev)
				}
				seen[row.GUID] = true
			}
			prev = rows[0].Tick
		}
	})
}
