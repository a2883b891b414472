package dat_test

import (
	"fmt"
	"os"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// Open a dat folder, then read a landblock's heights through the height
// table, a setup's collision cylinder and a motion table's walk cycle.
func Example() {
	dir, _ := os.MkdirTemp("", "dats")
	defer os.RemoveAll(dir)
	if err := dattest.WriteStandard(dir); err != nil {
		fmt.Println(err)
		return
	}
	d, err := dat.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Close()

	region, _ := d.Region()
	lb, _ := d.LandBlock(0xA9B4FFFF)
	h := region.Heights(lb)
	fmt.Printf("landblock 0x%08X: height at (0, 0) %v m, at (8, 8) %v m\n", lb.ID, h[0*9+0], h[8*9+8])

	s, _ := d.Setup(0x0200004E)
	c := s.CylSpheres[0]
	fmt.Printf("setup 0x%08X: cylsphere radius %v height %v, step up %v\n", s.ID, c.Radius, c.Height, s.StepUpHeight)

	m, _ := d.MotionTable(0x09000001)
	walk, _ := m.Cycle(0x8000003D, 0x45000005)
	fmt.Printf("walk: animation 0x%08X at %v fps, velocity %v\n", walk.Anims[0].AnimID, walk.Anims[0].Framerate, walk.Velocity)

	_, err = d.Setup(0x02000002)
	fmt.Println(err)
	// Output:
	// landblock 0xA9B4FFFF: height at (0, 0) 104 m, at (8, 8) 104 m
	// setup 0x0200004E: cylsphere radius 1.2 height 3.5, step up 0.8
	// walk: animation 0x03000002 at 30 fps, velocity [0 3.12 0]
	// client_portal.dat: entry 0x02000002: not in the file
}
