package eventlog

import (
	"github.com/go-gl/mathgl/mgl32"

	"testing"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// A truth's client report (docs/formats.md "Truth from a player's own
// client") survives the store's packing bit for bit, and a truth without
// one packs as before and unpacks without one.
func TestPack_TruthClientReport(t *testing.T) {
	pos := physics.Position{Cell: 0x860201AD}
	pos.Frame.Origin = [3]float32{11.976526, -29.313576, 0.004999995}
	pos.Frame.Rot = mgl32.QuatIdent()
	evs := []recording.Event{
		{T: 1.5, Kind: recording.KindTruth, GUID: 0x50000020, HasGUID: true, Line: 7, Pos: pos,
			Client: recording.ClientReport{Action: recording.ActionMoveToState, Seq: recording.ClientSeq{Instance: 1, ServerControl: 65535, Teleport: 300, ForcePosition: 2}, LongJump: true}},
		{T: 2, Kind: recording.KindTruth, GUID: 0x50000020, HasGUID: true, Line: 8, Pos: pos,
			Client: recording.ClientReport{Action: recording.ActionAutonomousPosition, Contact: true}},
		{T: 2, Kind: recording.KindTruth, GUID: 0x50000020, HasGUID: true, Line: 9, Pos: pos},
	}
	var b []byte
	prev := 0
	for i := range evs {
		b = AppendEvent(b, &evs[i], 0, 0x50000020, prev, 0)
		prev = evs[i].Line
	}
	d := NewUnpacker(b, 0)
	prev = 0
	for i, want := range evs {
		var got recording.Event
		d.Event(&got, prev, func(int32) uint32 { return 0x50000020 })
		prev = got.Line
		if got.Client != want.Client || got.Pos != want.Pos || got.T != want.T || got.Line != want.Line {
			t.Errorf("event %d unpacked as %+v, want %+v", i, got, want)
		}
	}
	if d.Off() != len(b) {
		t.Errorf("unpacked %d of %d bytes", d.Off(), len(b))
	}
}
