// Doc links: where docs/pipeline.md explains each stage of the tick, each
// routing and InterpolateTo branch and each kind of event, so that the
// viewer, reports and explanations cite the project's own page (users do not
// have the research documents it summarises). The anchors are written out
// whole so the docs test can check each one exists.

package eventlog

import (
	"glidepath/interp"
	"glidepath/physics"
)

// PipelineDoc is the page every link below points into.
const PipelineDoc = "docs/pipeline.md"

var stageDocs = [physics.NumStages]string{
	physics.StageRootMotion:   "docs/pipeline.md#root-motion",
	physics.StageAdjustOffset: "docs/pipeline.md#adjust-offset",
	physics.StageCombine:      "docs/pipeline.md#combine",
	physics.StagePhysics:      "docs/pipeline.md#physics",
	physics.StageTransition:   "docs/pipeline.md#transition",
	physics.StageCommit:       "docs/pipeline.md#commit",
	physics.StageUseTime:      "docs/pipeline.md#use-time",
}

// TickDoc explains the tick as a whole (CPhysicsObj::UpdateObjectInternal).
const TickDoc = "docs/pipeline.md#update-object-internal"

// DeliverDoc explains the tick's message handling, before any stage.
const DeliverDoc = "docs/pipeline.md#deliver"

// StageDoc is the link that explains stage s; TickDoc for an unknown stage.
func StageDoc(s physics.Stage) string {
	if s < physics.NumStages {
		return stageDocs[s]
	}
	return TickDoc
}

// RouteDoc is the link that explains routing branch r.
func RouteDoc(r physics.Route) string {
	switch r {
	case physics.RouteWrongInstance:
		return "docs/pipeline.md#unpack-position-event"
	case physics.RouteStalePosition:
		return "docs/pipeline.md#handle-received-position"
	}
	return "docs/pipeline.md#move-or-teleport"
}

// BranchDoc is the link that explains InterpolateTo's branches (b is any
// of them: one section covers all three).
func BranchDoc(interp.EnqueueBranch) string { return "docs/pipeline.md#interpolate-to" }

// Doc is the link that explains an event of kind k: the stage or branch
// that produces it (the kinds table's Doc).
func (k EventKind) Doc() string { return k.Info().Doc }
