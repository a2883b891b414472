// State words of a part array and a motion interpreter: what a checkpoint
// stores of them comes back exactly, animations by reference.

package anim

import (
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// refTable numbers animations in the order met.
type refTable []*Animation

func (r *refTable) Ref(a *Animation) uint32 {
	for i, b := range *r {
		if a == b {
			return uint32(i)
		}
	}
	*r = append(*r, a)
	return uint32(len(*r) - 1)
}

func (r *refTable) Anim(ref uint32) (*Animation, bool) {
	if int(ref) >= len(*r) {
		return nil, false
	}
	return (*r)[ref], true
}

// seqState is the part of a part array the words carry (not the table,
// the hook target or the caches).
func seqState(p *PartArray) []any {
	s := &p.seq
	return []any{s.nodes, s.firstCyclic, s.curr, s.frameNumber, s.velocity, s.omega, s.posFrames, p.state}
}

// A part array in the middle of a cycle with a sidestep, a turn and an
// action queued round-trips, and loading reuses the list of a part array
// that held more nodes.
func TestPartArrayState_RoundTrips(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	p := NewPartArray(tbl)
	var mi MotionInterp = *NewMotionInterp()
	st := InterpretedState{Forward: RunForward, ForwardSpeed: 1.25, Sidestep: SideStepLeft, SidestepSpeed: 0.5, Turn: TurnRight, TurnSpeed: 1.5}
	if err := mi.ApplyInterpreted(st, p); err != nil {
		t.Fatal(err)
	}
	if err := p.PlayAction(Wave, 1); err != nil {
		t.Fatal(err)
	}
	var off physics.Frame
	for range 7 {
		p.Update(1.0/30, &off)
	}
	p.seq.velocity, p.seq.omega = mgl32.Vec3{1, -2, 3}, mgl32.Vec3{0, 0, -0.5}
	p.SetPosFrameRule(CombineLeavingForward)

	refs := &refTable{}
	var w physics.StateWriter
	p.AppendState(&w, refs)
	got := NewPartArray(tbl)
	got.seq.nodes = append(got.seq.nodes, make([]AnimSequenceNode, 9)...)
	r := physics.StateReader{W: w.W}
	got.LoadState(&r, refs)
	if r.Err != nil || len(r.W) != 0 {
		t.Fatalf("load: %v, %d words left", r.Err, len(r.W))
	}
	if !reflect.DeepEqual(seqState(got), seqState(p)) {
		t.Fatalf("part array came back as %v, want %v", seqState(got), seqState(p))
	}

	mi.serverActionStamp, mi.myRunRate = 77, 1.75
	mi.state.RunRate, mi.state.HasRunRate, mi.state.MovingTo, mi.moveTo = 2, true, true, true
	w = physics.StateWriter{}
	mi.AppendState(&w)
	var mg MotionInterp
	r = physics.StateReader{W: w.W}
	mg.LoadState(&r)
	if r.Err != nil || len(r.W) != 0 || mg != mi {
		t.Fatalf("motion interpreter came back as %+v, want %+v (%v)", mg, mi, r.Err)
	}
}

// Every MotionInterp field is in its words: a field added without one
// fails here.
func TestMotionInterpState_EveryField(t *testing.T) {
	v := reflect.TypeOf(MotionInterp{})
	got := []string{}
	for i := range v.NumField() {
		got = append(got, v.Field(i).Name)
	}
	want := []string{"state", "myRunRate", "currentSpeedFactor", "serverActionStamp", "moveTo"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("MotionInterp fields %v: the state words write %v — add the new field to AppendState and LoadState", got, want)
	}
	if n := reflect.TypeOf(InterpretedState{}).NumField(); n != 9 {
		t.Fatalf("InterpretedState has %d fields; the state words write 9", n)
	}
	if n := reflect.TypeOf(Sequence{}).NumField(); n != 12 {
		t.Fatalf("Sequence has %d fields; the state words were written for 12 (7 state, the hook, 3 caches, the still flag derived on load)", n)
	}
}

// Words naming an animation, a motion or a cursor that does not exist set
// the reader's error.
func TestPartArrayState_BadWords(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	p := NewPartArray(tbl)
	refs := &refTable{}
	var w physics.StateWriter
	p.AppendState(&w, refs)
	for name, edit := range map[string]func([]uint32){
		"unknown animation": func(x []uint32) { x[1] = 99 },
		"cursor past the list": func(x []uint32) {
			x[1+4*int(x[0])+1] = 7
		},
		"too many nodes": func(x []uint32) { x[0] = MaxStateNodes + 1 },
	} {
		x := append([]uint32(nil), w.W...)
		edit(x)
		r := physics.StateReader{W: x}
		NewPartArray(tbl).LoadState(&r, refs)
		if r.Err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	r := physics.StateReader{W: []uint32{200}}
	var m MotionInterp
	if m.LoadState(&r); r.Err == nil {
		t.Error("an unknown motion: no error")
	}
}
