package capture_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/capture/wiretest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// wireMessages are the server's messages of scenario name, each with its
// time: the player, the header's objects, then every position and motion
// (the game messages from recording.EncodeUpdatePosition and capturetest's
// encoders; only the transport is wiretest's).
type wireMessage struct {
	t   float64
	msg []byte
}

func wireMessages(tb testing.TB, name string) (msgs []wireMessage, span float64) {
	return wireMessagesUntil(tb, name, math.Inf(1))
}

// wireMessagesUntil is wireMessages of the events before until seconds.
func wireMessagesUntil(tb testing.TB, name string, until float64) (msgs []wireMessage, span float64) {
	tb.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		tb.Fatal(err)
	}
	h := &rec.Header
	instance := map[uint32]uint16{}
	if h.HasObserver {
		msgs = append(msgs, wireMessage{0, capturetest.PlayerCreate(capturetest.PlayerGUID)},
			wireMessage{0, capturetest.CreateObject(capturetest.PlayerGUID, "Observer", h.Observer, recording.Seq{Instance: 1}, true, nil)})
	}
	for i := range h.Entities {
		e := &h.Entities[i]
		instance[e.GUID] = e.Seq.Instance
		msgs = append(msgs, wireMessage{0, capturetest.CreateObject(e.GUID, e.Name, e.Pos, e.Seq, e.HasMotion, nil)})
	}
	movement := uint16(0)
	for _, ev := range rec.Events {
		if ev.T >= until {
			break
		}
		var m []byte
		switch ev.Kind {
		case recording.KindPosition:
			u := ev.Update
			u.GUID = ev.GUID
			m = recording.EncodeUpdatePosition(&u)
		case recording.KindMotion:
			if ev.Motion.MovementType != recording.InterpretedCommand {
				continue
			}
			movement++
			var acts []capturetest.Action
			for _, a := range ev.Motion.ActionList() {
				acts = append(acts, capturetest.Action{Command: uint16(a.Command.MotionCommand()), Stamp: a.Stamp, Autonomous: a.Autonomous, Speed: a.Speed})
			}
			m = capturetest.UpdateMotion(ev.GUID, instance[ev.GUID], movement, ev.Motion, acts)
		default:
			continue
		}
		msgs = append(msgs, wireMessage{ev.T, m})
		span = ev.T + 1
	}
	return msgs, span
}

// oneByteMessages are the player's creation and then one-byte messages,
// ten thousand a second: the tiny-fragment case where every fragment is a
// message of its own (too short to carry an opcode).
func oneByteMessages(tb testing.TB) ([]wireMessage, float64) {
	tb.Helper()
	msgs := []wireMessage{{0, capturetest.PlayerCreate(capturetest.PlayerGUID)}}
	for i := 1; i <= 100000; i++ {
		msgs = append(msgs, wireMessage{float64(i/10) / 1000, []byte{byte(i)}})
	}
	return msgs, 10
}

// writeMessages writes msgs through wiretest, again and again (each copy
// later by span) until at least size bytes were written; the messages at
// t = 0 (the creates) only once.
func writeMessages(tb testing.TB, cw *countWriter, size int64, cfg wiretest.Config, msgs []wireMessage, span float64) {
	tb.Helper()
	wr := wiretest.New(cw, cfg)
	for k := 0; k == 0 || cw.n < size; k++ {
		for _, m := range msgs {
			if k > 0 && m.t == 0 {
				continue // the creates, once
			}
			wr.Message(m.t+float64(k)*span, m.msg)
		}
	}
	if err := wr.Close(); err != nil {
		tb.Fatal(err)
	}
}

// eventsOf imports a capture held in memory and writes its events as
// Recording v1 lines without their line numbers: what two captures of the
// same messages must agree on.
func eventsOf(tb testing.TB, data []byte) ([]byte, *capture.Summary) {
	tb.Helper()
	rec, sum := importBytes(tb, "wire.pcap", data, capture.Options{})
	for i := range rec.Events {
		rec.Events[i].Line = 0
	}
	var out bytes.Buffer
	if err := recording.Write("wire.jsonl", &out, rec); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes(), sum
}

