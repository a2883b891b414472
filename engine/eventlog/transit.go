// The transition's events (issue 40): what CPhysicsObj::transition
// (0x00512DC0) did to a body in a tick — met a wall, stepped up or down,
// crossed into another cell, landed — from the object's TransitionReport
// (physics/transit_entry.go), with their words, details lines and cause
// chains ("slid along wall polygon 12 of cell 0x01D90108's CellStruct
// 0x3"). The detector is engine/transit.go.

package eventlog

import (
	"fmt"
	"strconv"

	"glidepath/engine/hexid"
)

// HitKind says what a wall event's step met.
type HitKind uint8

// Hit kinds (physics.TransitionReport.HitKind).
const (
	HitNone HitKind = iota
	// HitCellStruct: a polygon of an EnvCell's CellStruct (floors, walls
	// and ceilings indoors); ID is the CellStruct's index in its
	// Environment, Cell the EnvCell.
	HitCellStruct
	// HitGfxObj: a physics polygon of a GfxObj (a static, a building's
	// shell); ID is the GfxObj, Cell the cell it stands in.
	HitGfxObj
	// HitCylSphere and HitSphere: an object's cylsphere or sphere, Index
	// its place in the Setup.
	HitCylSphere
	HitSphere
	// HitOther: something the report names in words the log does not keep.
	HitOther
	// HitObstacle: a scenario obstacle (the terrain's or the scenario's
	// obstacles, physics.Obstacle); ID is its place in the world's obstacle
	// list, Name its name, Poly the polygon of a box, Index 1 for a
	// cylinder's cylsphere (0 for a box's polygon).
	HitObstacle
)

var hitNames = [...]string{
	HitNone: "none", HitCellStruct: "CellStruct", HitGfxObj: "GfxObj",
	HitCylSphere: "cylsphere", HitSphere: "sphere", HitOther: "other",
	HitObstacle: "obstacle",
}

// Valid reports whether k is a hit kind a wall event may carry (not
// HitNone, not past the last kind).
func (k HitKind) Valid() bool { return k != HitNone && int(k) < len(hitNames) }

// String is the kind's name in traces ("CellStruct", "GfxObj",
// "cylsphere", "sphere").
func (k HitKind) String() string {
	if int(k) < len(hitNames) {
		return hitNames[k]
	}
	return "HitKind(" + strconv.Itoa(int(k)) + ")"
}

// Hit is what a wall event's step met: a polygon (Poly) of a CellStruct or
// GfxObj (ID) in Cell, an object's sphere or cylsphere (Index) in Cell, or
// a scenario obstacle (ID its number, Name its name).
type Hit struct {
	Kind  HitKind
	Index uint8
	Poly  uint16
	ID    uint32
	Cell  uint32
	Name  string
}

// Same reports whether h and o are the same polygon or object (the name
// aside, which a checkpoint does not keep: the obstacle's number is
// enough).
func (h *Hit) Same(o *Hit) bool {
	return h.Kind == o.Kind && h.Index == o.Index && h.Poly == o.Poly && h.ID == o.ID && h.Cell == o.Cell
}

// Text names the hit: "polygon 12 of cell 0x01D90108's CellStruct 0x3",
// "polygon 4 of GfxObj 0x01000300 in cell 0xC0C00024", "cylsphere 0 of an
// object in cell 0xA9B4001F", "polygon 1 of obstacle 0 "wall" (a box) in
// cell 0xA9B4002C", "obstacle 1 "well" (a cylinder) in cell 0xA9B4001F".
func (h *Hit) Text() string {
	switch h.Kind {
	case HitCellStruct:
		// ID is the Environment's low word above the CellStruct's index
		// (engine/datworld).
		return fmt.Sprintf("polygon %d of cell %s's CellStruct %d", h.Poly, hexid.String(h.Cell), h.ID&0xFFFF)
	case HitGfxObj:
		return fmt.Sprintf("polygon %d of GfxObj %s in cell %s", h.Poly, hexid.String(h.ID), hexid.String(h.Cell))
	case HitCylSphere, HitSphere:
		return fmt.Sprintf("%s %d of an object in cell %s", h.Kind, h.Index, hexid.String(h.Cell))
	case HitObstacle:
		name := ""
		if h.Name != "" {
			name = " " + strconv.Quote(h.Name)
		}
		if h.Index != 0 {
			return fmt.Sprintf("obstacle %d%s (a cylinder) in cell %s", h.ID, name, hexid.String(h.Cell))
		}
		return fmt.Sprintf("polygon %d of obstacle %d%s (a box) in cell %s", h.Poly, h.ID, name, hexid.String(h.Cell))
	}
	return "something in cell " + hexid.String(h.Cell)
}

