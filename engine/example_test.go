// Example: a recording replayed tick by tick, and what the pipeline did.

package engine_test

import (
	"fmt"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
)

// A remote jumps 119 m in one update. The update is routed to InterpolateTo
// (within the 96 m bubble, seed 004 §3), whose far branch pre-arms the blip
// (farther than 100 m, seed 000 §3) that the same tick's UseTime performs
// (seed 000 §6).
func ExampleSim() {
	rec, err := recording.ReadFile("testdata/far_jump.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for sim.Tick() < 30 {
		sim.Step()
	}
	for _, e := range sim.Query().EventsAt(30) {
		switch e.Kind {
		case eventlog.EventRoute:
			fmt.Println(e.Tick, e.Kind, e.Route)
		case eventlog.EventEnqueue:
			fmt.Println(e.Tick, e.Kind, e.Branch)
		case eventlog.EventBlip:
			fmt.Println(e.Tick, e.Kind, e.Target, e.From.Origin, "->", e.To.Origin)
		}
	}
	v, _ := sim.Query().Object(0x80000A01)
	fmt.Println("body at", v.Position.Frame.Origin)
	// Output:
	// 30 route interpolate
	// 30 enqueue far
	// 30 blip tail [21 90 0] -> [140 90 0]
	// body at [140 90 0]
}
