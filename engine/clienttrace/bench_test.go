package clienttrace

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// BenchmarkRead reads a JSONL client trace of 100 objects shaped like a
// Trace v1 state row (make bench; ns/op is per row).
func BenchmarkRead(b *testing.B) {
	var buf bytes.Buffer
	const objects, ticks = 100, 300
	for t := 0; t < ticks; t++ {
		for o := 0; o < objects; o++ {
			fmt.Fprintf(&buf, `{"tick":%d,"guid":"0x%08X","cell":"0xA9B4001F","origin":[%g,%g,%g],"heading":%g,"queue":%d,"fail":0,"contact":true,"branch":"interpolate"}`+"\n",
				t, 0x80000000+o, 90.041664+float32(t)*0.25, 91.25-float32(o)*0.5, 0.125, float32(o)*3.5, t%3)
		}
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)) / (objects * ticks))
	b.ResetTimer()
	rows := 0
	var dst []Row
	for rows < b.N {
		rd, err := NewReader("bench.jsonl", bytes.NewReader(data), 30)
		if err != nil {
			b.Fatal(err)
		}
		for rows < b.N {
			dst, err = rd.NextTick(dst)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			rows += len(dst)
		}
	}
}
