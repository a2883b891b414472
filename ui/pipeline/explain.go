// Explaining a tick: what each stage produced for one object and why, from
// its stage record, its InterpolationManager state after the tick and the
// tick's events (seed 000 §3–§6, seed 003 §1–§12).

package pipeline

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// Row is one line of the panel.
type Row struct {
	Step Step
	// Ran says the stage ran this tick.
	Ran bool
	// Value is what the stage produced; Why the reason, in one line.
	Value, Why string
	// Doc is the docs/pipeline.md section that explains this row; "" means
	// the step's.
	Doc string
}

// Tick is what the panel explains: one object at one tick.
type Tick struct {
	Object *engine.ObjectView
	// Events are the object's events of this tick, in order.
	Events []model.Event
	// Reading is the run's reading; TickRate its ticks per second.
	Reading  interp.Reading
	TickRate int
}

// Explain returns the header row (UpdateObjectInternal) and one row per
// stage, in retail order.
func Explain(t *Tick) []Row {
	o := t.Object
	g := model.Geometry(o)
	rows := make([]Row, 0, 1+int(physics.NumStages))
	head := Row{Step: Entry, Ran: g.OK}
	if g.OK {
		head.Value = fmt.Sprintf("active, from %s", place(o.Position.Cell, g.Pre))
		head.Why = "transient_state & 0x80 (Active) is set, so the candidate is built, swept and committed"
	} else {
		head.Value = "dormant"
		head.Why = "Active is clear (or the body has no cell): only particles and scripts tick"
	}
	rows = append(rows, head)
	dt := 1 / float64(max(t.TickRate, 1))
	for s := range physics.NumStages {
		r := Row{Step: Steps[s], Ran: g.Ran[s]}
		switch s {
		case physics.StageRootMotion:
			r.Value, r.Why = rootMotion(o, &g, dt)
		case physics.StageAdjustOffset:
			r.Value, r.Why = adjustOffset(t, &g, dt)
		case physics.StageCombine:
			r.Value = place(o.Position.Cell, g.Pos[s])
			r.Why = fmt.Sprintf("candidate = Frame::combine(body frame, offset): %.3f m from where the tick began", g.Pos[s].Sub(g.Pre).Len())
		case physics.StagePhysics:
			r.Value, r.Why = physicsStep(o, &g)
		case physics.StageTransition:
			r.Value, r.Why = transition(o, &g)
			if ev := transitEvents(t); ev != "" {
				r.Why += "; " + ev
				r.Doc = "docs/pipeline.md#transition-events"
			}
		case physics.StageCommit:
			r.Value, r.Why = commit(o, &g)
		case physics.StageUseTime:
			r.Value, r.Why = useTime(t, &g)
		}
		if !r.Ran && r.Value == "" {
			r.Value = "did not run"
		}
		rows = append(rows, r)
	}
	return rows
}

// place is a position as "0xCELL (x, y, z)", landblock-local. cell is the
// body's after the tick; an outdoor point the tick's stages had outside its
// landblock (before a blip, a snap or a walk across the landblock's edge)
// is given in the landblock and outdoor cell that hold it, not as a
// negative or oversized origin beside a cell that does not hold it.
func place(cell uint32, p model.Vec3) string {
	l := model.Local(cell, p)
	const side = physics.LandblockLength
	if !physics.IsIndoorCell(cell) && !(l[0] >= 0 && l[0] < side && l[1] >= 0 && l[1] < side) {
		at := physics.NewPosition(cell, mgl32.Vec3{float32(l[0]), float32(l[1]), float32(l[2])}, 0)
		if at.Normalize() {
			cell = at.Cell
			l = model.Local(cell, p)
		}
	}
	return fmt.Sprintf("%s (%.2f, %.2f, %.2f)", hexid.String(cell), l[0], l[1], l[2])
}

func vec(v model.Vec3) string { return fmt.Sprintf("(%.3f, %.3f, %.3f)", z(v[0]), z(v[1]), z(v[2])) }