// wallWhat is "slid along wall polygon 12 of …" or "stopped by …".
func wallWhat(h *Hit, slid bool) string {
	what := "stopped by "
	if slid {
		what = "slid along "
	}
	if h.Kind == HitCellStruct || h.Kind == HitGfxObj || h.Kind == HitObstacle && h.Index == 0 {
		what += "wall "
	}
	return what + h.Text()
}

func wallText(e *Event) string { return wallWhat(&e.Hit, e.Slid) }

// wallCause is a wall event's cause chain.
func wallCause(e *Event) (what, why string) {
	what = wallWhat(&e.Hit, e.Slid)
	why = "the transition (CTransition::find_valid_position) swept the body's spheres toward this tick's candidate and met it"
	moved := PlaceDistance(&e.From, &e.To)
	switch {
	case e.Slid:
		why += fmt.Sprintf("; slide_sphere kept the part of the step along its plane, %s m this tick", MetresText(moved))
	case moved < 0.001:
		why += ": no valid position past it, so the body kept its origin (a head-on stop)"
	default:
		why += fmt.Sprintf(": the step was cut short there, %s m this tick", MetresText(moved))
	}
	return what, why
}

func wallDetail(e *Viewed, _ *Note) string {
	return "wall: " + wallWhat(&e.Hit, e.Slid)
}

// stepWhat is "stepped up 0.30 m" or "stepped down 0.30 m".
func stepWhat(d float32) string {
	if d >= 0 {
		return "stepped up " + MetresText(d) + " m"
	}
	return "stepped down " + MetresText(-d) + " m"
}

func stepText(e *Event) string { return stepWhat(e.Distance) }

// stepCause is a step event's cause chain.
func stepCause(e *Event) (what, why string) {
	what = stepWhat(e.Distance)
	if e.Distance >= 0 {
		why = "the feet met a rise within the Setup's step-up height: step_up (CTransition::step_up) lifted the body onto walkable ground above it"
	} else {
		why = "the ground fell away under the step within the Setup's step-down height: step_down (CTransition::step_down) kept the body on the walkable ground below"
	}
	why += fmt.Sprintf(", in cell %s", hexid.String(e.To.Cell))
	return what, why
}

func stepDetail(e *Viewed, _ *Note) string { return "step: " + stepWhat(e.Distance) }

// cellWhat is "crossed from cell 0xC0C00024 to 0xC0C00100".
func cellWhat(from, to uint32) string {
	return "crossed from cell " + hexid.String(from) + " to " + hexid.String(to)
}

func cellText(e *Event) string { return cellWhat(e.From.Cell, e.To.Cell) }

// indoor reports whether cell is an EnvCell (low word 0x0100 and above).
func indoor(cell uint32) bool { return cell&0xFFFF >= 0x100 }

// cellCause is a cell event's cause chain.
func cellCause(e *Event) (what, why string) {
	what = cellWhat(e.From.Cell, e.To.Cell)
	switch a, b := indoor(e.From.Cell), indoor(e.To.Cell); {
	case !a && b:
		why = "the body's sphere went through a building's portal into an indoor cell (find_cell_list over the LandCell's building portals)"
	case a && !b:
		why = "the body's sphere went out through a portal to the outside (check_other_cells: the portal's other cell is 0xFFFF)"
	case a && b:
		why = "the body's sphere went through a portal between two indoor cells (find_cell_list over the EnvCell's portals)"
	default:
		why = "the body crossed an outdoor cell line (the 24 m LandCells of LandDefs; find_cell_list)"
	}
	return what, why
}

func cellDetail(e *Viewed, _ *Note) string { return "cell: " + cellWhat(e.FromCell, e.ToCell) }

// landWhat is "landed after falling 1.20 m", and " on polygon 0 of …"
// when the hit is known.
func landWhat(d float32, h *Hit) string {
	s := "landed after falling " + MetresText(d) + " m"
	if h.Kind != HitNone {
		s += " on " + h.Text()
	}
	return s
}

func landText(e *Event) string { return landWhat(e.Distance, &e.Hit) }

// landCause is a land event's cause chain.
func landCause(e *Event) (what, why string) {
	what = landWhat(e.Distance, &e.Hit)
	why = "the falling body's lowest sphere reached walkable ground (OBJECTINFO::validate_walkable): the transition set the contact plane, so Contact came back on, in cell " + hexid.String(e.To.Cell)
	return what, why
}

func landDetail(e *Viewed, _ *Note) string { return "land: " + landWhat(e.Distance, &e.Hit) }
