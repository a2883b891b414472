// The canonical corpus: small Recording v1 inputs, each written to show a
// few retail behaviours at known ticks (behaviours.go). Every input is built
// here from explicit events — one object in landblock 0xA9B4 and what the
// client received about it — so the corpus is the same bytes in every
// release that does not change this file. Positions go as raw UpdatePosition
// messages (the `raw` form), the bytes a client's own handler decodes.

package conformcmd

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Input is one input of the corpus: its name (the file is
// inputs/NAME.jsonl, a client's trace TRACES_DIR/NAME.jsonl), what it shows
// and the behaviours it exercises, in claim order (a tick where several of
// them show belongs to the first listed, behaviours.go).
type Input struct {
	Name        string
	Description string
	Behaviours  []string
	Build       func() *recording.Recording
}

// guid is the one object of every corpus input.
const guid = 0x80000C01

// cell is the outdoor cell of landblock 0xA9B4 the inputs play in.
const cell = 0xA9B40001

// dt is one tick at the corpus's 30 Hz.
const dt = 1.0 / 30

// at returns the time of tick k, a little before it so that the event is
// due at k whatever the rounding (recording v1 "Delivery semantics").
func at(k int) float64 { return float64(k)*dt - 0.001 }

// pos is an outdoor position of landblock 0xA9B4 at (x, y, z) facing east.
func pos(x, y, z float32) physics.Position {
	p := physics.NewPosition(cell, mgl32.Vec3{x, y, z}, 90)
	p.Normalize()
	return p
}

// builder writes one input's events.
type builder struct {
	rec   *recording.Recording
	stamp uint16
}

// newInput is an input with the one object at (x, y, z) (with a motion
// interpreter at runRate when runRate > 0) and the observer at (96, 96).
func newInput(x, y, z, runRate float32) *builder {
	h := recording.NewHeader()
	h.HasObserver, h.Observer = true, pos(96, 96, 0)
	e := recording.NewEntity(guid, pos(x, y, z))
	e.Name = "Conformance remote"
	e.Seq.Instance = 1
	if runRate > 0 {
		e.HasMotion, e.RunRate = true, runRate
	}
	h.Entities = []recording.Entity{e}
	return &builder{rec: &recording.Recording{Header: h}}
}

// update appends an UpdatePosition due at tick k with the next position
// stamp (and the given teleport stamp and IsGrounded flag).
func (b *builder) update(k int, p physics.Position, teleport uint16, grounded bool) {
	b.stamp++
	b.updateStamped(k, p, 1, b.stamp, teleport, grounded)
}

// updateStamped appends an UpdatePosition with explicit stamps.
func (b *builder) updateStamped(k int, p physics.Position, instance, position, teleport uint16, grounded bool) {
	b.rec.Events = append(b.rec.Events, recording.Event{
		T: at(k), Kind: recording.KindPosition, GUID: guid, HasGUID: true, Raw: true,
		Update: recording.UpdatePosition{GUID: guid, Pos: p, Grounded: grounded,
			Seq: recording.PositionSeq{Instance: instance, Position: position, Teleport: teleport}},
	})
}

// moveTo appends an UpdatePosition to (x, y) on the ground.
func (b *builder) moveTo(k int, x, y float32) { b.update(k, pos(x, y, 0), 0, true) }

// observer moves the local player at tick k.
func (b *builder) observer(k int, p physics.Position) {
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindObserver, Pos: p})
}

// vector appends a VectorUpdate at tick k.
func (b *builder) vector(k int, v mgl32.Vec3, stamp uint16) {
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindVector, GUID: guid, HasGUID: true,
		Vector: recording.Vector{Velocity: v, Seq: recording.VectorSeq{Instance: 1, Vector: stamp}}})
}

// run appends an UpdateMotion at tick k: RunForward at speed 1.
func (b *builder) run(k int) {
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindMotion, GUID: guid, HasGUID: true, Motion: m})
}

// stickTo appends an interpreted UpdateMotion at tick k (Ready) sticking
// the object to target.
func (b *builder) stickTo(k int, target uint32) {
	m := recording.NewMotion()
	m.StickTo = target
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindMotion, GUID: guid, HasGUID: true, Motion: m})
}

