package capture_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// A capture in, Recording v1 events out: the server names the player,
// creates a drudge, and moves it; the player's own position becomes the
// observer.
func Example() {
	var buf bytes.Buffer
	s := &capturetest.Session{F: capturetest.NewFile(&buf, capturetest.Pcap, capturetest.Ethernet),
		Server: serverAddr, Client: clientAddr, Base: base}
	here := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{96, 96, 0}, mgl32.QuatIdent())}
	there := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{90, 90, 0}, mgl32.QuatIdent())}
	s.Message(0, capturetest.PlayerCreate(0x50000001))
	s.Message(0, capturetest.CreateObject(0x50000001, "Me", here, recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(0x80000A01, "Drudge", there, recording.Seq{Instance: 1}, true, nil))
	s.Flush(0)
	u := recording.UpdatePosition{GUID: 0x80000A01, Pos: there, Grounded: true, Seq: recording.PositionSeq{Instance: 1, Position: 1}}
	u.Pos.Frame.Origin[0] += 2
	s.Message(0.5, recording.EncodeUpdatePosition(&u))
	s.Flush(0.5)

	r, err := capture.NewReader("drudge.pcap", &buf, capture.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := r.Header()
	fmt.Println("observer", h.Observer.Frame.Origin, "entities", len(h.Entities), h.Entities[0].Name)
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		fmt.Printf("t=%.1f %s %08X raw=%v\n", ev.T, ev.Kind, ev.GUID, ev.Raw)
	}
	sum := r.Summary()
	fmt.Println("messages", sum.Messages, "player", sum.Player)
	// Output:
	// observer [96 96 0] entities 1 Drudge
	// t=0.0 observer 00000000 raw=false
	// t=0.5 position 80000A01 raw=true
	// messages 4 player 0x50000001
}
