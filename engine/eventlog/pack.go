// Event packing: the compact byte form the event store keeps a recording's
// events in for seeking (engine/eventstore.go) — tens of bytes an event instead of
// a 304-byte recording.Event. Every field a reader or a scenario sets is
// kept bit for bit (a rotation as sent, flag-omitted components included;
// -0 stays -0), so an event decodes to the value that was packed and a run
// over the store is the run over the events.

package eventlog

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Flags of a packed event (its second byte).
const (
	packHasGUID  = 1 << iota // Event.HasGUID
	packGUID                 // Event.GUID is written (it is not the slot's)
	packUpdGUID              // position: Update.GUID is written (it is not GUID)
	packRaw                  // position: Event.Raw
	packGrounded             // position: Update.Grounded
	packVelocity             // position: Update.HasVelocity (velocity written)
	packPlace                // position: Update.HasPlacement (placement written)
	packMotionTo             // motion: MovingTo
)

// packClient, in a truth's flags (the bit a position's Raw takes), says its
// client report is written: the action, the four stamps and a byte of
// Contact (bit 0) and LongJump (bit 1).
const packClient = packRaw

// packCached, in a position's rotation mask, says the frame's matrix is
// cached.
const packCached = 1 << 4

// A motion's flags byte: HasRunRate, Sticky, whether it has an action
// list and move-to parameters, HasSeq (the three stamps written),
// Autonomous, and whether StickTo is written.
const (
	packRunRate = 1 << iota
	packSticky
	packActions
	packMoveTo
	packSeq
	packAutonomous
	packStickTo
)

func putF32(b []byte, v float32) []byte {
	return binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
}

func putVec(b []byte, v mgl32.Vec3) []byte {
	return putF32(putF32(putF32(b, v[0]), v[1]), v[2])
}

// putPos writes a position: cell, origin, a mask of the rotation's
// components that are +0 (omitted, as the wire's flags omit them), then the
// others (W, X, Y, Z).
func putPos(b []byte, p *physics.Position) []byte {
	b = binary.LittleEndian.AppendUint32(b, p.Cell)
	b = putVec(b, p.Frame.Origin)
	q := [4]float32{p.Frame.Rot.W, p.Frame.Rot.V[0], p.Frame.Rot.V[1], p.Frame.Rot.V[2]}
	var mask byte
	for i, c := range q {
		if math.Float32bits(c) == 0 {
			mask |= 1 << i
		}
	}
	// The frame's cached matrix is the reader's (Frame::cache of the
	// rotation) or, for a position built in memory, none.
	if p.Frame.Matrix() == physics.NewFrame(p.Frame.Origin, p.Frame.Rot).Matrix() {
		mask |= packCached
	}
	b = append(b, mask)
	for i, c := range q {
		if mask&(1<<i) == 0 {
			b = putF32(b, c)
		}
	}
	return b
}