// z turns a value that prints as zero into 0, so no "-0.000" shows.
func z(v float64) float64 {
	if v > -0.0005 && v < 0.0005 {
		return 0
	}
	return v
}

func rootMotion(o *engine.ObjectView, g *model.StageGeometry, dt float64) (string, string) {
	if !g.Ran[physics.StageRootMotion] {
		return "did not run", "the object is hidden: no root motion and no physics step"
	}
	v := g.RootMotion
	value := fmt.Sprintf("%s m → %.2f m/s", vec(v), v.Len()/dt)
	switch {
	case !o.OnWalkable:
		return value, "not on walkable ground: the root motion is zeroed (docs/pipeline.md#root-motion)"
	case v.Len() == 0:
		return value, "the animation cycle has no root motion (standing, or a motion with zero velocity)"
	}
	return value, "the animation's root motion for this tick, × m_scale on walkable ground"
}

func adjustOffset(t *Tick, g *model.StageGeometry, dt float64) (string, string) {
	o := t.Object
	if !g.Ran[physics.StageAdjustOffset] {
		return "did not run", "no position manager"
	}
	value := fmt.Sprintf("offset %s m", vec(g.Offset))
	window, completed, blip := t.last(eventlog.EventStallWindow), t.last(eventlog.EventNodeComplete), t.last(eventlog.EventBlip)
	st := &o.Interp
	switch {
	case window != nil:
		return value, windowVerdict(window, t.Reading)
	case completed != nil && completed.Success:
		return value, "within 0.05 m of the head: NodeCompleted(1) pops it"
	case blip != nil && !t.Reading.StallPopsHead:
		return value, "fail counter past 3: adjust_offset snaps to the tail (this reading's stall action)"
	case len(o.Queue) == 0 && st.QueueLen == 0:
		return value, "queue empty: the offset is left as the root motion made it"
	case t.Reading.ContactGate && !o.Contact:
		return value, "not in contact (transient_state & 1 clear): adjust_offset returns at once"
	case len(o.Queue) > 0 && o.Queue[0].Type != interp.NodePosition:
		return value, "the head is a velocity node: UseTime applies it, adjust_offset skips"
	}
	w := st.Window
	why := fmt.Sprintf("window %d/%d", w.Frames, interp.StallCheckFrameInterval)
	if w.HasBaseline {
		why += fmt.Sprintf(", cumulative so far %.2f m (needs %.2f m by frame 5)", w.Cumulative, interp.MinDistanceToReachPosition)
	} else {
		why += ", no baseline yet (999999): this window passes"
	}
	step := g.Offset.Len()
	if c := float64(o.CatchUpSpeed); c > 0 {
		why += fmt.Sprintf("; step %.3f m toward the head at catch-up %.2f m/s", step, c)
		if step < c*dt-1e-4 {
			why += " (clamped: the head is closer)"
		}
	}
	if o.Constrained && o.Constraint.LastScale < 1 {
		why += fmt.Sprintf("; constraint scaled it by %.2f", o.Constraint.LastScale)
	}
	return value, why
}

// windowVerdict explains a judged stall window (seed 000 §4).
func windowVerdict(e *model.Event, r interp.Reading) string {
	min := interp.MinDistanceToReachPosition
	cmp := "<"
	if e.Cumulative >= min {
		cmp = "≥"
	}
	verdict := "fail: node_fail_counter++ and NodeCompleted(0)"
	if e.Pass {
		verdict = "pass: the window re-baselines"
	}
	primary := fmt.Sprintf("cumulative %.2f m %s %.2f m", e.Cumulative, cmp, min)
	if r.PrimaryTest == interp.PrimaryNone {
		primary = fmt.Sprintf("cumulative %.2f m (this reading has no 0.20 m test)", e.Cumulative)
	}
	return fmt.Sprintf("window %d/%d, %s, progress_quantum %.3f: %s",
		interp.StallCheckFrameInterval, interp.StallCheckFrameInterval, primary, e.ProgressQuantum, verdict)
}

