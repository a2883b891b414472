// Package wiretest writes captures of AC server→client traffic for the
// capture reader's tests and benchmarks, from the public transport layout
// alone and independently of capturetest's session writer: a classic pcap
// file (Ethernet, IPv4, UDP), AC packets (ACE
// Source/ACE.Server/Network/PacketHeader.cs: sequence, flags, checksum,
// recipient id, time, size, iteration — 20 bytes) carrying blob fragments
// (ACE Network/Packets/PacketFragmentHeader.cs: sequence, id, count, size,
// index, queue — 16 bytes; BlobFragments flag 0x4; at most 464 bytes after
// the packet header, ACE ServerPacket.MaxPacketSize).
//
// What it adds is the choice of the fragments' ids (IDs): ACE's single id
// 0x80000000 on every fragment, a new id per message, random ids, or ids
// from a small set reused as they wrap (with the fragment sequence wrapping
// past 2^32 as well), and the fragments' size (one data byte each, for the
// tiny-fragment case). The game messages themselves are the caller's bytes.
package wiretest

import (
	"encoding/binary"
	"errors"
	"io"
	"time"
)

// IDs is how fragment ids are chosen.
type IDs int

const (
	// ACE: every fragment carries id 0x80000000 (ACE MessageFragment),
	// the fragment sequence numbering the messages.
	ACE IDs = iota
	// PerMessage: each message has its own id, counting up from 1.
	PerMessage
	// Random: each message's id is drawn from a seeded generator.
	Random
	// Wrap: ids cycle through 256 values, and the fragment sequence starts
	// 4096 before 2^32 so that it wraps to 0 early in the capture.
	Wrap
)

// String names the pattern as benchmarks do.
func (p IDs) String() string {
	switch p {
	case ACE:
		return "ace"
	case PerMessage:
		return "per-message"
	case Random:
		return "random"
	case Wrap:
		return "wrap"
	}
	return "unknown"
}

// Patterns lists every pattern.
var Patterns = []IDs{ACE, PerMessage, Random, Wrap}

// Transport sizes (ACE PacketHeader.HeaderSize, PacketFragmentHeader
// .HeaderSize, ServerPacket.MaxPacketSize, PacketFragment
// .MaxFragmentDataSize).
const (
	packetHeader   = 20
	fragHeader     = 16
	maxBody        = 464
	maxFragData    = maxBody - fragHeader
	flagRetransmit = 0x1
	flagBlobFrags  = 0x4
)

// Config says how the capture is written.
type Config struct {
	IDs IDs
	// FragmentData is the most data bytes a fragment carries (default and
	// at most 448).
	FragmentData int
	// Seed seeds Random's ids.
	Seed uint64
	// RetransmitEvery: every Nth packet is sent a second time with flag
	// 0x1. 0: never.
	RetransmitEvery int
	// ServerPort is the server's UDP port (default 9000).
	ServerPort uint16
}

// Writer writes one capture.
type Writer struct {
	w       *bufWriter
	cfg     Config
	base    time.Time
	pktSeq  uint32
	fragSeq uint32
	msgs    uint32
	rnd     uint64
	packets int
	body    []byte // fragments of the packet being built
	t       float64
	pkt     []byte
	frame   []byte
}

// bufWriter keeps the first error.
type bufWriter struct {
	w   io.Writer
	err error
}

func (b *bufWriter) write(p []byte) {
	if b.err == nil {
		_, b.err = b.w.Write(p)
	}
}

// New writes the pcap file header and returns the writer.
func New(w io.Writer, cfg Config) *Writer {
	if cfg.FragmentData <= 0 || cfg.FragmentData > maxFragData {
		cfg.FragmentData = maxFragData
	}
	if cfg.ServerPort == 0 {
		cfg.ServerPort = 9000
	}
	wr := &Writer{w: &bufWriter{w: w}, cfg: cfg, rnd: cfg.Seed | 1,
		base: time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)}
	if cfg.IDs == Wrap {
		wr.fragSeq = 0xFFFFFFFF - 4096
	}
	// pcap global header (little-endian, microseconds, Ethernet).
	h := make([]byte, 24)
	le := binary.LittleEndian
	le.PutUint32(h[0:], 0xA1B2C3D4)
	le.PutUint16(h[4:], 2)
	le.PutUint16(h[6:], 4)
	le.PutUint32(h[16:], 65535)
	le.PutUint32(h[20:], 1)
	wr.w.write(h)
	return wr
}

// nextID is the id of the next message's fragments.
func (w *Writer) nextID() uint32 {
	switch w.cfg.IDs {
	case PerMessage:
		return w.msgs
	case Random:
		// xorshift64*
		w.rnd ^= w.rnd >> 12
		w.rnd ^= w.rnd << 25
		w.rnd ^= w.rnd >> 27
		return uint32((w.rnd * 2685821657736338717) >> 32)
	case Wrap:
		return w.msgs % 256
	}
	return 0x80000000
}

