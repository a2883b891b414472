// An example of writing a trace.

package trace_test

import (
	"os"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/trace"
)

// A headless run writes, per tick, one state row per object and then the
// tick's event rows.
func ExampleWriter() {
	w, err := trace.NewWriter(os.Stdout, &trace.Header{TickRate: 30, Reading: "seed", Input: "walk.jsonl"})
	if err != nil {
		panic(err)
	}
	w.WriteState(&trace.State{Tick: 12, GUID: 0x80000A01, Cell: 0xA9B4001F,
		Origin: mgl32.Vec3{91.25, 90, 0}, Heading: 90, Queue: 2, Contact: true})
	w.WriteEvent(&trace.Event{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventRoute, Route: trace.RouteInterpolate})
	w.Flush()
	// Output:
	// {"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"walk.jsonl"}
	// {"tick":12,"guid":"0x80000A01","cell":"0xA9B4001F","origin":[91.25,90,0],"heading":90,"queue":2,"fail":0,"contact":true}
	// {"tick":12,"guid":"0x80000A01","event":"route","branch":"interpolate"}
}