func physicsStep(o *engine.ObjectView, g *model.StageGeometry) (string, string) {
	if !g.Ran[physics.StagePhysics] {
		return "did not run", "the object is hidden"
	}
	value := place(o.Position.Cell, g.Pos[physics.StagePhysics])
	d := g.PhysicsStep
	if d.Len() < 1e-6 {
		return value, "velocity zero: nothing integrated (walking remotes never set a velocity, docs/pipeline.md#physics)"
	}
	return value, fmt.Sprintf("Euler step %s m from velocity %s m/s and gravity", vec(d), vec(model.Vec(o.Velocity)))
}

func transition(o *engine.ObjectView, g *model.StageGeometry) (string, string) {
	r := &o.Stages
	if g.Ran[physics.StageTransition] {
		p := g.Pos[physics.StageTransition]
		short := p.Sub(g.Pos[physics.StagePhysics]).Len()
		why := "the sweep reached the candidate"
		if short > 1e-3 {
			why = fmt.Sprintf("the sweep stopped %.3f m short of the candidate (terrain or an obstacle)", short)
		}
		return place(o.Position.Cell, p), why
	}
	switch r.Commit {
	case physics.CommitNoSphere:
		return "not run", "the body has no collision sphere: set_frame commits the candidate"
	case physics.CommitUnmoved:
		return "not run", "the candidate did not move: set_frame commits it without a sweep"
	case physics.CommitTransitionFailed:
		return "failed", "no valid position along the sweep: set_frame keeps the unswept candidate"
	}
	return "did not run", ""
}

// transitEvents names the tick's transition events (wall, step, cell,
// land: the kinds with the transition's payload), "" when it has none.
func transitEvents(t *Tick) string {
	s := ""
	for i := range t.Events {
		e := &t.Events[i]
		if e.Kind.Info().Payload != eventlog.PayloadTransit {
			continue
		}
		if s != "" {
			s += "; "
		}
		s += e.Detail(nil)
	}
	return s
}

func commit(o *engine.ObjectView, g *model.StageGeometry) (string, string) {
	if !g.Ran[physics.StageCommit] {
		return "did not run", ""
	}
	p := g.Pos[physics.StageCommit]
	return place(o.Position.Cell, p), fmt.Sprintf("committed by %s; moved %.3f m this tick", o.Stages.Commit, p.Sub(g.Pre).Len())
}

func useTime(t *Tick, g *model.StageGeometry) (string, string) {
	o := t.Object
	if !g.Ran[physics.StageUseTime] {
		return "did not run", ""
	}
	for i := range t.Events {
		e := &t.Events[i]
		if e.Kind == eventlog.EventBlip && t.Reading.StallPopsHead {
			return place(o.Position.Cell, g.Pos[physics.StageUseTime]),
				fmt.Sprintf("BLIP to %s: SetPositionSimple %.2f m, then StopInterpolating", e.Target, e.To.Sub(e.From).Len())
		}
	}
	value := place(o.Position.Cell, g.Pos[physics.StageUseTime])
	fail := o.Interp.FailCounter
	switch {
	case fail > interp.StallFailCountThreshold:
		return value, fmt.Sprintf("node_fail_counter %d > %d: the blip did not place the body; retried next tick", fail, interp.StallFailCountThreshold)
	case len(o.Queue) == 0 && fail > 0:
		return value, fmt.Sprintf("queue empty with node_fail_counter %d: blips to blipto_position", fail)
	case len(o.Queue) == 0:
		return value, "queue empty, node_fail_counter 0: nothing to do"
	}
	return value, fmt.Sprintf("node_fail_counter %d ≤ %d: no blip; the head is a %s node", fail, interp.StallFailCountThreshold, o.Queue[0].Type)
}

// last is the tick's last event of kind k, nil when it has none.
func (t *Tick) last(k eventlog.EventKind) *model.Event {
	for i := len(t.Events) - 1; i >= 0; i-- {
		if t.Events[i].Kind == k {
			return &t.Events[i]
		}
	}
	return nil
}
