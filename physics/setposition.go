// SetPosition: placing the object at a position rather than sweeping it
// there — CPhysicsObj::SetPosition and SetPositionSimple with retail's
// SetPositionStruct flags (seed 004 §5), through retail's placement
// transition (transit_entry.go).

package physics

import "strconv"

// SetPositionFlags are SetPositionStruct's flags. The values are ACE's
// SetPositionFlags; seed 004 §5's own table guesses other names for 0x2 and
// 0x10, but the combinations it quotes (0x1002, 0x1012) are the same bits.
type SetPositionFlags uint32

// SetPositionStruct flags.
const (
	SetPositionPlacement         SetPositionFlags = 0x0001
	SetPositionTeleport          SetPositionFlags = 0x0002
	SetPositionRestore           SetPositionFlags = 0x0004
	SetPositionSlide             SetPositionFlags = 0x0010
	SetPositionDontCreateCells   SetPositionFlags = 0x0020
	SetPositionScatter           SetPositionFlags = 0x0100
	SetPositionRandomScatter     SetPositionFlags = 0x0200
	SetPositionLine              SetPositionFlags = 0x0400
	SetPositionSendPositionEvent SetPositionFlags = 0x1000

	// SetPositionSimpleFlags is what SetPositionSimple(p, 0) passes: 0x1002.
	SetPositionSimpleFlags = SetPositionSendPositionEvent | SetPositionTeleport
	// SetPositionSlideFlags is SetPositionSimple(p, 1), and also what
	// MoveOrTeleport's teleport branch passes: 0x1012 (seed 004 §3, §5).
	SetPositionSlideFlags = SetPositionSimpleFlags | SetPositionSlide
)

// SetPositionError is retail's SetPositionError.
type SetPositionError uint32

// SetPositionError values (ACE).
const (
	SetPositionOK              SetPositionError = 0
	SetPositionGeneralFailure  SetPositionError = 1
	SetPositionNoValidPosition SetPositionError = 2
	SetPositionNoCell          SetPositionError = 3
	SetPositionCollided        SetPositionError = 4
)

// String is the retail enum name.
func (e SetPositionError) String() string {
	switch e {
	case SetPositionOK:
		return "OK_SPE"
	case SetPositionGeneralFailure:
		return "GENERAL_FAILURE_SPE"
	case SetPositionNoValidPosition:
		return "NO_VALID_POSITION_SPE"
	case SetPositionNoCell:
		return "NO_CELL_SPE"
	case SetPositionCollided:
		return "COLLIDED_SPE"
	}
	return "SetPositionError(" + strconv.Itoa(int(e)) + ")"
}

// SetPosition is CPhysicsObj::SetPosition (0x005160C0, seed 004 §5): place
// the body at p through the placement transition (retailPlacement,
// CTransition::find_placement_position) and commit it with
// SetPositionInternal. Without SetPositionSlide the body must fit where
// the initial placement puts it; with it, find_placement_pos may move it to
// a free spot up to 4 m away.
// Placing an object with no cell enters it into the world (it becomes
// active).
func (o *Object) SetPosition(p *Position, flags SetPositionFlags) SetPositionError {
	if o.pos.Cell == 0 {
		o.SetActive(true) // prepare_to_enter_world
	}
	t, err := o.retailPlacement(p, flags&SetPositionSlide != 0)
	if err != SetPositionOK {
		return err
	}
	o.setPositionInternal(t)
	return SetPositionOK
}

// SetPositionSimple is CPhysicsObj::SetPositionSimple (0x005162B0, seed 004
// §5): SetPosition with flags 0x1002, or 0x1012 when slide is set. It
// reports whether the placement succeeded (OK_SPE), as interp.Body asks.
func (o *Object) SetPositionSimple(p *Position, slide bool) bool {
	flags := SetPositionSimpleFlags
	if slide {
		flags = SetPositionSlideFlags
	}
	return o.SetPosition(p, flags) == SetPositionOK
}