// TestWire_EveryIDPattern: the crowd scenario written by the independent
// transport writer, under every fragment-id pattern, whole fragments and
// one-byte fragments, with retransmissions, imports to the same events as
// the project's own capture generator's capture of the same messages
// (ACE's id, whole fragments): the de-duplication keys on the fragment's
// sequence and id together, whatever the ids look like, and drops exactly
// the retransmitted copies.
func TestWire_EveryIDPattern(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	rec, err := scenario.CompileAsset(assets.FS(), "crowd")
	if err != nil {
		t.Fatal(err)
	}
	const until = 10 // seconds: enough for thousands of messages
	var evs []recording.Event
	for _, ev := range rec.Events {
		if ev.T < until && (ev.Kind == recording.KindPosition || ev.Kind == recording.KindMotion) {
			evs = append(evs, ev)
		}
	}
	var ref bytes.Buffer
	c := capturetest.New(&ref, &rec.Header, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	c.Events(evs, 0)
	if err := c.End(); err != nil {
		t.Fatal(err)
	}
	want, _ := eventsOf(t, ref.Bytes())
	if len(want) < 100000 {
		t.Fatalf("reference import too small: %d bytes", len(want))
	}
	msgs, span := wireMessagesUntil(t, "crowd", until)
	for _, ids := range wiretest.Patterns {
		for _, fd := range []int{0, 1} {
			for _, re := range []int{0, 3} {
				name := fmt.Sprintf("%s/frag=%d/retransmit=%d", ids, fd, re)
				var buf bytes.Buffer
				writeMessages(t, &countWriter{w: &buf}, 1, wiretest.Config{IDs: ids, FragmentData: fd, Seed: 7, RetransmitEvery: re}, msgs, span)
				got, sum := eventsOf(t, buf.Bytes())
				if !bytes.Equal(got, want) {
					t.Errorf("%s: events differ from the reference capture's (%d bytes, want %d)", name, len(got), len(want))
				}
				if sum.DuplicateFragments != 0 || sum.DroppedCount != 0 {
					t.Errorf("%s: %d duplicate fragments, %d messages dropped; want none", name, sum.DuplicateFragments, sum.DroppedCount)
				}
				if re > 0 && sum.Retransmits == 0 {
					t.Errorf("%s: no retransmission seen", name)
				}
			}
		}
	}
}

// BenchmarkImportIDs reads captures of the crowd scenario written by the
// independent transport writer under each fragment-id pattern: MB/cpu-s is
// the import rate per CPU-second. GLIDEPATH_BENCH_IMPORT_MB sets the size
// (default 16). whole: the crowd scenario's messages in fragments of up to
// 448 bytes; tiny: the same in one-byte fragments; bytes: one-byte
// messages, each a fragment of its own.
func BenchmarkImportIDs(b *testing.B) {
	mb := int64(16)
	if s := os.Getenv("GLIDEPATH_BENCH_IMPORT_MB"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		mb = v
	}
	crowd, crowdSpan := wireMessages(b, "crowd")
	bytes1, bytesSpan := oneByteMessages(b)
	for _, kind := range []string{"whole", "tiny", "bytes"} {
		for _, ids := range wiretest.Patterns {
			var buf bytes.Buffer
			cfg := wiretest.Config{IDs: ids, Seed: 7, RetransmitEvery: 20}
			msgs, span := crowd, crowdSpan
			switch kind {
			case "tiny":
				cfg.FragmentData = 1
			case "bytes":
				msgs, span = bytes1, bytesSpan
			}
			writeMessages(b, &countWriter{w: &buf}, mb<<20, cfg, msgs, span)
			data := buf.Bytes()
			b.Run(fmt.Sprintf("%s/%s/MB=%d", ids, kind, mb), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				cpu0 := cpuSeconds()
				for b.Loop() {
					r, err := capture.NewReader("wire.pcap", bytes.NewReader(data), capture.Options{})
					if err != nil {
						b.Fatal(err)
					}
					for {
						if _, err := r.Next(); err != nil {
							break
						}
					}
				}
				if cpu := cpuSeconds() - cpu0; cpu > 0 {
					b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu, "MB/cpu-s")
				}
			})
		}
	}
}

// TestWriteWireCapture writes a big capture from the independent transport
// writer for measuring `viewer import` with /usr/bin/time -v
// (docs/benchmarks.md). It runs only when GLIDEPATH_WIRE_CAPTURE names the
// output file; GLIDEPATH_WIRE_CAPTURE_MB sets its size (default 1024),
// GLIDEPATH_WIRE_IDS the pattern (ace, per-message, random, wrap) and
// GLIDEPATH_WIRE_TINY=1 one-byte fragments, GLIDEPATH_WIRE_MESSAGES=bytes
// one-byte messages instead of the crowd scenario's, and
// GLIDEPATH_WIRE_SCENARIO another built-in scenario's messages (size 0:
// the scenario once).
func TestWriteWireCapture(t *testing.T) {
	path := os.Getenv("GLIDEPATH_WIRE_CAPTURE")
	if path == "" {
		t.Skip("set GLIDEPATH_WIRE_CAPTURE=FILE to write a big capture")
	}
	mb := int64(1024)
	if s := os.Getenv("GLIDEPATH_WIRE_CAPTURE_MB"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		mb = v
	}
	cfg := wiretest.Config{Seed: 7, RetransmitEvery: 20}
	found := false
	for _, p := range wiretest.Patterns {
		if p.String() == os.Getenv("GLIDEPATH_WIRE_IDS") {
			cfg.IDs, found = p, true
		}
	}
	if !found {
		t.Fatalf("GLIDEPATH_WIRE_IDS=%q: want ace, per-message, random or wrap", os.Getenv("GLIDEPATH_WIRE_IDS"))
	}
	if os.Getenv("GLIDEPATH_WIRE_TINY") == "1" {
		cfg.FragmentData = 1
	}
	scn := "crowd"
	if s := os.Getenv("GLIDEPATH_WIRE_SCENARIO"); s != "" {
		scn = s
	}
	msgs, span := wireMessages(t, scn)
	if os.Getenv("GLIDEPATH_WIRE_MESSAGES") == "bytes" {
		msgs, span = oneByteMessages(t)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	cw := &countWriter{w: w}
	writeMessages(t, cw, mb<<20, cfg, msgs, span)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d bytes", path, cw.n)
}
