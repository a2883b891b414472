// Example: the same second of running with the Humanoid table (no root
// motion, seed 002 §5) and the baked table (4 m/s, seed 003 §3).

package anim_test

import (
	"fmt"
	"os"
	"path/filepath"

	"glidepath/physics"
	"glidepath/physics/anim"
)

// A running Humanoid gets no root motion from its animation sequence: the
// default table's RunForward velocity is zero (seed 002 §5). The baked
// table carries the seed 003 §3 hypothesis, (0, 4, 0) × speed, so the same
// second of running moves the body 4 m (READINGS.md item 11).
func Example_runningRootMotion() {
	for _, name := range []string{"humanoid", "humanoid-baked"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "assets", "motion", name+".json"))
		if err != nil {
			fmt.Println(err)
			return
		}
		table, err := anim.ParseMotionTable(name+".json", data)
		if err != nil {
			fmt.Println(err)
			return
		}
		parts := anim.NewPartArray(table)
		interp := anim.NewMotionInterp()
		run := anim.DefaultInterpretedState()
		run.Forward = anim.RunForward
		if err := interp.ApplyInterpreted(run, parts); err != nil {
			fmt.Println(err)
			return
		}
		var moved float32
		for range 30 { // one second of 1/30 s ticks
			offset := physics.IdentityFrame() // UpdatePositionInternal's fresh local frame
			parts.Update(1.0/30, &offset)
			moved += offset.Origin[1]
		}
		fmt.Printf("%-15s %.2f m/s\n", name+":", moved)
	}
	// Output:
	// humanoid:       0.00 m/s
	// humanoid-baked: 4.00 m/s
}
