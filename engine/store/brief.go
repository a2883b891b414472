// A run's brief views as the history records them: the engine's
// BriefView or ObjectView (landblock-local positions) in global metres.

package store

import (
	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
)

// Global is p in global metres (physics.Position.Global).
func Global(p *physics.Position) Vec3 {
	g := p.Global()
	return Vec3{g[0], g[1], g[2]}
}

// BriefOf is the Brief of an engine brief view (engine.Query.Briefs).
func BriefOf(v *engine.BriefView) Brief {
	b := Brief{
		GUID: v.GUID, Name: v.Name, Cell: v.Position.Cell, Pos: Global(&v.Position), Heading: v.Heading,
		Contact: v.Contact, QueueLen: v.QueueLen, FailCounter: int(v.FailCounter), HasTruth: v.HasTruth,
	}
	if v.HasTruth {
		b.Truth = Global(&v.Truth)
	}
	if v.QueueLen > 0 && v.Head.Type == interp.NodePosition {
		b.HeadPosition, b.HeadPos = true, Global(&v.Head.Position)
	}
	return b
}

// BriefOfPoint is the Brief of an engine brief point (its view's,
// engine.BriefPointOf).
func BriefOfPoint(v *engine.BriefPoint) Brief {
	b := Brief{
		GUID: v.GUID, Name: v.Name, Cell: v.Cell, Pos: v.Pos, Heading: v.Heading, Contact: v.Contact,
		QueueLen: v.QueueLen, FailCounter: int(v.FailCounter), HasTruth: v.HasTruth,
	}
	if v.HasTruth {
		b.Truth = v.Truth
	}
	if v.HasHead {
		b.HeadPosition, b.HeadPos = true, v.Head
	}
	return b
}

// BriefOfObject is the Brief of an engine object view (engine.Query.Objects;
// its queue's head when the view has its Queue, engine.Query.ObjectsQueued).
func BriefOfObject(v *engine.ObjectView) Brief {
	b := Brief{
		GUID: v.GUID, Name: v.Name, Cell: v.Position.Cell, Pos: Global(&v.Position), Heading: v.Heading, Contact: v.Contact,
		QueueLen: max(len(v.Queue), v.Interp.QueueLen), FailCounter: int(v.Interp.FailCounter), HasTruth: v.HasTruth,
	}
	if v.HasTruth {
		b.Truth = Global(&v.Truth)
	}
	if len(v.Queue) > 0 && v.Queue[0].Type == interp.NodePosition {
		b.HeadPosition, b.HeadPos = true, Global(&v.Queue[0].Position)
	}
	return b
}