// AppendEvent appends ev, about slot target (−1: none) whose guid is
// slotGUID, to b. aux is the index into the store's side table an event
// keeps there (a note's text), ignored otherwise.
func AppendEvent(b []byte, ev *recording.Event, target int32, slotGUID uint32, prevLine int, aux int) []byte {
	var flags byte
	if ev.HasGUID {
		flags |= packHasGUID
	}
	if ev.GUID != slotGUID || target < 0 {
		if ev.GUID != 0 {
			flags |= packGUID
		}
	}
	u := &ev.Update
	if ev.Kind == recording.KindPosition {
		if u.GUID != ev.GUID {
			flags |= packUpdGUID
		}
		if ev.Raw {
			flags |= packRaw
		}
		if u.Grounded {
			flags |= packGrounded
		}
		if u.HasVelocity {
			flags |= packVelocity
		}
		if u.HasPlacement {
			flags |= packPlace
		}
	}
	if ev.Kind == recording.KindMotion && ev.Motion.MovingTo {
		flags |= packMotionTo
	}
	if ev.Kind == recording.KindTruth && ev.Client.Action != 0 {
		flags |= packClient
	}
	b = append(b, byte(ev.Kind), flags)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(ev.T))
	b = binary.AppendVarint(b, int64(ev.Line-prevLine))
	b = binary.AppendUvarint(b, uint64(target+1))
	if flags&packGUID != 0 {
		b = binary.LittleEndian.AppendUint32(b, ev.GUID)
	}
	switch ev.Kind {
	case recording.KindPosition:
		if flags&packUpdGUID != 0 {
			b = binary.LittleEndian.AppendUint32(b, u.GUID)
		}
		b = putPos(b, &u.Pos)
		if u.HasVelocity {
			b = putVec(b, u.Velocity)
		}
		if u.HasPlacement {
			b = binary.LittleEndian.AppendUint32(b, u.Placement)
		}
		b = binary.AppendUvarint(b, uint64(u.Seq.Instance))
		b = binary.AppendUvarint(b, uint64(u.Seq.Position))
		b = binary.AppendUvarint(b, uint64(u.Seq.Teleport))
		b = binary.AppendUvarint(b, uint64(u.Seq.ForcePosition))
	case recording.KindMotion:
		m := &ev.Motion
		var rr byte
		if m.HasRunRate {
			rr = packRunRate
		}
		if m.Sticky {
			rr |= packSticky
		}
		if m.Actions != nil {
			rr |= packActions
		}
		if m.MoveTo != nil {
			rr |= packMoveTo
		}
		if m.HasSeq {
			rr |= packSeq
		}
		if m.Autonomous {
			rr |= packAutonomous
		}
		if m.StickTo != 0 {
			rr |= packStickTo
		}
		b = append(b, byte(m.Forward), byte(m.Sidestep), byte(m.Turn), rr, byte(m.MovementType))
		b = putF32(putF32(putF32(putF32(b, m.ForwardSpeed), m.SidestepSpeed), m.TurnSpeed), m.RunRate)
		b = binary.LittleEndian.AppendUint32(b, m.Target)
		if m.Actions != nil {
			// The whole array, so that an event decodes bit for bit.
			b = append(b, m.NumActions)
			for _, a := range m.Actions {
				var auto byte
				if a.Autonomous {
					auto = 1
				}
				b = append(b, byte(a.Command), auto)
				b = binary.LittleEndian.AppendUint16(b, a.Stamp)
				b = putF32(b, a.Speed)
			}
		}
		if p := m.MoveTo; p != nil {
			b = binary.LittleEndian.AppendUint32(b, p.Flags)
			for _, f := range [...]float32{p.Distance, p.MinDistance, p.FailDistance, p.WalkRunThreshold, p.Speed, p.DesiredHeading} {
				b = putF32(b, f)
			}
			b = putPos(b, &p.Position)
		}
		if m.HasSeq {
			b = binary.AppendUvarint(b, uint64(m.Seq.Instance))
			b = binary.AppendUvarint(b, uint64(m.Seq.Movement))
			b = binary.AppendUvarint(b, uint64(m.Seq.ServerControl))
		}
		if m.StickTo != 0 {
			b = binary.LittleEndian.AppendUint32(b, m.StickTo)
		}
	case recording.KindVector:
		v := &ev.Vector
		b = putVec(putVec(b, v.Velocity), v.Omega)
		b = binary.AppendUvarint(b, uint64(v.Seq.Instance))
		b = binary.AppendUvarint(b, uint64(v.Seq.Vector))
	case recording.KindObserver:
		b = putPos(b, &ev.Pos)
	case recording.KindTruth:
		b = putPos(b, &ev.Pos)
		if c := &ev.Client; c.Action != 0 {
			b = binary.AppendUvarint(b, uint64(c.Action))
			for _, v := range [...]uint16{c.Seq.Instance, c.Seq.ServerControl, c.Seq.Teleport, c.Seq.ForcePosition} {
				b = binary.AppendUvarint(b, uint64(v))
			}
			var cl byte
			if c.Contact {
				cl |= 1
			}
			if c.LongJump {
				cl |= 2
			}
			b = append(b, cl)
		}
	case recording.KindNote:
		b = binary.AppendUvarint(b, uint64(aux))
	}
	return b
}

// Unpacker reads packed events from one byte slice.
type Unpacker struct {
	b   []byte
	off int
}

// NewUnpacker reads the packed events of b from offset off.
func NewUnpacker(b []byte, off int) Unpacker { return Unpacker{b: b, off: off} }

// Off is the offset of the next packed event.
func (d *Unpacker) Off() int { return d.off }

func (d *Unpacker) u8() byte { v := d.b[d.off]; d.off++; return v }

func (d *Unpacker) u32() uint32 {
	v := binary.LittleEndian.Uint32(d.b[d.off:])
	d.off += 4
	return v
}

func (d *Unpacker) f32() float32 { return math.Float32frombits(d.u32()) }

func (d *Unpacker) vec() mgl32.Vec3 { return mgl32.Vec3{d.f32(), d.f32(), d.f32()} }

func (d *Unpacker) uvarint() uint64 {
	v, n := binary.Uvarint(d.b[d.off:])
	d.off += n
	return v
}

func (d *Unpacker) varint() int64 {
	v, n := binary.Varint(d.b[d.off:])
	d.off += n
	return v
}

