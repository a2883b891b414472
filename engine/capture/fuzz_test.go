package capture_test

import (
	"bytes"
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
			cfg := capturetest.Config{Format: fm, Link: l, SplitEvery: 2 + i, RetransmitEvery: 3, IPFragmentEvery: 4 + j, Noise: true}
			if _, err := capturetest.FromRecording(&buf, src, cfg); err != nil {
				f.Fatal(err)
			}
			f.Add(buf.Bytes())
		}
	}
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
