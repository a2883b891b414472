package capture_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

// fuzzSeeds are small captures in every format and link type, with the
// awkward packets, plus a few fixed byte strings.
func fuzzSeeds(f *testing.F) {
	src, err := recording.ReadFile("../../recordings/example.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	// A shorter recording keeps each fuzz input small.
	src.Events = src.Events[:40]
	for i, fm := range formats {
		for j, l := range links {
			var buf bytes.Buffer
			cfg := capturetest.Config{Format: fm, Link: l, SplitEvery: 2 + i, RetransmitEvery: 3, IPFragmentEvery: 4 + j, Noise: true, NoCreates: j%2 == 1}
			if _, err := capturetest.FromRecording(&buf, src, cfg); err != nil {
				f.Fatal(err)
			}
			f.Add(buf.Bytes())
		}
	}
	// Move-to UpdateMotions of every type (engine/testdata/moveto.jsonl)
	// and toward the player (moveto_observer.jsonl).
	for _, name := range []string{"moveto", "moveto_observer"} {
		mt, err := recording.ReadFile("../testdata/" + name + ".jsonl")
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := capturetest.FromRecording(&buf, mt, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	// The whole CreateObject and UpdateMotion layouts: held items,
	// statics, a CreateObject move-to and actions, stick-to, a capture
	// without PlayerCreate (meaning_test.go).
	f.Add(meaningSeed(f))
	f.Add([]byte{})
	f.Add([]byte{0xD4, 0xC3, 0xB2, 0xA1})
	f.Add([]byte{0x0A, 0x0D, 0x0D, 0x0A, 0x1C, 0, 0, 0, 0x4D, 0x3C, 0x2B, 0x1A})
}

// FuzzReader: whatever the bytes, the reader either refuses the file as
// not a capture or reads it to the end, and every event it gives is valid
// Recording v1 (the writer, which checks every rule, accepts it).
func FuzzReader(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := capture.NewReader("fuzz.pcap", bytes.NewReader(data), capture.Options{})
		if err != nil {
			if _, ok := err.(*capture.NotCaptureError); !ok {
				t.Fatalf("open: %T %v", err, err)
			}
			return
		}
		h := r.Header()
		var out bytes.Buffer
		w, err := recording.NewWriter("fuzz.jsonl", &out, &h)
		if err != nil {
			t.Fatalf("header: %v", err)
		}
		for {
			ev, err := r.Next()
			if err != nil {
				break
			}
			if err := w.Write(&ev); err != nil {
				t.Fatalf("event not valid Recording v1: %v", err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if _, err := recording.Read("fuzz.jsonl", &out); err != nil {
			t.Fatalf("the import does not read back: %v", err)
		}
	})
}

// TestMutations_NeverPanic runs the fuzz property over a few thousand
// deterministic mutations of the seed captures (byte changes and cuts), so
// every test run exercises damaged input, not only the fuzzer's.
func TestMutations_NeverPanic(t *testing.T) {
	src, err := recording.ReadFile("../../recordings/example.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	src.Events = src.Events[:40]
	var seeds [][]byte
	for _, fm := range formats {
		for _, l := range links {
			var buf bytes.Buffer
			cfg := capturetest.Config{Format: fm, Link: l, SplitEvery: 3, RetransmitEvery: 3, IPFragmentEvery: 4, Noise: true, NoCreates: fm == capturetest.Pcap}
			if _, err := capturetest.FromRecording(&buf, src, cfg); err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, buf.Bytes())
		}
	}
	rng := rand.New(rand.NewPCG(12, 25))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		d := append([]byte(nil), seeds[rng.IntN(len(seeds))]...)
		for k := rng.IntN(8) + 1; k > 0 && len(d) > 0; k-- {
			p := rng.IntN(len(d))
			switch rng.IntN(4) {
			case 0:
				d[p] = byte(rng.IntN(256))
			case 1:
				d[p] ^= 0x80
			case 2:
				d[p] = 0xFF
			case 3:
				d = d[:p]
			}
		}
		if _, err := readAll(t, d); err != nil {
			if _, ok := err.(*capture.NotCaptureError); !ok {
				t.Fatalf("mutation %d: open: %T %v", i, err, err)
			}
		}
	}
}
