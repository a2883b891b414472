// The inspector: the selection's state at the cursor, field by field, under
// the names retail gives the fields.

package inspect

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// Line is one line of the inspector: a section heading (Heading set, Label
// the title), a field (Label and Value) or a table row (Cells, one per
// column; the first table row is the column heads).
type Line struct {
	Heading bool
	Label   string
	Value   string
	Cells   []string
}

// QueueColumns are the queue table's column heads.
var QueueColumns = []string{"#", "type", "cell", "x", "y", "z", "dist"}

// Inspect returns the inspector's lines for o at tick (rate ticks a second).
func Inspect(o *engine.ObjectView, tick, rate int) []Line {
	var ls []Line
	head := func(s string) { ls = append(ls, Line{Heading: true, Label: s}) }
	field := func(l, format string, args ...any) {
		ls = append(ls, Line{Label: l, Value: fmt.Sprintf(format, args...)})
	}
	table := func(cells ...string) { ls = append(ls, Line{Cells: cells}) }
	f2 := func(v float64) string { return fmt.Sprintf("%.2f", v) }
	pos := model.Global(&o.Position)
	loc := model.Local(o.Position.Cell, pos)
	head(fmt.Sprintf("%s  %s", o.Name, hexid.String(o.GUID)))
	field("m_position", "%s (%.2f, %.2f, %.2f)", hexid.String(o.Position.Cell), loc[0], loc[1], loc[2])
	if o.Parent != 0 || o.Static {
		// A held item or a static is never simulated (engine/object.go):
		// it has no InterpolationManager, queue or catch-up speed to show.
		return attachedLines(ls, o)
	}
	field("heading", "%.1f°", float64(o.Heading))
	contact := "airborne (Contact clear)"
	if o.Contact {
		contact = "Contact"
		if o.OnWalkable {
			contact += " · OnWalkable"
		}
	}
	if !o.Active {
		contact += " · dormant"
	}
	field("transient_state", "%s", contact)
	v := model.Vec(o.Velocity)
	field("m_velocityVector", "(%.2f, %.2f, %.2f) m/s", v[0], v[1], v[2])
	motion := "none (no motion interpreter)"
	if m := motionName(o); m != "" {
		motion = m
	}
	field("motion", "%s · catch-up %.2f m/s", motion, float64(o.CatchUpSpeed))
	field("player_distance", "%.2f m", float64(o.PlayerDistance))
	if o.HasTruth {
		field("server truth", "error %.2f m (received tick %d)", model.Global(&o.Truth).Sub(pos).Len(), o.TruthTick)
	}

	st := &o.Interp
	head("InterpolationManager")
	field("position_queue", "%d node(s)", st.QueueLen)
	field("node_fail_counter", "%d", st.FailCounter)
	field("frame_counter", "%d", st.FrameCounter)
	field("progress_quantum", "%.4f", st.ProgressQuantum)
	if st.OriginalDistance >= interp.LargeDistance {
		field("original_distance", "999999 (no baseline)")
	} else {
		field("original_distance", "%.3f m", st.OriginalDistance)
	}
	field("keep_heading", "%v", st.KeepHeading)
	bl := st.BliptoPosition
	bp := model.Global(&bl)
	bll := model.Local(bl.Cell, bp)
	field("blipto_position", "%s (%.2f, %.2f, %.2f)", hexid.String(bl.Cell), bll[0], bll[1], bll[2])
	w := st.Window
	field("stall window", "frame %d/%d · cumulative %.3f m", w.Frames, interp.StallCheckFrameInterval, w.Cumulative)

	if len(o.Queue) > 0 {
		head("position_queue (head first)")
		table(QueueColumns...)
		for i := range o.Queue {
			n := &o.Queue[i]
			np := model.Global(&n.Position)
			l := model.Local(n.Position.Cell, np)
			table(fmt.Sprint(i+1), n.Type.String(), fmt.Sprintf("%08X", n.Position.Cell), f2(l[0]), f2(l[1]), f2(l[2]), f2(np.Sub(pos).Len()))
		}
	}

	head("ConstraintManager")
	if o.Constrained {
		c := &o.Constraint
		cp := c.Position
		cg := model.Global(&cp)
		cl := model.Local(cp.Cell, cg)
		field("constraint_pos", "%s (%.2f, %.2f, %.2f)", hexid.String(cp.Cell), cl[0], cl[1], cl[2])
		field("distance start/max", "%.1f / %.1f m", c.Start, c.Max)
		field("constraint_pos_offset", "%.3f m · last scale %.2f", c.Offset, c.LastScale)
	} else {
		field("is_constrained", "no")
	}

	head("Routing (docs/pipeline.md#move-or-teleport)")
	if o.LastRoute != 0 {
		ago := float64(tick-o.LastRouteTick) / float64(max(rate, 1))
		field("last branch", "%s (tick %d, %.2f s ago)", o.LastRoute, o.LastRouteTick, ago)
	} else {
		field("last branch", "none yet")
	}
	s := &o.UpdateTimes
	field("stamps", "pos %d · tele %d · inst %d · force %d · vec %d",
		s[physics.StampPosition], s[physics.StampTeleport], s[physics.StampInstance], s[physics.StampForcePosition], s[physics.StampVector])
	ls = stampLines(ls, o)
	ls = managerLines(ls, o)
	return ls
}

// attachedLines are the inspector's lines for a held item or a static after
// its position: what it is, and that the pipeline does not move it.
func attachedLines(ls []Line, o *engine.ObjectView) []Line {
	field := func(l, format string, args ...any) {
		ls = append(ls, Line{Label: l, Value: fmt.Sprintf(format, args...)})
	}
	if o.Parent != 0 {
		holder := hexid.String(o.Parent)
		if o.Parent == recording.ObserverTarget {
			holder = "the player (the observer)"
		}
		field("held by", "%s", holder)
		field("simulated", "no: a held item (CreateObject PhysicsDesc parent) is carried by its holder and drawn at its position; no UpdatePosition is routed to it, so it has no InterpolationManager, queue or catch-up speed")
		return ls
	}
	field("static", "yes (entity static: a door, a chest, a portal)")
	field("simulated", "no: a static is part of the world; no UpdatePosition is routed to it, so it has no InterpolationManager, queue or catch-up speed")
	return ls
}

// motionName names o's interpreted motion, "" without a motion interpreter.
func motionName(o *engine.ObjectView) string {
	if !o.HasMotion {
		return ""
	}
	return o.Motion.Forward.String()
}
