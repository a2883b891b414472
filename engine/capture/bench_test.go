package capture_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// crowdCapture writes the crowd scenario (200 remotes) again and again,
// each copy later by the scenario's length, until at least size bytes were
// written to w.
func crowdCapture(tb testing.TB, w io.Writer, size int64, cfg capturetest.Config) int64 {
	tb.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), "crowd")
	if err != nil {
		tb.Fatal(err)
	}
	// The server's messages only: what a capture carries.
	var evs []recording.Event
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition || ev.Kind == recording.KindMotion {
			evs = append(evs, ev)
		}
	}
	span := evs[len(evs)-1].T + 1
	cw := &countWriter{w: w}
	c := capturetest.New(cw, &rec.Header, cfg)
	for k := 0; cw.n < size; k++ {
		c.Events(evs, float64(k)*span)
	}
	if err := c.End(); err != nil {
		tb.Fatal(err)
	}
	return cw.n
}

// cpuSeconds is the user and system CPU time of this process.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if c.w == nil {
		return len(p), nil
	}
	return c.w.Write(p)
}

// BenchmarkImport reads a capture of the crowd scenario (200 remotes,
// every message an UpdatePosition or UpdateMotion) to the end: b.SetBytes
// is the capture's size, so the MB/s column is the import rate.
func BenchmarkImport(b *testing.B) {
	for _, mb := range []int64{4, 32} {
		for _, cfg := range []struct {
			name string
			cfg  capturetest.Config
		}{
			{"pcap-ethernet", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}},
			{"pcapng-loopback", capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.Null, SplitEvery: 10, RetransmitEvery: 20}},
		} {
			var buf bytes.Buffer
			crowdCapture(b, &buf, mb<<20, cfg.cfg)
			data := buf.Bytes()
			b.Run(fmt.Sprintf("%s/MB=%d", cfg.name, mb), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				events := 0
				cpu0 := cpuSeconds()
				for b.Loop() {
					r, err := capture.NewReader("crowd.pcap", bytes.NewReader(data), capture.Options{})
					if err != nil {
						b.Fatal(err)
					}
					events = 0
					for {
						if _, err := r.Next(); err != nil {
							break
						}
						events++
					}
				}
				b.ReportMetric(float64(events), "events")
				if cpu := cpuSeconds() - cpu0; cpu > 0 {
					// The machine is shared: the rate per CPU-second of this
					// process is steadier than the wall-clock MB/s.
					b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu, "MB/cpu-s")
				}
			})
		}
	}
}

// TestWriteBigCapture writes a large crowd capture for measuring an import
// with /usr/bin/time -v (docs/benchmarks.md). It runs only when
// GLIDEPATH_BIG_CAPTURE names the output file; GLIDEPATH_BIG_CAPTURE_MB
// sets its size (default 1024).
func TestWriteBigCapture(t *testing.T) {
	path := os.Getenv("GLIDEPATH_BIG_CAPTURE")
	if path == "" {
		t.Skip("set GLIDEPATH_BIG_CAPTURE=FILE to write a big capture")
	}
	mb := int64(1024)
	if s := os.Getenv("GLIDEPATH_BIG_CAPTURE_MB"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		mb = v
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n := crowdCapture(t, w, mb<<20, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet, SplitEvery: 10, RetransmitEvery: 20})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d bytes", path, n)
}
