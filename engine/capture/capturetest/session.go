// Session: AC packets between one server and one client (ACE
// NetworkSession.SendBundle, ServerPacket, MessageFragment): messages are
// cut into fragments of at most 448 data bytes and packed into packets of
// at most 464 bytes after the header, each fragment headed by its
// sequence, id 0x80000000, count, size, index and queue.

package capturetest

import (
	"encoding/binary"
	"net/netip"
	"time"
)

// AC sizes (ACE ServerPacket.MaxPacketSize, PacketFragment).
const (
	maxPacketBody   = 464
	maxFragmentData = 448
)

// Frag is one blob fragment.
type Frag struct {
	Seq, ID      uint32
	Count, Index uint16
	Queue        uint16
	Data         []byte
}

// Packet builds an AC packet: header, the optional-header bytes (already
// in retail order), fragments. Flag 0x4 is set when there are fragments.
func Packet(seq, flags uint32, optional []byte, frags []Frag) []byte {
	le := binary.LittleEndian
	if len(frags) > 0 {
		flags |= 0x4
	}
	b := le.AppendUint32(nil, seq)
	b = le.AppendUint32(b, flags)
	b = le.AppendUint32(b, 0xBADD70DD) // checksum, not checked by readers
	b = le.AppendUint16(b, 0x000B)     // recipient id
	b = le.AppendUint16(b, 0)          // time
	b = le.AppendUint16(b, 0)          // size, set below
	b = le.AppendUint16(b, 0)          // iteration
	b = append(b, optional...)
	for _, f := range frags {
		b = le.AppendUint32(b, f.Seq)
		b = le.AppendUint32(b, f.ID)
		b = le.AppendUint16(b, f.Count)
		b = le.AppendUint16(b, uint16(16+len(f.Data)))
		b = le.AppendUint16(b, f.Index)
		b = le.AppendUint16(b, f.Queue)
		b = append(b, f.Data...)
	}
	le.PutUint16(b[16:], uint16(len(b)-20))
	return b
}

// Session writes AC packets of one server→client connection (and the
// client's packets back) into a File.
type Session struct {
	F      *File
	Server netip.AddrPort
	Client netip.AddrPort
	Base   time.Time
	// LoseEvery: every Nth packet is replaced by its retransmission (the
	// original was lost). IPFragmentEvery: every Nth packet travels as two
	// IP fragments.
	LoseEvery, IPFragmentEvery int

	flushes   int
	seq       uint32
	clientSeq uint32
	fragSeq   uint32
	pending   []Frag
	last      []byte
}

// At is the capture time of t seconds after Base.
func (s *Session) At(t float64) time.Time {
	return s.Base.Add(time.Duration(t*1e9 + 0.5))
}

// Fragments cuts msg into fragments of at most max data bytes.
func (s *Session) Fragments(msg []byte, max int) []Frag {
	s.fragSeq++
	n := (len(msg) + max - 1) / max
	if n == 0 {
		n = 1
	}
	out := make([]Frag, n)
	for i := range out {
		end := (i + 1) * max
		if end > len(msg) {
			end = len(msg)
		}
		out[i] = Frag{Seq: s.fragSeq, ID: 0x80000000, Count: uint16(n), Index: uint16(i), Queue: 0x0A, Data: msg[i*max : end]}
	}
	return out
}

// Queue adds fragments to the packet being built, sending full packets at t.
func (s *Session) Queue(t float64, frags ...Frag) {
	for _, f := range frags {
		if s.size()+16+len(f.Data) > maxPacketBody {
			s.Flush(t)
		}
		s.pending = append(s.pending, f)
	}
}

// Message queues a whole message, fragmented as ACE does.
func (s *Session) Message(t float64, msg []byte) {
	s.Queue(t, s.Fragments(msg, maxFragmentData)...)
}

func (s *Session) size() int {
	n := 0
	for _, f := range s.pending {
		n += 16 + len(f.Data)
	}
	return n
}

// Flush sends the pending fragments as one packet at t; it reports
// whether there were any.
func (s *Session) Flush(t float64) bool {
	if len(s.pending) == 0 {
		return false
	}
	s.seq++
	s.flushes++
	s.last = Packet(s.seq, 0, nil, s.pending)
	s.pending = s.pending[:0]
	switch {
	case s.LoseEvery > 0 && s.flushes%s.LoseEvery == 0:
		s.Retransmit(t)
	case s.IPFragmentEvery > 0 && s.flushes%s.IPFragmentEvery == 0:
		s.F.UDPFragmented(s.At(t), s.Server, s.Client, true, s.last)
	default:
		s.F.UDP(s.At(t), s.Server, s.Client, true, s.last)
	}
	return true
}

// SendRaw sends an AC packet server→client as it is.
func (s *Session) SendRaw(t float64, pkt []byte) {
	s.F.UDP(s.At(t), s.Server, s.Client, true, pkt)
}

// Retransmit sends the last packet again with the retransmission flag.
func (s *Session) Retransmit(t float64) {
	if s.last == nil {
		return
	}
	again := append([]byte(nil), s.last...)
	binary.LittleEndian.PutUint32(again[4:], binary.LittleEndian.Uint32(again[4:])|0x1)
	s.F.UDP(s.At(t), s.Server, s.Client, true, again)
}

// TimeSync sends a header-only packet with a TimeSync and an AckSequence
// optional header.
func (s *Session) TimeSync(t float64) {
	opt := binary.LittleEndian.AppendUint32(nil, s.seq) // AckSequence
	opt = binary.LittleEndian.AppendUint64(opt, 0x4010000000000000)
	s.F.UDP(s.At(t), s.Server, s.Client, true, Packet(s.seq, 0x4000|0x01000000, opt, nil))
}

// ClientAck sends a client→server packet: an ack, with an echo request.
func (s *Session) ClientAck(t float64) {
	opt := binary.LittleEndian.AppendUint32(nil, s.seq)
	opt = binary.LittleEndian.AppendUint32(opt, 0x3F800000)
	s.F.UDP(s.At(t), s.Client, s.Server, false, Packet(s.clientSeq, 0x4000|0x02000000, opt, nil))
}

// ClientMessage sends one message client→server in its own packet.
func (s *Session) ClientMessage(t float64, msg []byte) {
	s.clientSeq++
	s.fragSeq++
	f := Frag{Seq: s.clientSeq, ID: 0x80000000, Count: 1, Queue: 0x05, Data: msg}
	s.F.UDP(s.At(t), s.Client, s.Server, false, Packet(s.clientSeq, 0, nil, []Frag{f}))
}