// moveToPosition appends a MoveToPosition UpdateMotion (movement type 7)
// at tick k toward dest, with the default MoveToParameters.
func (b *builder) moveToPosition(k int, dest physics.Position) {
	m := recording.NewMotion()
	m.MovementType = recording.MoveToPosition
	p := recording.DefaultMoveToParams()
	p.Position = dest
	m.MoveTo = &p
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindMotion, GUID: guid, HasGUID: true, Motion: m})
}

// until ends the input at tick k with a note (the run lasts to its last
// event).
func (b *builder) until(k int, text string) *recording.Recording {
	b.rec.Events = append(b.rec.Events, recording.Event{T: at(k), Kind: recording.KindNote, Text: text})
	return b.rec
}

// Corpus lists the canonical inputs in the order init writes them and
// conform reports them. Adding an input is one entry here; adding a
// behaviour one entry in Behaviours (behaviours.go) and its name in an
// input's list.
var Corpus = []Input{
	{
		Name:        "routing",
		Description: "every MoveOrTeleport branch and stamp outcome of one remote, one UpdatePosition at a time",
		Behaviours: []string{"route.teleport", "route.slide", "route.airborne", "route.interpolate",
			"stamp.stale_position", "stamp.stale_teleport", "stamp.wrong_instance"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			b.moveTo(3, 90.6, 90)                                                     // interpolate
			b.updateStamped(12, pos(95, 90, 0), 1, 1, 0, true)                        // stamp 1 again: stale position
			b.updateStamped(18, pos(95, 90, 0), 2, 2, 0, true)                        // instance 2: wrong instance
			b.stamp = 1                                                               // the wrong instance stored nothing
			b.update(24, pos(100, 100, 0), 1, true)                                   // newer teleport stamp: teleport
			b.update(30, pos(101, 100, 0), 0, true)                                   // older teleport stamp: stale teleport
			b.update(36, pos(100.5, 100, 0), 1, false)                                // not grounded: airborne
			b.observer(42, physics.NewPosition(0xA9B20001, mgl32.Vec3{96, 30, 0}, 0)) // 160 m away
			b.update(45, pos(100, 100.6, 0), 1, true)                                 // player_distance ≥ 96: slide
			return b.until(52, "routing done")
		},
	},
	{
		Name:        "walk",
		Description: "a remote walking east on updates 1.2 m apart: near enqueues, catch-up to each node and arrival, passing stall windows, then an update where the body already stands",
		Behaviours:  []string{"enqueue.arrived", "catchup.arrival", "enqueue.near", "stall.window_pass"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			x := float32(90)
			for k := 2; k <= 50; k += 8 {
				x += 1.2
				b.moveTo(k, x, 90)
			}
			b.moveTo(66, x, 90) // already there: arrived
			return b.until(72, "walk done")
		},
	},
	{
		Name:        "prune",
		Description: "a duplicate of the tail node 3 cm off, enqueued the next tick: the near branch drops the one stale tail",
		Behaviours:  []string{"enqueue.tail_prune"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			b.moveTo(2, 93, 90)
			b.moveTo(3, 93.03, 90)
			return b.until(30, "prune done")
		},
	},
	{
		Name:        "cap",
		Description: "six updates 1 m apart each tick, far faster than catch-up: the queue reaches 20 and each further node evicts the head",
		Behaviours:  []string{"enqueue.cap_eviction"},
		Build: func() *recording.Recording {
			b := newInput(60, 90, 0, 0)
			for n := 1; n <= 24; n++ {
				b.moveTo(1+(n-1)/6, 60+float32(n), 90)
			}
			return b.until(30, "cap done")
		},
	},
	{
		Name:        "far",
		Description: "an UpdatePosition 150 m from the body: the far branch pre-arms node_fail_counter and the same tick's UseTime blips to the tail",
		Behaviours:  []string{"enqueue.far_prearm"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			b.moveTo(5, 90, 240) // the next landblock north, 150 m away
			return b.until(15, "far done")
		},
	},
	{
		Name:        "prune-loop",
		Description: "two tail nodes 6 cm apart and an update between them: the tail-prune loop removes both",
		Behaviours:  []string{"enqueue.prune_loop"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			b.moveTo(2, 93, 90)
			b.moveTo(3, 93.06, 90)
			b.moveTo(4, 93.03, 90)
			return b.until(30, "prune loop done")
		},
	},
	{
		Name:        "stall",
		Description: "a remote whose catch-up speed is 8 mm/s (run rate 0.001; a step under F_EPSILON, 0.2 mm, would not move it at all): every 5-frame window fails, each failure pops the head, and UseTime blips",
		Behaviours:  []string{"stall.blip", "stall.fail_pops_head"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0.001)
			for k := 2; k <= 6; k++ {
				b.moveTo(k, 90+float32(k-1), 90)
			}
			return b.until(60, "stall done")
		},
	},
	{
		Name:        "jump",
		Description: "a VectorUpdate throws the remote 4 m/s up: it leaves the ground and lands",
		Behaviours:  []string{"contact.airborne", "contact.landing"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 0)
			b.vector(3, mgl32.Vec3{0, 0, 4}, 1)
			return b.until(50, "jump done")
		},
	},
	{
		Name:        "airborne-gate",
		Description: "a remote falling from 6 m receives a grounded update 2 m away: adjust_offset does nothing until it has contact",
		Behaviours:  []string{"interp.contact_gate"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 6, 0)
			b.moveTo(2, 92, 90)
			return b.until(40, "airborne gate done")
		},
	},
	{
		Name:        "constraint",
		Description: "an UpdatePosition 30 m from the body: ConstrainTo anchors there and the first step toward it is scaled down",
		Behaviours:  []string{"constraint.scale"},
		Build: func() *recording.Recording {
			b := newInput(60, 90, 0, 0)
			b.moveTo(3, 90, 90)
			return b.until(20, "constraint done")
		},
	},
	{
		Name:        "run-baked",
		Description: "a remote running on the motion table with baked locomotion: root motion carries it, a teleport places it, then updates it glides to replace the root motion",
		Behaviours:  []string{"motion.root_motion", "interp.overwrite_offset"},
		Build: func() *recording.Recording {
			b := newInput(90, 60, 0, 1)
			b.rec.Header.Entities[0].MotionTable = "humanoid-baked"
			b.run(1)
			b.update(10, pos(90, 70, 0), 1, true)
			for k := 16; k <= 40; k += 6 {
				b.update(k, pos(90+float32(k-10)/4, 70, 0), 1, true)
			}
			return b.until(50, "run done")
		},
	},
	{
		Name:        "sticky",
		Description: "an UpdateMotion sticks the remote to a second object 4 m away: the StickyManager pulls it there while updates arrive",
		Behaviours:  []string{"sticky.pull"},
		Build: func() *recording.Recording {
			b := newInput(90, 90, 0, 1)
			t := recording.NewEntity(guid+1, pos(94, 90, 0))
			t.Name, t.Seq.Instance = "Sticky target", 1
			b.rec.Header.Entities = append(b.rec.Header.Entities, t)
			b.stickTo(2, guid+1)
			b.moveTo(5, 90.5, 90)
			b.moveTo(10, 91, 90)
			return b.until(30, "sticky done")
		},
	},
	{
		Name:        "moveto",
		Description: "a MoveToPosition 30 m north on the motion table with baked locomotion: the MoveToManager runs the remote there, and a slide (the player 160 m away) places it on the way",
		Behaviours:  []string{"moveto.runs"},
		Build: func() *recording.Recording {
			b := newInput(90, 60, 0, 1)
			north := func(y float32) physics.Position {
				p := physics.NewPosition(cell, mgl32.Vec3{90, y, 0}, 0)
				p.Normalize()
				return p
			}
			e := &b.rec.Header.Entities[0]
			e.MotionTable, e.Pos = "humanoid-baked", north(60) // facing the destination: no turn first
			b.rec.Header.Observer = physics.NewPosition(0xA9B20001, mgl32.Vec3{96, 30, 0}, 0)
			b.moveToPosition(2, north(90))
			b.update(12, north(64), 0, true)
			return b.until(40, "moveto done")
		},
	},
}
