package ui

import (
	"bytes"
	"image"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
	"glidepath/ui/panel"
)

// firstPositionTick is the first tick at which an UpdatePosition for guid
// is delivered in a's run.
func firstPositionTick(t *testing.T, a *app, guid uint32) int {
	t.Helper()
	st := panel.StoreOfRun(a.sess.Cur())
	if st == nil {
		t.Fatal("the run keeps no event store")
	}
	var ev recording.Event
	for k := 0; k <= a.pb.Last(); k++ {
		lo, hi := st.Due(k)
		for i := lo; i < hi; i++ {
			if st.At(i, &ev); ev.Kind == recording.KindPosition && ev.GUID == guid {
				return k
			}
		}
	}
	t.Fatal("no UpdatePosition delivered")
	return 0
}

// msgText is the panel's lines, one a line.
func msgText(a *app) string {
	var b strings.Builder
	for _, l := range a.msgs.Lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// clickMsgLine clicks the panel's line k.
func clickMsgLine(t *testing.T, a *app, k int) {
	t.Helper()
	r := a.msgs.Rect
	pt := image.Pt(r.Min.X+40, r.Min.Y+4+k*panel.LineHeight+panel.LineHeight/2-a.msgs.Scroll.Y)
	if !a.msgs.Contains(pt) {
		t.Fatalf("line %d at %v is outside the panel %v", k, pt, r)
	}
	if tick, ok := a.msgs.Mouse(pt, 0, true, a.pb.Cursor()); ok {
		a.nav.goTo(a, tick)
	}
	step(t, a)
}

// Shift+M lists the messages delivered at the cursor; a row opens to every
// field read — the stamps, the flags, the PositionPack's optional parts —
// and the message's bytes; a wider span lists other ticks' messages, and a
// click on one of those moves the cursor to its delivery tick.
func TestMessages_ListOpenAndJump(t *testing.T) {
	const courier = 0x80000C01
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	k := firstPositionTick(t, a, courier)
	a.pb.Seek(k)
	a.apply(cmdMessages)
	step(t, a)
	text := msgText(a)
	if !strings.Contains(text, "position 0x80000C01") {
		t.Fatalf("tick %d: the panel lists no UpdatePosition of the Courier:\n%s", k, text)
	}
	row := -1
	for i, l := range a.msgs.Lines {
		if l.Head && l.Event >= 0 && strings.Contains(l.Text, "position") {
			row = i
			break
		}
	}
	clickMsgLine(t, a, row)
	text = msgText(a)
	for _, want := range []string{"compiled from the scenario", "Seq.Position: ", "Seq.Teleport: ", "Seq.ForcePosition: ", "Seq.Instance: ",
		"HasVelocity: ", "HasPlacement: ", "Grounded: ", "Pos.Cell: 0x", "PositionPack bytes", "0000  "} {
		if !strings.Contains(text, want) {
			t.Errorf("the opened UpdatePosition has no %q:\n%s", want, text)
		}
	}
	if a.pb.Cursor() != k {
		t.Fatalf("opening a row at the cursor moved it to %d", a.pb.Cursor())
	}
	clickMsgLine(t, a, 0) // the title: ±2
	clickMsgLine(t, a, 0) // ±15
	if !strings.Contains(a.msgs.Lines[0].Text, "±15") {
		t.Fatalf("title %q after two clicks", a.msgs.Lines[0].Text)
	}
	other := -1
	for i, l := range a.msgs.Lines {
		if l.Head && l.Event >= 0 && l.Tick != k {
			other = i
			break
		}
	}
	if other < 0 {
		t.Fatalf("±15 ticks around %d list no other tick's message:\n%s", k, msgText(a))
	}
	want := a.msgs.Lines[other].Tick
	clickMsgLine(t, a, other)
	if a.pb.Cursor() != want {
		t.Fatalf("clicking a message of tick %d left the cursor at %d", want, a.pb.Cursor())
	}
	// With nothing selected every object's messages show; with one
	// selected, only its.
	for _, l := range a.msgs.Lines {
		if l.Head && l.Event >= 0 && !strings.Contains(l.Text, "0x80000C01") {
			t.Errorf("the Courier selected, the panel lists %q", l.Text)
		}
	}
}

// For a capture an opened message shows its frame number, the frame's
// capture time and the raw bytes of the datagram that carried it, read
// again from the file.
func TestMessages_CaptureRawBytes(t *testing.T) {
	var buf bytes.Buffer
	base := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	s := &capturetest.Session{F: capturetest.NewFile(&buf, capturetest.Pcap, capturetest.Ethernet),
		Server: netip.MustParseAddrPort("127.0.0.1:9001"), Client: netip.MustParseAddrPort("127.0.0.1:61000"), Base: base}
	here := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{96, 96, 0}, mgl32.QuatIdent())}
	s.Message(0, capturetest.PlayerCreate(0x50000001))
	s.Message(0, capturetest.CreateObject(0x50000001, "Me", here, recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(0x80000A01, "Drudge", here, recording.Seq{Instance: 1}, true, nil))
	s.Flush(0)
	u := recording.UpdatePosition{GUID: 0x80000A01, Pos: here, Grounded: true, HasVelocity: true, Velocity: mgl32.Vec3{1, 0, 0},
		Seq: recording.PositionSeq{Instance: 1, Position: 7}}
	u.Pos.Frame.Origin[0] += 2
	msg := recording.EncodeUpdatePosition(&u)
	s.Message(0.5, msg)
	s.Flush(0.5)
	s.Message(1, capturetest.DeleteObject(0x80000A01, 1))
	s.Flush(1)
	path := filepath.Join(t.TempDir(), "drudge.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, path, nil, 0, 1280, 800)
	k := firstPositionTick(t, a, 0x80000A01)
	a.pb.Seek(k)
	a.apply(cmdMessages)
	step(t, a)
	row := -1
	for i, l := range a.msgs.Lines {
		if l.Head && strings.Contains(l.Text, "position 0x80000A01") {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no position row:\n%s", msgText(a))
	}
	clickMsgLine(t, a, row)
	text := msgText(a)
	for _, want := range []string{"capture frame ", "at 2026-11-25 09:00:00.5", "127.0.0.1:9001 → 127.0.0.1:61000", "UDP payload", "HasVelocity: true", "Velocity: [1 0 0]", "Seq.Position: 7"} {
		if !strings.Contains(text, want) {
			t.Errorf("the opened capture message has no %q:\n%s", want, text)
		}
	}
	// The message's own bytes are within the hex of the datagram.
	var hex strings.Builder
	for _, l := range a.msgs.Lines {
		if len(l.Text) > 6 && l.Text[4:6] == "  " {
			hex.WriteString(l.Text[6:] + " ")
		}
	}
	if h := hex.String(); !strings.Contains(strings.Join(strings.Fields(h), " "), strings.Join(strings.Fields(strings.ToUpper(bytesHex(msg[4:12]))), " ")) {
		t.Errorf("the hex lines do not hold the message's bytes % X", msg[4:12])
	}
}

func bytesHex(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		s.WriteString(" " + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
	}
	return s.String()
}
