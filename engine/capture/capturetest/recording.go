// FromRecording: a capture of what a client received, built from a
// recording's events, with the awkward things real captures hold —
// several messages per packet, messages split over two packets with their
// fragments out of order, retransmissions, a retransmission whose original
// was lost, fragmented IP datagrams, unrelated messages and frames, and
// client→server packets interleaved.

package capturetest

import (
	"io"
	"net/netip"
	"time"

	"glidepath/engine/recording"
)

// PlayerGUID is the player's guid in captures made from recordings.
const PlayerGUID = 0x50000001

// Config says what to put in a capture besides the events.
type Config struct {
	Format Format
	Link   Link
	// ServerPort is the server's UDP port (default 9000).
	ServerPort uint16
	// SplitEvery: every Nth message is split over two packets, its second
	// fragment sent first. 0: never.
	SplitEvery int
	// RetransmitEvery: every Nth packet is sent again with flag 0x1.
	RetransmitEvery int
	// LoseEvery: every Nth packet is missing from the capture and only its
	// retransmission is there.
	LoseEvery int
	// IPFragmentEvery: every Nth packet travels as two IP fragments.
	IPFragmentEvery int
	// DropFragmentOf: the message with this 1-based index (counting every
	// message sent) loses its second fragment. 0: none.
	DropFragmentOf int
	// Noise adds unrelated messages, frames and client packets.
	Noise bool
	// NoCreates sends no CreateObject for the header's objects, as in a
	// capture begun after they were created.
	NoCreates bool
	// NoPlayerCreate sends no PlayerCreate and no CreateObject for the
	// player, as in a capture begun after login.
	NoPlayerCreate bool
}

// Result says what a capture holds that a test must know.
type Result struct {
	// Dropped lists the recording's event indexes (into rec.Events) whose
	// message was sent incomplete (DropFragmentOf).
	Dropped []int
}

// FromRecording writes a capture of rec to w.
func FromRecording(w io.Writer, rec *recording.Recording, cfg Config) (Result, error) {
	c := New(w, &rec.Header, cfg)
	res := Result{Dropped: c.Events(rec.Events, 0)}
	return res, c.End()
}

// Capture writes a capture a part at a time: New, Events as often as
// wanted (each call's times shifted by its offset), End.
type Capture struct {
	b        *builder
	lastT    float64
	instance map[uint32]uint16
}

// New starts a capture: the file header, then at t = 0 the first server
// frame, the player (the header's observer) and the header's objects.
func New(w io.Writer, h *recording.Header, cfg Config) *Capture {
	port := cfg.ServerPort
	if port == 0 {
		port = 9000
	}
	s := &Session{
		F:      NewFile(w, cfg.Format, cfg.Link),
		Server: netip.AddrPortFrom(netip.MustParseAddr("198.51.100.7"), port),
		Client: netip.AddrPortFrom(netip.MustParseAddr("192.168.1.20"), 50123),
		Base:   time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC),

		LoseEvery: cfg.LoseEvery, IPFragmentEvery: cfg.IPFragmentEvery,
	}
	b := &builder{s: s, cfg: cfg}
	s.TimeSync(0)
	if h.HasObserver && !cfg.NoPlayerCreate {
		b.msg(0, PlayerCreate(PlayerGUID))
		b.msg(0, CreateObject(PlayerGUID, "Observer", h.Observer, recording.Seq{Instance: 1}, true, nil))
	}
	for i := range h.Entities {
		if cfg.NoCreates {
			break
		}
		e := &h.Entities[i]
		b.msg(0, CreateObject(e.GUID, e.Name, e.Pos, e.Seq, e.HasMotion, nil))
	}
	if cfg.Noise {
		b.msg(0, CreateContained(0x70000001))
	}
	b.flush(0)
	c := &Capture{b: b, instance: map[uint32]uint16{}}
	for i := range h.Entities {
		c.instance[h.Entities[i].GUID] = h.Entities[i].Seq.Instance
	}
	return c
}

