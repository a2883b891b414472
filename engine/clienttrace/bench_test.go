package clienttrace

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"syscall"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/trace"
)

// BenchmarkRead reads client traces of 100 objects (make bench; ns/op is
// per row, cpu-ns/row the process's CPU per row, steadier on a busy
// machine): JSONL rows shaped like a Trace v1 state row with a branch;
// state rows exactly as the Trace v1 writer writes them (the fixed layout);
// and the same rows with a space after each colon (the general scan).
func BenchmarkRead(b *testing.B) {
	const objects, ticks = 100, 300
	var jsonl, writer bytes.Buffer
	var line []byte
	for t := 0; t < ticks; t++ {
		for o := 0; o < objects; o++ {
			fmt.Fprintf(&jsonl, `{"tick":%d,"guid":"0x%08X","cell":"0xA9B4001F","origin":[%g,%g,%g],"heading":%g,"queue":%d,"fail":0,"contact":true,"branch":"interpolate"}`+"\n",
				t, 0x80000000+o, 90.041664+float32(t)*0.25, 91.25-float32(o)*0.5, 0.125, float32(o)*3.5, t%3)
			st := trace.State{Tick: t, GUID: 0x80400000 + uint32(o), Cell: 0xA9B4001F,
				Origin:  mgl32.Vec3{77.403885 + float32(t)*0.0371, 26.864977 + float32(o)*1.13, 0},
				Heading: float32(o) * 3.61, Queue: t % 3, Contact: true}
			line = append(trace.AppendState(line[:0], &st), '\n')
			writer.Write(line)
		}
	}
	spaced := bytes.ReplaceAll(writer.Bytes(), []byte(`":`), []byte(`": `))
	for _, c := range []struct {
		name string
		data []byte
	}{{"jsonl", jsonl.Bytes()}, {"writer", writer.Bytes()}, {"spaced", spaced}} {
		b.Run(c.name, func(b *testing.B) {
			benchRead(b, c.data, objects*ticks)
		})
	}
}

// BenchmarkReadFile reads the client trace GLIDEPATH_CLIENT_TRACE names
// (skipped without it) as viewer diff's reader does — Open, then whole
// ticks in batches of 8192 rows — once per op: a 2.77 GB trace's reading
// alone, for docs/benchmarks.md ("The diff's reading"):
//
//	GLIDEPATH_CLIENT_TRACE=ten.trace go test -run '^$' -bench ReadFile -benchtime 1x ./engine/clienttrace/
func BenchmarkReadFile(b *testing.B) {
	path := os.Getenv("GLIDEPATH_CLIENT_TRACE")
	if path == "" {
		b.Skip("GLIDEPATH_CLIENT_TRACE names no client trace")
	}
	start := cpuSeconds()
	var dst []Row
	var ends []int
	rows := 0
	for b.Loop() {
		rd, err := Open(path, 0)
		if err != nil {
			b.Fatal(err)
		}
		for {
			dst, ends, err = rd.AppendTicks(dst[:0], ends[:0], 8192)
			rows += len(dst)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		rd.Close()
	}
	b.ReportMetric((cpuSeconds()-start)/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(rows)/float64(b.N), "rows/op")
}

func benchRead(b *testing.B, data []byte, perPass int) {
	b.SetBytes(int64(len(data) / perPass))
	start := cpuSeconds()
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
	b.ReportMetric((cpuSeconds()-start)*1e9/float64(rows), "cpu-ns/row")
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
