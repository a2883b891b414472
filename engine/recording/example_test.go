// Examples of reading, writing and the raw PositionPack form.

package recording_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// A Reader streams events; a problem names the file, line and field.
func ExampleReader() {
	const walk = `{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]}}]}
{"t":0.2,"type":"position","guid":"0x80000A01","cell":"0xA9B4001F","origin":[90.625,90,0],"seq":{"instance":0,"position":1}}
{"t":0.4,"type":"position","guid":"0x80000A01","cell":"0xA9B4001F","origin":[91.25,90]}
`
	r, err := recording.NewReader("walk.jsonl", strings.NewReader(walk))
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(ev.T, ev.Kind, ev.Update.Pos.Frame.Origin, ev.Update.Seq.Position)
	}
	// Output:
	// 0.2 position [90.625 90 0] 1
	// walk.jsonl:3: position.origin: want 3 numbers, got 2
}

// A Writer writes files the Reader accepts.
func ExampleWriter() {
	at := func(x, y float32) physics.Position {
		return physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{x, y, 0}, mgl32.QuatIdent())}
	}
	h := recording.NewHeader()
	h.Entities = []recording.Entity{recording.NewEntity(0x80000A01, at(90, 90))}
	w, err := recording.NewWriter("walk.jsonl", os.Stdout, &h)
	if err != nil {
		panic(err)
	}
	ev := recording.Event{T: 0.2, Kind: recording.KindPosition, GUID: 0x80000A01}
	ev.Update = recording.UpdatePosition{Pos: at(90.625, 90), Grounded: true}
	ev.Update.Seq.Position = 1
	if err := w.Write(&ev); err != nil {
		panic(err)
	}
	w.Close()
	// Output:
	// {"format":"glidepath-recording","version":1,"tick_rate":30,"terrain":{"kind":"flat","z":0},"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]},"radius":0.35,"height":1.8,"motion_table":"humanoid"}]}
	// {"t":0.2,"type":"position","guid":"0x80000A01","cell":"0xA9B4001F","origin":[90.625,90,0],"seq":{"instance":0,"position":1,"teleport":0,"force_position":0}}
}

// The raw form of a position event is the whole UpdatePosition message.
func ExampleDecodeUpdatePosition() {
	u := recording.UpdatePosition{GUID: 0x80000A01, Grounded: true,
		Pos: physics.NewPosition(0xA9B4001F, mgl32.Vec3{91.25, 90, 0}, 90)}
	u.Seq.Position = 2
	b := recording.EncodeUpdatePosition(&u)
	fmt.Printf("%d bytes, flags 0x%02X\n", len(b), b[8])
	back, err := recording.DecodeUpdatePosition(b[:37])
	fmt.Println(back.GUID, err)
	// Output:
	// 44 bytes, flags 0x34
	// 0 truncated at instance_timestamp (offset 36)
}
