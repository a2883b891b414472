package capture_test

import (
	"bytes"
	"reflect"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

// moveToSource is engine/testdata/moveto.jsonl with a move-to of every type
// and unusual parameters added.
func moveToSource(t *testing.T) *recording.Recording {
	t.Helper()
	rec, err := recording.ReadFile("../testdata/moveto.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	last := rec.Events[len(rec.Events)-1].T
	add := func(m recording.Motion) {
		rec.Events = append(rec.Events, recording.Event{T: last, Kind: recording.KindMotion, GUID: 0x80000A02, HasGUID: true, Motion: m})
	}
	m := recording.NewMotion()
	m.MovementType, m.Target = recording.TurnToObject, 0x80000A01
	p := recording.DefaultMoveToParams()
	p.Flags, p.Speed, p.DesiredHeading = 0x10001, 1.5, 12.5
	m.MoveTo = &p
	add(m)
	m = recording.NewMotion()
	m.MovementType = recording.TurnToHeading
	p2 := recording.DefaultMoveToParams()
	p2.DesiredHeading = 359
	m.MoveTo = &p2
	add(m)
	m = recording.NewMotion()
	m.MovementType, m.Target, m.HasRunRate, m.RunRate = recording.MoveToObject, 0x80000A01, true, 1.25
	p3 := recording.DefaultMoveToParams()
	p3.Flags |= 0x100
	p3.Distance, p3.MinDistance, p3.FailDistance, p3.WalkRunThreshold = 2, 1, 40, 3
	m.MoveTo = &p3
	add(m)
	return rec
}

// UpdateMotion 0xF74C of movement types 6–9 (ACE Network/Motion
// MoveToObject, MoveToPosition, TurnToObject, TurnToHeading with
// MoveToParameters / TurnToParameters) round-trips through capturetest's
// writer: type, target, sticky and every parameter come back; a source
// MoveToObject without parameters comes back with the message's (the
// defaults) — the wire always carries them.
func TestRoundTrip_MoveToTypes(t *testing.T) {
	src := moveToSource(t)
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, src, capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.Ethernet, SplitEvery: 3, Noise: true}); err != nil {
		t.Fatal(err)
	}
	got, sum := importBytes(t, "moveto", buf.Bytes(), capture.Options{})
	var want, have []recording.Motion
	for _, ev := range src.Events {
		if ev.Kind == recording.KindMotion && ev.Motion.MovementType != recording.InterpretedCommand {
			want = append(want, ev.Motion)
		}
	}
	for _, ev := range got.Events {
		if ev.Kind == recording.KindMotion && ev.Motion.MovementType != recording.InterpretedCommand {
			have = append(have, ev.Motion)
		}
	}
	if len(have) != len(want) || len(want) != 7 {
		t.Fatalf("%d move-to events, want %d (source %d); summary %+v", len(have), len(want), 7, sum.Skipped)
	}
	for i := range want {
		w, g := want[i], have[i]
		wp := recording.DefaultMoveToParams()
		if w.MoveTo != nil {
			wp = *w.MoveTo
		}
		if w.Sticky {
			wp.Flags |= recording.MoveFlagSticky
		}
		if w.MovementType != recording.MoveToPosition {
			wp.Position = recording.MoveToParams{}.Position
		}
		if g.MovementType != w.MovementType || g.Target != w.Target || g.Sticky != w.Sticky || g.MoveTo == nil {
			t.Errorf("event %d: %+v, want %+v", i, g, w)
			continue
		}
		gp := *g.MoveTo
		if w.MovementType == recording.MoveToPosition {
			if gp.Position.Cell != wp.Position.Cell || gp.Position.Frame.Origin != wp.Position.Frame.Origin {
				t.Errorf("event %d: destination %v, want %v", i, gp.Position, wp.Position)
			}
			gp.Position = wp.Position
		}
		if w.MovementType == recording.TurnToObject || w.MovementType == recording.TurnToHeading {
			// TurnToParameters carry no distances.
			gp.Distance, gp.MinDistance, gp.FailDistance, gp.WalkRunThreshold = wp.Distance, wp.MinDistance, wp.FailDistance, wp.WalkRunThreshold
		}
		if !reflect.DeepEqual(gp, wp) {
			t.Errorf("event %d (%v): parameters %+v, want %+v", i, w.MovementType, gp, wp)
		}
		if w.MovementType == recording.MoveToObject && w.HasRunRate && (!g.HasRunRate || g.RunRate != w.RunRate) {
			t.Errorf("event %d: run rate %v, want %v", i, g.RunRate, w.RunRate)
		}
	}
	// What the import writes, the recording reader accepts.
	var out bytes.Buffer
	if err := recording.Write("moveto", &out, got); err != nil {
		t.Fatal(err)
	}
	if _, err := recording.Read("moveto", &out); err != nil {
		t.Fatal(err)
	}
}

