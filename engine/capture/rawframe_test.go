package capture_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// The frame an imported UpdatePosition names (its event's Line) reads
// back as the datagram that carried it: the message's PositionPack bytes
// are in its payload, at the capture time of the frame; a frame past the
// end is an error naming the file and the frame.
func TestReadDatagram_TheFrameOfAnImportedMessage(t *testing.T) {
	var buf bytes.Buffer
	s := &capturetest.Session{F: capturetest.NewFile(&buf, capturetest.Pcap, capturetest.Ethernet),
		Server: serverAddr, Client: clientAddr, Base: base}
	here := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{96, 96, 0}, mgl32.QuatIdent())}
	s.Message(0, capturetest.PlayerCreate(0x50000001))
	s.Message(0, capturetest.CreateObject(0x50000001, "Me", here, recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(0x80000A01, "Drudge", here, recording.Seq{Instance: 1}, true, nil))
	s.Flush(0)
	u := recording.UpdatePosition{GUID: 0x80000A01, Pos: here, Grounded: true, Seq: recording.PositionSeq{Instance: 1, Position: 7}}
	u.Pos.Frame.Origin[0] += 2
	msg := recording.EncodeUpdatePosition(&u)
	s.Message(0.5, msg)
	s.Flush(0.5)
	path := filepath.Join(t.TempDir(), "drudge.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := capture.Open(path, capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var pos recording.Event
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ev.Kind == recording.KindPosition {
			pos = ev
		}
	}
	if pos.Line == 0 {
		t.Fatal("no position event with a frame number")
	}
	d, err := capture.ReadDatagram(path, pos.Line)
	if err != nil {
		t.Fatal(err)
	}
	if d.Frame != pos.Line || !bytes.Contains(d.Payload, msg[4:]) {
		t.Fatalf("frame %d: payload % X does not hold the message % X", d.Frame, d.Payload, msg)
	}
	if got := d.Time.Sub(s.At(0)).Seconds(); got < 0.49 || got > 0.51 {
		t.Fatalf("frame time %.3f s after the start, want 0.5", got)
	}
	if d.Src != serverAddr || d.Dst != clientAddr {
		t.Fatalf("datagram %v → %v", d.Src, d.Dst)
	}
	if _, err := capture.ReadDatagram(path, 99); err == nil || !strings.Contains(err.Error(), "drudge.pcap: frame 99") {
		t.Fatalf("frame 99: %v", err)
	}
	if _, err := capture.ReadDatagram(path, 0); err == nil {
		t.Fatal("frame 0 read")
	}
}