// Message sends msg at t seconds after the capture's start: it is cut into
// fragments and packed into packets, a packet sent when the next fragment
// does not fit or the time moves on.
func (w *Writer) Message(t float64, msg []byte) {
	if t != w.t {
		w.flush()
		w.t = t
	}
	w.msgs++
	w.fragSeq++
	id := w.nextID()
	size := w.cfg.FragmentData
	count := (len(msg) + size - 1) / size
	if count == 0 {
		count = 1
	}
	for i := 0; i < count; i++ {
		w.fragment(w.fragSeq, id, count, i, msg[min(i*size, len(msg)):min((i+1)*size, len(msg))])
	}
}

// Fragment sends one fragment at t seconds: fragment index of count of the
// message whose fragments carry sequence seq and id id. It is how a test
// writes messages that never complete (a fragment never sent) or whose
// fragments interleave with other messages'; data is cut to the
// configured FragmentData.
func (w *Writer) Fragment(t float64, seq, id uint32, count, index int, data []byte) {
	if t != w.t {
		w.flush()
		w.t = t
	}
	w.fragment(seq, id, count, index, data[:min(len(data), w.cfg.FragmentData)])
}

// fragment appends one fragment to the packet being built, sending the
// packet first when the fragment does not fit.
func (w *Writer) fragment(seq, id uint32, count, index int, data []byte) {
	le := binary.LittleEndian
	if len(w.body)+fragHeader+len(data) > maxBody {
		w.flush()
	}
	w.body = le.AppendUint32(w.body, seq)
	w.body = le.AppendUint32(w.body, id)
	w.body = le.AppendUint16(w.body, uint16(count))
	w.body = le.AppendUint16(w.body, uint16(fragHeader+len(data)))
	w.body = le.AppendUint16(w.body, uint16(index))
	w.body = le.AppendUint16(w.body, 0x0A) // queue (group)
	w.body = append(w.body, data...)
}

// flush sends the packet being built, and its retransmission when due.
func (w *Writer) flush() {
	if len(w.body) == 0 {
		return
	}
	w.pktSeq++
	w.packets++
	le := binary.LittleEndian
	p := w.pkt[:0]
	p = le.AppendUint32(p, w.pktSeq)
	p = le.AppendUint32(p, flagBlobFrags)
	p = le.AppendUint32(p, 0) // checksum: readers do not check it
	p = le.AppendUint16(p, 0x000B)
	p = le.AppendUint16(p, 0)
	p = le.AppendUint16(p, uint16(len(w.body)))
	p = le.AppendUint16(p, 0)
	p = append(p, w.body...)
	w.pkt = p
	w.body = w.body[:0]
	w.udp(p)
	if n := w.cfg.RetransmitEvery; n > 0 && w.packets%n == 0 {
		le.PutUint32(p[4:], flagBlobFrags|flagRetransmit)
		w.udp(p)
	}
}

// udp writes one pcap record: Ethernet, IPv4 and UDP around payload.
func (w *Writer) udp(payload []byte) {
	le, be := binary.LittleEndian, binary.BigEndian
	ts := w.base.Add(time.Duration(w.t*1e9 + 0.5)) // microseconds kept, the rest cut
	n := 14 + 20 + 8 + len(payload)
	f := w.frame[:0]
	f = le.AppendUint32(f, uint32(ts.Unix()))
	f = le.AppendUint32(f, uint32(ts.Nanosecond()/1000))
	f = le.AppendUint32(f, uint32(n))
	f = le.AppendUint32(f, uint32(n))
	// Ethernet: client MAC, server MAC, IPv4.
	f = append(f, 0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01, 0x08, 0x00)
	// IPv4: version 4, IHL 5, total length, id, no fragments, TTL 64, UDP;
	// the header checksum is filled in below.
	ip := len(f)
	f = append(f, 0x45, 0)
	f = be.AppendUint16(f, uint16(20+8+len(payload)))
	f = be.AppendUint16(f, uint16(w.packets))
	f = append(f, 0x40, 0, 64, 17, 0, 0)
	f = append(f, 203, 0, 113, 9) // server
	f = append(f, 10, 0, 0, 2)    // client
	var sum uint32
	for i := ip; i < ip+20; i += 2 {
		sum += uint32(be.Uint16(f[i:]))
	}
	for sum > 0xFFFF {
		sum = sum&0xFFFF + sum>>16
	}
	be.PutUint16(f[ip+10:], ^uint16(sum))
	// UDP: checksum 0 (none).
	f = be.AppendUint16(f, w.cfg.ServerPort)
	f = be.AppendUint16(f, 50321)
	f = be.AppendUint16(f, uint16(8+len(payload)))
	f = be.AppendUint16(f, 0)
	f = append(f, payload...)
	w.frame = f
	w.w.write(f)
}

// Close sends the last packet and reports the first write error.
func (w *Writer) Close() error {
	w.flush()
	if w.w.err != nil {
		return errors.Join(errors.New("wiretest: write"), w.w.err)
	}
	return nil
}