// A move-to naming an object the capture never showed is skipped and
// counted, never written as an event the reader would refuse.
func TestMoveTo_TargetNotInRecording(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	src := moveToSource(t)
	s.Message(0, capturetest.PlayerCreate(capturetest.PlayerGUID))
	e := src.Header.Entities[1]
	s.Message(0, capturetest.CreateObject(e.GUID, e.Name, e.Pos, e.Seq, true, nil))
	m := recording.NewMotion()
	m.MovementType, m.Target = recording.MoveToObject, 0x80000F0F
	s.Message(0.5, capturetest.MoveTo(e.GUID, e.Seq.Instance, 1, m))
	// Toward the player before any position of the player: no observer
	// to follow yet.
	m.Target = capturetest.PlayerGUID
	s.Message(0.5, capturetest.MoveTo(e.GUID, e.Seq.Instance, 2, m))
	s.Flush(0.5)
	got, sum := importBytes(t, "player", buf.Bytes(), capture.Options{})
	for _, ev := range got.Events {
		if ev.Kind == recording.KindMotion && ev.Motion.MovementType != recording.InterpretedCommand {
			t.Fatalf("imported %+v", ev.Motion)
		}
	}
	var notIn, early bool
	for _, c := range sum.Skipped {
		notIn = notIn || c.Count == 1 && bytes.Contains([]byte(c.Name), []byte("not in the recording"))
		early = early || c.Count == 1 && bytes.Contains([]byte(c.Name), []byte("before the player's first position"))
	}
	if !notIn || !early {
		t.Errorf("skipped %+v", sum.Skipped)
	}
}

// Monsters chasing the player (docs/formats.md "Movement types"): a
// MoveToObject or TurnToObject whose wire target is the player's guid
// imports with the target "observer" once the player's position is known;
// through capturetest (which writes the observer as the player's guid) the
// move-tos round-trip and what the import writes reads back.
func TestRoundTrip_MoveToObserver(t *testing.T) {
	src, err := recording.ReadFile("../testdata/moveto_observer.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, src, capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.Ethernet, Noise: true}); err != nil {
		t.Fatal(err)
	}
	got, sum := importBytes(t, "observer", buf.Bytes(), capture.Options{})
	var types []recording.MovementType
	for _, ev := range got.Events {
		if ev.Kind != recording.KindMotion || ev.Motion.MovementType == recording.InterpretedCommand {
			continue
		}
		types = append(types, ev.Motion.MovementType)
		if ev.Motion.Target != recording.ObserverTarget {
			t.Errorf("%v toward %#x, want the observer", ev.Motion.MovementType, ev.Motion.Target)
		}
		if ev.Motion.MovementType == recording.MoveToObject && !ev.Motion.Sticky {
			t.Error("the sticky flag was lost")
		}
	}
	if !reflect.DeepEqual(types, []recording.MovementType{recording.MoveToObject, recording.TurnToObject}) {
		t.Fatalf("move-tos %v, want MoveToObject, TurnToObject; skipped %+v", types, sum.Skipped)
	}
	var out bytes.Buffer
	if err := recording.Write("observer", &out, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte(`"target":"observer"`)) {
		t.Error(`the written recording has no "target":"observer"`)
	}
	if _, err := recording.Read("observer", &out); err != nil {
		t.Fatal(err)
	}
}
