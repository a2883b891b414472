// The decode benchmark on the synthetic crowd `viewer synth` writes
// (docs/benchmarks.md): the lines the viewer's pre-run and `viewer run`
// spend their decoding on — decoded positions with rotation and seq, and
// interpreted motion events — read from memory, so only the line split and
// the decoding are measured.

package recording_test

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// crowd is a synthesized crowd recording, made once per test binary.
var crowd = sync.OnceValues(func() ([]byte, error) {
	return synthCrowd(scenario.SynthOptions{Objects: 1000, Minutes: 1, Seed: 1})
})

// synthCrowd writes what `viewer synth` writes for o into memory.
func synthCrowd(o scenario.SynthOptions) ([]byte, error) {
	s, err := scenario.Synth(o, assets.FS())
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	var w *recording.Writer
	err = s.Stream(func(h *recording.Header) error {
		var err error
		w, err = recording.NewWriter("crowd.jsonl", &buf, h)
		return err
	}, func(ev *recording.Event) error { return w.Write(ev) })
	if err == nil {
		err = w.Flush()
	}
	return buf.Bytes(), err
}

// BenchmarkDecodeCrowd streams the crowd (1000 objects × 1 minute) through
// Reader.Next and reports events per second; MB/s is of the file's bytes.
func BenchmarkDecodeCrowd(b *testing.B) {
	data, err := crowd()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	events := 0
	for b.Loop() {
		r, err := recording.NewReader("crowd.jsonl", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			events++
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
