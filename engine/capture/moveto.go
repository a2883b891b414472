// Move-to movement data: what UpdateMotion 0xF74C carries after its
// MovementData header for movement types 6–9. Layout from ACE
// Network/Motion: MoveToObject (target guid, Origin, MoveToParameters, run
// rate), MoveToPosition (Origin, MoveToParameters, run rate), TurnToObject
// (target guid, desired heading, TurnToParameters), TurnToHeading
// (TurnToParameters); Origin is a cell and a vector; MoveToParameters is u32
// flags then distance_to_object, min_distance, fail_distance, speed,
// walk_run_threshold and desired_heading as f32; TurnToParameters is u32
// flags, speed and desired_heading.

package capture

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Movement types that carry move-to data.
const (
	mtMoveToObject   = 6
	mtMoveToPosition = 7
	mtTurnToObject   = 8
	mtTurnToHeading  = 9
)

// moveToTypes maps the wire's movement types 6–9 to the recording's.
var moveToTypes = map[uint8]recording.MovementType{
	mtMoveToObject:   recording.MoveToObject,
	mtMoveToPosition: recording.MoveToPosition,
	mtTurnToObject:   recording.TurnToObject,
	mtTurnToHeading:  recording.TurnToHeading,
}

// decodeMoveTo reads the move-to data of movement type m.kind (6–9) into
// m.state, with every MoveToParameters field set (a decoded message has
// them all). Flag bits Glidepath does not know are dropped and named in
// m.notCarried; the desired heading is folded into [0, 360).
func decodeMoveTo(r *wire, m *movement) {
	t, ok := moveToTypes[m.kind]
	if !ok {
		return
	}
	m.state = recording.NewMotion()
	m.state.MovementType = t
	p := recording.DefaultMoveToParams()
	switch m.kind {
	case mtMoveToObject, mtTurnToObject:
		m.state.Target = r.u32("move_to.target")
	}
	switch m.kind {
	case mtMoveToObject, mtMoveToPosition:
		cell := r.u32("move_to.origin.cell")
		origin := r.vec3("move_to.origin.position")
		if m.kind == mtMoveToPosition {
			p.Position = physics.Position{Cell: cell, Frame: physics.NewFrame(origin, mgl32.QuatIdent())}
		}
		p.Flags = r.u32("move_to.params.flags")
		p.Distance = r.f32("move_to.params.distance_to_object")
		p.MinDistance = r.f32("move_to.params.min_distance")
		p.FailDistance = r.f32("move_to.params.fail_distance")
		p.Speed = r.f32("move_to.params.speed")
		p.WalkRunThreshold = r.f32("move_to.params.walk_run_threshold")
		p.DesiredHeading = r.f32("move_to.params.desired_heading")
		// Retail's unpack_movement stores the run rate into my_run_rate
		// as it comes (ACE MoveToObject.cs / MoveToPosition.cs write
		// motion.RunRate; a server's 0 is a rate of 0, not "none"). A
		// negative rate is no rate a motion interpreter runs at: dropped
		// and counted.
		m.state.RunRate = r.f32("move_to.run_rate")
		m.state.HasRunRate = r.err == "" && m.state.RunRate >= 0
		if r.err == "" && m.state.RunRate < 0 {
			m.notCarried = append(m.notCarried, "negative move-to run rate (dropped)")
			m.state.RunRate = 0
		}
	case mtTurnToObject, mtTurnToHeading:
		var own float32
		if m.kind == mtTurnToObject {
			// TurnToObject's own desired heading: "used instead of the
			// DesiredHeading in the TurnToParameters" (ACE
			// Network/Motion/TurnToObject.cs; retail unpack_movement
			// stores it into the parameters after reading them).
			own = r.f32("turn_to.object_heading")
		}
		p.Flags = r.u32("turn_to.params.flags")
		p.Speed = r.f32("turn_to.params.speed")
		p.DesiredHeading = r.f32("turn_to.params.desired_heading")
		if m.kind == mtTurnToObject {
			p.DesiredHeading = own
		}
	}
	if unknown := p.Flags &^ recording.MoveFlagsKnown; unknown != 0 {
		m.notCarried = append(m.notCarried, fmt.Sprintf("MovementParams bits 0x%X (dropped)", unknown))
		p.Flags &= recording.MoveFlagsKnown
	}
	for _, d := range []*float32{&p.Distance, &p.MinDistance, &p.FailDistance, &p.WalkRunThreshold} {
		if *d < 0 {
			m.notCarried = append(m.notCarried, "negative move-to distance (as 0)")
			*d = 0
		}
	}
	if h := float64(p.DesiredHeading); h < 0 || h >= 360 {
		h = math.Mod(h, 360)
		if h < 0 {
			h += 360
		}
		if h >= 360 {
			h = 0
		}
		p.DesiredHeading = float32(h)
		if p.DesiredHeading >= 360 {
			p.DesiredHeading = 0
		}
	}
	if m.kind == mtMoveToObject && p.Flags&recording.MoveFlagSticky != 0 {
		m.state.Sticky = true
	}
	m.state.MoveTo = &p
}