func (d *Unpacker) pos(p *physics.Position) {
	p.Cell = d.u32()
	origin := d.vec()
	mask := d.u8()
	var q [4]float32
	for i := range q {
		if mask&(1<<i) == 0 {
			q[i] = d.f32()
		}
	}
	// The rotation is kept as sent, not normalised.
	p.Frame = physics.Frame{Origin: origin, Rot: mgl32.Quat{W: q[0], V: mgl32.Vec3{q[1], q[2], q[3]}}}
	if mask&packCached != 0 {
		p.Frame.Cache()
	}
}

// Event decodes the event at d.off into ev (every field set) and returns
// the slot it is about (−1: none) and the side-table index of a note's
// text. slotGUID gives a slot's guid; entity a created slot's entity.
func (d *Unpacker) Event(ev *recording.Event, prevLine int, slotGUID func(int32) uint32) (target int32, aux int) {
	*ev = recording.Event{}
	ev.Kind = recording.Kind(d.u8())
	flags := d.u8()
	ev.T = math.Float64frombits(binary.LittleEndian.Uint64(d.b[d.off:]))
	d.off += 8
	ev.Line = prevLine + int(d.varint())
	target = int32(d.uvarint()) - 1
	ev.HasGUID = flags&packHasGUID != 0
	switch {
	case flags&packGUID != 0:
		ev.GUID = d.u32()
	case target >= 0:
		ev.GUID = slotGUID(target)
	}
	switch ev.Kind {
	case recording.KindPosition:
		u := &ev.Update
		u.GUID = ev.GUID
		if flags&packUpdGUID != 0 {
			u.GUID = d.u32()
		}
		ev.Raw = flags&packRaw != 0
		u.Grounded = flags&packGrounded != 0
		d.pos(&u.Pos)
		if flags&packVelocity != 0 {
			u.HasVelocity, u.Velocity = true, d.vec()
		}
		if flags&packPlace != 0 {
			u.HasPlacement, u.Placement = true, d.u32()
		}
		u.Seq.Instance = uint16(d.uvarint())
		u.Seq.Position = uint16(d.uvarint())
		u.Seq.Teleport = uint16(d.uvarint())
		u.Seq.ForcePosition = uint16(d.uvarint())
	case recording.KindMotion:
		m := &ev.Motion
		m.Forward = recording.ForwardCommand(d.u8())
		m.Sidestep = recording.SidestepCommand(d.u8())
		m.Turn = recording.TurnCommand(d.u8())
		rr := d.u8()
		m.HasRunRate, m.Sticky = rr&packRunRate != 0, rr&packSticky != 0
		m.MovementType = recording.MovementType(d.u8())
		m.ForwardSpeed, m.SidestepSpeed, m.TurnSpeed, m.RunRate = d.f32(), d.f32(), d.f32(), d.f32()
		m.Target = d.u32()
		if rr&packActions != 0 {
			m.Actions = new([recording.MaxActions]recording.Action)
			m.NumActions = d.u8()
			for i := range m.Actions {
				a := &m.Actions[i]
				a.Command = recording.ActionCommand(d.u8())
				a.Autonomous = d.u8() != 0
				a.Stamp = binary.LittleEndian.Uint16(d.b[d.off:])
				d.off += 2
				a.Speed = d.f32()
			}
		}
		if rr&packMoveTo != 0 {
			p := new(recording.MoveToParams)
			p.Flags = d.u32()
			p.Distance, p.MinDistance, p.FailDistance = d.f32(), d.f32(), d.f32()
			p.WalkRunThreshold, p.Speed, p.DesiredHeading = d.f32(), d.f32(), d.f32()
			d.pos(&p.Position)
			m.MoveTo = p
		}
		if rr&packSeq != 0 {
			m.HasSeq = true
			m.Seq.Instance = uint16(d.uvarint())
			m.Seq.Movement = uint16(d.uvarint())
			m.Seq.ServerControl = uint16(d.uvarint())
		}
		m.Autonomous = rr&packAutonomous != 0
		if rr&packStickTo != 0 {
			m.StickTo = d.u32()
		}
		m.MovingTo = flags&packMotionTo != 0
	case recording.KindVector:
		v := &ev.Vector
		v.Velocity, v.Omega = d.vec(), d.vec()
		v.Seq.Instance = uint16(d.uvarint())
		v.Seq.Vector = uint16(d.uvarint())
	case recording.KindObserver:
		d.pos(&ev.Pos)
	case recording.KindTruth:
		d.pos(&ev.Pos)
		if flags&packClient != 0 {
			c := &ev.Client
			c.Action = uint16(d.uvarint())
			c.Seq = recording.ClientSeq{Instance: uint16(d.uvarint()), ServerControl: uint16(d.uvarint()),
				Teleport: uint16(d.uvarint()), ForcePosition: uint16(d.uvarint())}
			cl := d.u8()
			c.Contact, c.LongJump = cl&1 != 0, cl&2 != 0
		}
	case recording.KindNote:
		aux = int(d.uvarint())
	}
	return target, aux
}
