// Example: compiling a scenario and reading what the client receives.

package scenario_test

import (
	"fmt"

	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// A remote walks 6.24 m east (two seconds at WalkAnimSpeed) while the server
// sends an update every second over a 0.1 s link: the client receives the
// walk motion, updates 3.12 m apart, and Ready a hair after the second update
// (float32 WalkAnimSpeed is just under 3.12).
func ExampleCompile() {
	src := `duration: 3.5
updates: 1.0
network: {latency: 0.1}
remotes:
  - guid: 0x80000A01
    position: [90, 90]
    heading: 90
    script:
      - walk_to: [96.24, 90]
`
	rec, err := scenario.Compile("walk.yaml", []byte(src), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ev := range rec.Events {
		switch ev.Kind {
		case recording.KindMotion:
			fmt.Printf("t=%.2f motion %v\n", ev.T, ev.Motion.Forward)
		case recording.KindPosition:
			fmt.Printf("t=%.2f position x=%.2f stamp %d\n", ev.T, ev.Update.Pos.Frame.Origin[0], ev.Update.Seq.Position)
		}
	}
	// Output:
	// t=0.10 motion WalkForward
	// t=1.10 position x=93.12 stamp 1
	// t=2.10 position x=96.24 stamp 2
	// t=2.10 motion Ready
	// t=3.10 position x=96.24 stamp 3
}
