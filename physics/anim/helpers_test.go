// Test helpers: synthetic animations, a recording hook target and float
// comparisons shared by the package's tests.

package anim

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// hookEvent is one call a recorder received.
type hookEvent struct {
	anim  string
	frame int
	dir   HookDirection
	done  bool
}

func (e hookEvent) String() string {
	if e.done {
		return "done"
	}
	return fmt.Sprintf("%s[%d]%s", e.anim, e.frame, e.dir)
}

// recorder is a HookTarget that records every call in order.
type recorder struct{ events []hookEvent }

func (r *recorder) ExecuteHooks(pf *PartFrame, dir HookDirection) {
	r.events = append(r.events, hookEvent{anim: pf.Anim.Name(), frame: pf.Index, dir: dir})
}

func (r *recorder) AnimDone() { r.events = append(r.events, hookEvent{done: true}) }

func (r *recorder) frames(dir HookDirection) []int {
	var out []int
	for _, e := range r.events {
		if !e.done && e.dir == dir {
			out = append(out, e.frame)
		}
	}
	return out
}

func (r *recorder) doneCount() int {
	n := 0
	for _, e := range r.events {
		if e.done {
			n++
		}
	}
	return n
}

// mkAnim builds an animation without pos_frames.
func mkAnim(t testing.TB, name string, frames int) *Animation {
	t.Helper()
	a, err := NewAnimation(name, frames, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// mkPosAnim builds an animation whose every pos_frame translates by step.
func mkPosAnim(t testing.TB, name string, frames int, step mgl32.Vec3) *Animation {
	t.Helper()
	pos := make([]physics.Frame, frames)
	for i := range pos {
		pos[i] = physics.NewFrame(step, mgl32.QuatIdent())
	}
	a, err := NewAnimation(name, frames, pos)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// loadTable parses a shipped motion table from assets/motion.
func loadTable(t testing.TB, name string) *MotionTable {
	t.Helper()
	file := filepath.Join("..", "..", "assets", "motion", name+".json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := ParseMotionTable(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func vecNear(a, b mgl32.Vec3, tol float64) bool {
	for i := range 3 {
		if !near(float64(a[i]), float64(b[i]), tol) {
			return false
		}
	}
	return true
}

// quatNear compares rotations up to the sign of the quaternion.
func quatNear(a, b mgl32.Quat, tol float64) bool {
	d := float64(a.Dot(b))
	return near(math.Abs(d), 1, tol)
}
