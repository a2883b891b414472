package capture_test

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// sources are the shipped recordings and every shipped scenario compiled.
func sources(t testing.TB) []*recording.Recording {
	t.Helper()
	var out []*recording.Recording
	files, _ := filepath.Glob("../../recordings/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no shipped recordings found")
	}
	for _, f := range files {
		rec, err := recording.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	for _, e := range scenario.Catalog() {
		rec, err := scenario.CompileAsset(assets.FS(), e.Name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	return out
}

// importBytes reads a capture held in memory through the Reader.
func importBytes(t testing.TB, name string, data []byte, opts capture.Options) (*recording.Recording, *capture.Summary) {
	t.Helper()
	r, err := capture.NewReader(name, bytes.NewReader(data), opts)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := recording.ReadSource(r)
	if err != nil {
		t.Fatal(err)
	}
	return rec, r.Summary()
}

// carried filters the events a capture carries in both directions of the
// round trip: position, motion, vector (and observer, compared apart).
func carried(evs []recording.Event, kind recording.Kind, skip map[int]bool) []recording.Event {
	var out []recording.Event
	for i, ev := range evs {
		if ev.Kind == kind && !skip[i] {
			out = append(out, ev)
		}
	}
	return out
}

// compareEvents checks got against want: same order, same object, time
// within 1 µs, raw bytes equal, motion fields equal, vectors equal.
func compareEvents(t *testing.T, name string, want, got *recording.Recording, dropped []int) {
	t.Helper()
	skip := map[int]bool{}
	for _, i := range dropped {
		skip[i] = true
	}
	for _, k := range []recording.Kind{recording.KindPosition, recording.KindMotion, recording.KindVector, recording.KindObserver} {
		w, g := carried(want.Events, k, skip), carried(got.Events, k, nil)
		if k == recording.KindObserver && want.Header.HasObserver && len(g) > 0 {
			g = g[1:] // the player's CreateObject
		}
		if len(w) != len(g) {
			t.Errorf("%s: %d %s events, want %d", name, len(g), k, len(w))
			continue
		}
		for i := range w {
			if msg := diffEvent(&w[i], &g[i]); msg != "" {
				t.Errorf("%s: %s event %d (source line %d): %s", name, k, i, w[i].Line, msg)
				break
			}
		}
	}
}

func diffEvent(w, g *recording.Event) string {
	if math.Abs(w.T-g.T) > 1e-6 {
		return fmt.Sprintf("t %.9f, want %.9f", g.T, w.T)
	}
	if w.GUID != g.GUID {
		return fmt.Sprintf("guid %08X, want %08X", g.GUID, w.GUID)
	}
	switch w.Kind {
	case recording.KindPosition:
		wu := w.Update
		wu.GUID = w.GUID
		if !g.Raw {
			return "not raw"
		}
		if a, b := recording.EncodeUpdatePosition(&g.Update), recording.EncodeUpdatePosition(&wu); !bytes.Equal(a, b) {
			return fmt.Sprintf("raw %x, want %x", a, b)
		}
	case recording.KindMotion:
		wm, gm := w.Motion, g.Motion
		// A type-0 UpdateMotion carries no run rate and no moving-to flag.
		wm.HasRunRate, wm.RunRate, wm.MovingTo = false, 0, false
		if !slices.Equal(wm.ActionList(), gm.ActionList()) {
			return fmt.Sprintf("actions %+v, want %+v", gm.ActionList(), wm.ActionList())
		}
		wm.Actions, gm.Actions = nil, nil
		// Every message carries stamps; a source event without them
		// was written with the capture's own.
		if !wm.HasSeq {
			gm.Seq, gm.HasSeq = wm.Seq, false
		}
		if wm != gm {
			return fmt.Sprintf("motion %+v, want %+v", gm, wm)
		}
	case recording.KindVector:
		if w.Vector != g.Vector {
			return fmt.Sprintf("vector %+v, want %+v", g.Vector, w.Vector)
		}
	case recording.KindObserver:
		if w.Pos.Cell != g.Pos.Cell || w.Pos.Frame.Origin != g.Pos.Frame.Origin {
			return fmt.Sprintf("observer %v, want %v", g.Pos, w.Pos)
		}
	}
	return ""
}

var formats = []capturetest.Format{capturetest.Pcap, capturetest.PcapNano, capturetest.Pcapng}
var links = []capturetest.Link{capturetest.Ethernet, capturetest.Null, capturetest.Loop, capturetest.SLL, capturetest.SLL2, capturetest.Raw}

// TestRoundTrip_ShippedInputs writes every shipped recording and scenario
// as a capture full of awkward packets and reads it back: the position,
// motion, vector and observer events equal the source's.
func TestRoundTrip_ShippedInputs(t *testing.T) {
	for i, src := range sources(t) {
		cfg := capturetest.Config{
			Format: formats[i%len(formats)], Link: links[i%len(links)],
			ServerPort: uint16(9000 + i), SplitEvery: 5, RetransmitEvery: 4, LoseEvery: 9, IPFragmentEvery: 13, Noise: true,
		}
		name := fmt.Sprintf("%s(%v,%v)", src.Name, cfg.Format, cfg.Link)
		t.Run(filepath.Base(src.Name), func(t *testing.T) {
			var buf bytes.Buffer
			res, err := capturetest.FromRecording(&buf, src, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got, sum := importBytes(t, name, buf.Bytes(), capture.Options{})
			compareEvents(t, name, src, got, res.Dropped)
			if sum.MalformedCount != 0 || sum.DroppedCount != 0 {
				t.Errorf("%s: malformed %v, dropped %v", name, sum.Malformed, sum.Dropped)
			}
			// A recording of a dozen messages (the ACE reports') is too
			// short for every 13th packet to be IP-fragmented.
			if long := sum.ACPackets >= 2*cfg.IPFragmentEvery; sum.Retransmits == 0 || sum.RetransmitsUsed == 0 || long && sum.IPReassembled == 0 || sum.ClientPackets == 0 || sum.OtherPorts == 0 {
				t.Errorf("%s: the capture lacks an awkward case: %+v", name, sum)
			}
			if got.Header.HasObserver != src.Header.HasObserver ||
				(src.Header.HasObserver && got.Header.Observer.Frame.Origin != src.Header.Observer.Frame.Origin) {
				t.Errorf("%s: header observer %v, want %v", name, got.Header.Observer, src.Header.Observer)
			}
			// Objects created at t = 0 are the header's entities again.
			if len(got.Header.Entities) != len(src.Header.Entities) {
				t.Errorf("%s: %d header entities, want %d", name, len(got.Header.Entities), len(src.Header.Entities))
			} else {
				for k, e := range src.Header.Entities {
					g := got.Header.Entities[k]
					if g.GUID != e.GUID || g.Name != e.Name || g.Pos.Frame.Origin != e.Pos.Frame.Origin || g.Seq != e.Seq || g.HasMotion != e.HasMotion {
						t.Errorf("%s: header entity %d %+v, want %+v", name, k, g, e)
					}
				}
			}
			// What the import writes, the recording reader accepts.
			var out bytes.Buffer
			if err := recording.Write(name, &out, got); err != nil {
				t.Fatalf("writing the import: %v", err)
			}
		})
	}
}

// TestRoundTrip_EveryFormatAndLink reads the example recording through
// every capture format and link type.
func TestRoundTrip_EveryFormatAndLink(t *testing.T) {
	src, err := recording.ReadFile("../../recordings/example.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formats {
		for _, l := range links {
			name := fmt.Sprintf("%v/%v", f, l)
			var buf bytes.Buffer
			if _, err := capturetest.FromRecording(&buf, src, capturetest.Config{Format: f, Link: l, SplitEvery: 3}); err != nil {
				t.Fatal(err)
			}
			got, _ := importBytes(t, name, buf.Bytes(), capture.Options{})
			compareEvents(t, name, src, got, nil)
		}
	}
}

// TestMissingFragment_MessageDroppedAndCounted: a message whose second
// fragment never arrives is dropped (never guessed) and counted with its
// frame; every other event still arrives.
func TestMissingFragment_MessageDroppedAndCounted(t *testing.T) {
	src, err := recording.ReadFile("../../recordings/example.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	res, err := capturetest.FromRecording(&buf, src, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet, DropFragmentOf: 9})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Dropped) != 1 {
		t.Fatalf("the writer dropped %v", res.Dropped)
	}
	got, sum := importBytes(t, "missing", buf.Bytes(), capture.Options{})
	compareEvents(t, "missing", src, got, res.Dropped)
	if sum.DroppedCount != 1 || len(sum.Dropped) != 1 || sum.Dropped[0].Frame == 0 {
		t.Fatalf("dropped %d %v, want one with its frame", sum.DroppedCount, sum.Dropped)
	}
}

// TestImport_Deterministic: the same capture imports to the same bytes and
// the same summary every time.
func TestImport_Deterministic(t *testing.T) {
	src := sources(t)[1]
	var buf bytes.Buffer
	cfg := capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.SLL, SplitEvery: 3, RetransmitEvery: 5, LoseEvery: 7, Noise: true, DropFragmentOf: 12}
	if _, err := capturetest.FromRecording(&buf, src, cfg); err != nil {
		t.Fatal(err)
	}
	var first []byte
	for i := 0; i < 3; i++ {
		rec, sum := importBytes(t, "det", buf.Bytes(), capture.Options{})
		var out bytes.Buffer
		if err := recording.Write("det", &out, rec); err != nil {
			t.Fatal(err)
		}
		if err := sum.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = out.Bytes()
		} else if !bytes.Equal(first, out.Bytes()) {
			t.Fatalf("import %d differs from the first", i+1)
		}
	}
}

// TestRoundTrip_NoCreates: a capture begun after its objects were created
// carries no CreateObject for them; each is created from its first
// UpdatePosition at the time of its first message, so the motion updates
// that came before that position keep their time and order.
func TestRoundTrip_NoCreates(t *testing.T) {
	for i, src := range sources(t) {
		cfg := capturetest.Config{Format: formats[i%len(formats)], Link: links[(i+1)%len(links)], SplitEvery: 4, NoCreates: true, Noise: true}
		var buf bytes.Buffer
		res, err := capturetest.FromRecording(&buf, src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(src.Name) + "/no-creates"
		got, sum := importBytes(t, name, buf.Bytes(), capture.Options{})
		compareEvents(t, name, src, got, res.Dropped)
		want := len(src.Header.Entities)
		for _, ev := range src.Events {
			if ev.Kind == recording.KindCreate {
				want++ // a create event is a CreateObject still
			}
		}
		if sum.Objects != want {
			t.Errorf("%s: %d objects, want %d", name, sum.Objects, want)
		}
	}
}