// Events writes evs, each at its time plus offset, and returns the indexes
// (into evs) of the events whose message was sent incomplete.
func (c *Capture) Events(evs []recording.Event, offset float64) []int {
	b, s, cfg := c.b, c.b.s, c.b.cfg
	var dropped []int
	for i := range evs {
		ev := &evs[i]
		t := ev.T + offset
		if t != c.lastT {
			b.flush(c.lastT)
			c.lastT = t
		}
		var msg []byte
		switch ev.Kind {
		case recording.KindPosition:
			u := ev.Update
			u.GUID = ev.GUID
			msg = recording.EncodeUpdatePosition(&u)
		case recording.KindMotion:
			b.movement++
			var acts []Action
			for _, a := range ev.Motion.ActionList() {
				acts = append(acts, Action{Command: uint16(a.Command.MotionCommand()), Stamp: a.Stamp, Autonomous: a.Autonomous, Speed: a.Speed})
			}
			h := MotionHeader{Instance: c.instance[ev.GUID], Movement: b.movement, Autonomous: ev.Motion.Autonomous}
			if m := &ev.Motion; m.HasSeq {
				h = MotionHeader{Instance: m.Seq.Instance, Movement: m.Seq.Movement, ServerControl: m.Seq.ServerControl, Autonomous: m.Autonomous}
			}
			if ev.Motion.MovementType != recording.InterpretedCommand {
				msg = withHeader(MoveTo(ev.GUID, c.instance[ev.GUID], b.movement, ev.Motion), h)
				break
			}
			stick := ev.Motion.StickTo
			if stick == recording.ObserverTarget {
				stick = PlayerGUID
			}
			msg = UpdateMotionWith(ev.GUID, h, Movement{Motion: ev.Motion, Actions: acts, StickTo: stick})
		case recording.KindVector:
			msg = VectorUpdate(ev.GUID, ev.Vector)
		case recording.KindCreate:
			e := ev.Entity
			c.instance[e.GUID] = e.Seq.Instance
			msg = CreateObject(e.GUID, e.Name, e.Pos, e.Seq, e.HasMotion, nil)
		case recording.KindDelete:
			msg = DeleteObject(ev.GUID, c.instance[ev.GUID])
		case recording.KindObserver:
			b.flush(t)
			b.clientSeq++
			if b.clientSeq%2 == 0 {
				s.ClientMessage(t, MoveToState(b.clientSeq, ev.Pos))
			} else {
				s.ClientMessage(t, AutonomousPosition(b.clientSeq, ev.Pos))
			}
			continue
		default:
			continue
		}
		if b.msg(t, msg) {
			dropped = append(dropped, i)
		}
		if cfg.Noise && i%7 == 3 {
			b.msg(t, Unrelated(PlayerGUID, uint32(i)))
		}
		if cfg.Noise && i%11 == 5 {
			b.msg(t, RawCommandMotion(ev.GUID))
		}
	}
	return dropped
}

// End sends what is pending and reports the first write error.
func (c *Capture) End() error {
	c.b.flush(c.lastT)
	return c.b.s.F.Err()
}

type builder struct {
	s         *Session
	cfg       Config
	n         int // messages sent
	packets   int
	movement  uint16
	clientSeq uint32
}

// msg sends one message at t; it reports whether the message was sent
// with a fragment missing.
func (b *builder) msg(t float64, m []byte) bool {
	b.n++
	s := b.s
	split := b.cfg.SplitEvery > 0 && b.n%b.cfg.SplitEvery == 0
	drop := b.cfg.DropFragmentOf == b.n
	if !split && !drop {
		s.Message(t, m)
		return false
	}
	half := (len(m) + 1) / 2
	frags := s.Fragments(m, half)
	if len(frags) < 2 {
		s.Message(t, m)
		return false
	}
	// The second fragment ends this packet; the first opens the next.
	if !drop {
		s.Queue(t, frags[1])
	}
	b.flush(t)
	s.Queue(t, frags[0])
	return drop
}

// flush sends the packet being built and what follows it.
func (b *builder) flush(t float64) {
	if b.s.Flush(t) {
		b.afterPacket(t)
	}
}

// afterPacket adds, after each packet sent, the retransmissions, noise and
// client packets the config asks for.
func (b *builder) afterPacket(t float64) {
	s := b.s
	b.packets++
	n := b.packets
	if b.cfg.RetransmitEvery > 0 && n%b.cfg.RetransmitEvery == 0 {
		s.Retransmit(t)
	}
	if b.cfg.Noise && n%5 == 0 {
		s.F.Noise(s.At(t))
		s.ClientAck(t)
	}
}
