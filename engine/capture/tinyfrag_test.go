package capture_test

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/capture/wiretest"
)

// writeIncomplete writes, through the independent transport writer, the
// player's creation and then ids messages of 4096 one-byte fragments each
// of which only the first 4095 are ever sent, so that none completes: each
// message's fragments one after another (interleave false) or round-robin
// over the messages, fragment index by fragment index (interleave true).
// Times advance by a millisecond every 64 fragments, so the whole capture
// spans ids × 4095 / 64 ms.
func writeIncomplete(w io.Writer, ids, perMS int, interleave bool) error {
	const count, sent = 4096, 4095
	wr := wiretest.New(w, wiretest.Config{IDs: wiretest.PerMessage, FragmentData: 1})
	wr.Message(0, capturetest.PlayerCreate(capturetest.PlayerGUID))
	n := 0
	frag := func(m, i int) {
		n++
		// The message's sequence and id: its number, 1000 on, so they
		// are unlike the creation's.
		id := uint32(1000 + m)
		wr.Fragment(float64(n)/float64(perMS)/1000+0.001, id, id, count, i, []byte{byte(i)})
	}
	if interleave {
		for i := range sent {
			for m := range ids {
				frag(m, i)
			}
		}
	} else {
		for m := range ids {
			for i := range sent {
				frag(m, i)
			}
		}
	}
	return wr.Close()
}

// TestWriteTinyIncomplete writes the capture of issue 37 item 11 — 1024
// messages × 4095 one-byte fragments that never complete (4 M fragments) —
// to GLIDEPATH_TINY_CAPTURE for timing `viewer run` / `viewer import` on it
// (docs/benchmarks.md, "Capture import"); GLIDEPATH_TINY_ORDER=interleave
// writes the fragments round-robin over the messages.
func TestWriteTinyIncomplete(t *testing.T) {
	path := os.Getenv("GLIDEPATH_TINY_CAPTURE")
	if path == "" {
		t.Skip("set GLIDEPATH_TINY_CAPTURE=FILE to write the capture")
	}
	ids := 1024
	if s := os.Getenv("GLIDEPATH_TINY_IDS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		ids = v
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := writeIncomplete(w, ids, perMS(t), os.Getenv("GLIDEPATH_TINY_ORDER") == "interleave"); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func perMS(t *testing.T) int {
	v, err := strconv.Atoi(os.Getenv("GLIDEPATH_TINY_PER_MS"))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTinyIncomplete_Reported: messages of 4096 one-byte fragments of which
// one never comes (issue 37 item 11, scaled from 1024 messages to 64) are
// each reported as dropped at the capture's end, with the missing index —
// never completed, never guessed (reassembly.go) — whether their fragments
// come message after message or interleaved.
func TestTinyIncomplete_Reported(t *testing.T) {
	const ids = 64
	for _, interleave := range []bool{false, true} {
		var buf bytes.Buffer
		if err := writeIncomplete(&buf, ids, 1024, interleave); err != nil {
			t.Fatal(err)
		}
		rec, sum := importBytes(t, "tiny.pcap", buf.Bytes(), capture.Options{})
		// The player's creation goes in one-byte fragments too.
		want := ids*4095 + len(capturetest.PlayerCreate(capturetest.PlayerGUID))
		if sum.Fragments != want || sum.Messages != 1 {
			t.Errorf("interleave %v: %d fragments, %d messages; want %d and 1 (the player's creation)", interleave, sum.Fragments, sum.Messages, want)
		}
		if sum.DroppedCount != ids || len(sum.Dropped) != ids {
			t.Fatalf("interleave %v: %d dropped (%d listed), want %d", interleave, sum.DroppedCount, len(sum.Dropped), ids)
		}
		for _, p := range sum.Dropped {
			if !strings.Contains(p.Problem, "the capture ended before the message completed") || !strings.Contains(p.Problem, "missing fragment index [4095] of 4096") {
				t.Errorf("interleave %v: frame %d: %q", interleave, p.Frame, p.Problem)
			}
		}
		if n := len(rec.Events); n != 0 {
			t.Errorf("interleave %v: %d events from messages that never completed", interleave, n)
		}
	}
}

// BenchmarkImportTinyIncomplete reads the whole capture of issue 37 item
// 11: 1024 messages × 4095 one-byte fragments, none complete (4 M
// fragments, 87 MB).
func BenchmarkImportTinyIncomplete(b *testing.B) {
	var buf bytes.Buffer
	if err := writeIncomplete(&buf, 1024, 1024, true); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		_, sum := importBytes(b, "tiny.pcap", buf.Bytes(), capture.Options{})
		if sum.DroppedCount != 1024 {
			b.Fatalf("%d dropped", sum.DroppedCount)
		}
	}
}
