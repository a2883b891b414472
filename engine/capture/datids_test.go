package capture_test

import (
	"bytes"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// A CreateObject's PhysicsDesc carries the object's Setup and MotionTable
// dat ids; the import keeps them on the entity (Recording v1 "setup",
// "motion_table"), which a run with dat files reads (docs/world.md).
func TestImport_CreateObjectDatIDs(t *testing.T) {
	var buf bytes.Buffer
	s := &capturetest.Session{F: capturetest.NewFile(&buf, capturetest.Pcap, capturetest.Ethernet),
		Server: serverAddr, Client: clientAddr, Base: base}
	here := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{96, 96, 0}, mgl32.QuatIdent())}
	there := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{90, 90, 0}, mgl32.QuatIdent())}
	s.Message(0, capturetest.PlayerCreate(0x50000001))
	s.Message(0, capturetest.CreateObject(0x50000001, "Me", here, recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(0x80000A01, "Drudge", there, recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(0x80000A02, "Chest", there, recording.Seq{Instance: 1}, false, nil))
	s.Flush(0)
	rec, _ := importBytes(t, "ids.pcap", buf.Bytes(), capture.Options{})
	got := map[uint32]recording.Entity{}
	for _, e := range rec.Header.Entities {
		got[e.GUID] = e
	}
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindCreate {
			got[ev.Entity.GUID] = *ev.Entity
		}
	}
	if e := got[0x80000A01]; e.Setup != 0x02000001 || e.MotionTableID != 0x09000001 || e.MotionTable != recording.DefaultMotionTable {
		t.Errorf("drudge %+v", e)
	}
	if e := got[0x80000A02]; e.Setup != 0x02000001 || e.MotionTableID != 0 {
		t.Errorf("chest (no motion table) %+v", e)
	}
}
