// Stage geometry: where each stage of an object's last tick put the body,
// and the vectors the viewport draws for them — the animation's root motion,
// the offset adjust_offset left, the physics step (seed 003 §2, §12). The
// stage record keeps the two offset stages as body-local frames; the
// body's frame before the tick is recovered from the combine stage, since
// Frame::combine(pre, offset) gave it (Frame::subtract1 inverts that).

package model

import (
	"glidepath/engine"
	"glidepath/physics"
)

// StageGeometry is an object's last tick in global metres.
type StageGeometry struct {
	// OK says the tick ran its candidate stages (the object was not
	// dormant).
	OK bool
	// Pre is the body position before the tick.
	Pre Vec3
	// Pos is the candidate body position after each stage, for the stages
	// that ran (Ran).
	Ran [physics.NumStages]bool
	Pos [physics.NumStages]Vec3
	// RootMotion is CPartArray::Update's root motion, Offset the offset
	// adjust_offset left (what combine added) and PhysicsStep what
	// UpdatePhysicsInternal added, each a global vector for this tick.
	RootMotion, Offset, PhysicsStep Vec3
}

// Geometry works out the stage geometry of o's last tick from its stage
// record (none unless the run records stages: engine.Options.RecordStages).
func Geometry(o *engine.ObjectView) StageGeometry {
	var g StageGeometry
	r := &o.Stages
	if !r.Ran[physics.StageCombine] {
		return g
	}
	ident := physics.IdentityFrame()
	root, offset := &ident, &ident
	if r.Ran[physics.StageRootMotion] {
		root = &r.Pos[physics.StageRootMotion].Frame
		offset = root
	}
	if r.Ran[physics.StageAdjustOffset] {
		offset = &r.Pos[physics.StageAdjustOffset].Frame
	}
	comb := r.Pos[physics.StageCombine]
	pre := physics.Position{Cell: comb.Cell, Frame: physics.Subtract1(&comb.Frame, offset)}
	g.OK = true
	g.Pre = Global(&pre)
	g.RootMotion = Vec(pre.Frame.LocalToGlobalVec(root.Origin))
	g.Offset = Vec(pre.Frame.LocalToGlobalVec(offset.Origin))
	for s := range physics.NumStages {
		if !r.Ran[s] {
			continue
		}
		g.Ran[s] = true
		switch s {
		case physics.StageRootMotion, physics.StageAdjustOffset:
			f := physics.Combine(&pre.Frame, &r.Pos[s].Frame)
			p := physics.Position{Cell: pre.Cell, Frame: f}
			g.Pos[s] = Global(&p)
		default:
			g.Pos[s] = Global(&r.Pos[s])
		}
	}
	if r.Ran[physics.StagePhysics] {
		g.PhysicsStep = g.Pos[physics.StagePhysics].Sub(g.Pos[physics.StageCombine])
	}
	return g
}
