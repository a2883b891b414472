// Package capturetest writes AC network captures for tests and benchmarks:
// pcap and pcapng files on several link types, carrying AC packets built
// from a recording's events. It is written from the public layouts (the
// pcap and pcapng specifications, ACE's Network/ and aclogview's
// PacketHeaders.cs), not from the reader in package capture, so a round
// trip through both checks one against the other.
package capturetest

import (
	"encoding/binary"
	"io"
	"net/netip"
	"time"
)

// Format is the capture file format.
type Format int

const (
	// Pcap is the classic pcap format, microsecond timestamps.
	Pcap Format = iota
	// PcapNano is classic pcap with nanosecond timestamps.
	PcapNano
	// Pcapng is pcapng: one section, one interface, enhanced packet blocks,
	// nanosecond timestamps.
	Pcapng
)

// Link is the capture's link type.
type Link int

// Link types and their LINKTYPE values.
const (
	Ethernet Link = 1
	Null     Link = 0   // BSD loopback: 4-byte family in host (little-endian) order
	Loop     Link = 108 // OpenBSD loopback: family in network order
	SLL      Link = 113 // Linux cooked v1
	SLL2     Link = 276 // Linux cooked v2
	Raw      Link = 101 // raw IP
)

func (l Link) String() string {
	switch l {
	case Ethernet:
		return "ethernet"
	case Null:
		return "null"
	case Loop:
		return "loop"
	case SLL:
		return "sll"
	case SLL2:
		return "sll2"
	case Raw:
		return "raw"
	}
	return "link?"
}

// File writes frames to a capture file.
type File struct {
	w      io.Writer
	format Format
	link   Link
	buf    []byte
	ipID   uint16
	err    error
}

// NewFile writes the file header and returns a File.
func NewFile(w io.Writer, format Format, link Link) *File {
	f := &File{w: w, format: format, link: link}
	le := binary.LittleEndian
	var b []byte
	switch format {
	case Pcap, PcapNano:
		magic := uint32(0xA1B2C3D4)
		if format == PcapNano {
			magic = 0xA1B23C4D
		}
		b = le.AppendUint32(b, magic)
		b = le.AppendUint16(b, 2)
		b = le.AppendUint16(b, 4)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, 65535)
		b = le.AppendUint32(b, uint32(link))
	case Pcapng:
		// Section Header Block: byte-order magic, version 1.0, unknown
		// section length, no options.
		b = le.AppendUint32(b, 0x0A0D0D0A)
		b = le.AppendUint32(b, 28)
		b = le.AppendUint32(b, 0x1A2B3C4D)
		b = le.AppendUint16(b, 1)
		b = le.AppendUint16(b, 0)
		b = le.AppendUint64(b, ^uint64(0))
		b = le.AppendUint32(b, 28)
		// Interface Description Block with if_tsresol = 9 (nanoseconds).
		b = le.AppendUint32(b, 1)
		b = le.AppendUint32(b, 32)
		b = le.AppendUint16(b, uint16(link))
		b = le.AppendUint16(b, 0)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint16(b, 9) // if_tsresol
		b = le.AppendUint16(b, 1)
		b = append(b, 9, 0, 0, 0)
		b = le.AppendUint32(b, 0) // opt_endofopt
		b = le.AppendUint32(b, 32)
		// An unknown block type, which readers must skip.
		b = le.AppendUint32(b, 0x00000BAD)
		b = le.AppendUint32(b, 16)
		b = le.AppendUint32(b, 0xDEADBEEF)
		b = le.AppendUint32(b, 16)
	}
	f.write(b)
	return f
}

func (f *File) write(b []byte) {
	if f.err == nil {
		_, f.err = f.w.Write(b)
	}
}

// Err is the first write error.
func (f *File) Err() error { return f.err }

// Frame writes one frame of link-layer bytes.
func (f *File) Frame(ts time.Time, frame []byte) {
	le := binary.LittleEndian
	b := f.buf[:0]
	switch f.format {
	case Pcap:
		b = le.AppendUint32(b, uint32(ts.Unix()))
		b = le.AppendUint32(b, uint32(ts.Nanosecond()/1000))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = append(b, frame...)
	case PcapNano:
		b = le.AppendUint32(b, uint32(ts.Unix()))
		b = le.AppendUint32(b, uint32(ts.Nanosecond()))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = append(b, frame...)
	case Pcapng:
		pad := (4 - len(frame)%4) % 4
		total := 32 + len(frame) + pad
		ns := uint64(ts.UnixNano())
		b = le.AppendUint32(b, 6)
		b = le.AppendUint32(b, uint32(total))
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, uint32(ns>>32))
		b = le.AppendUint32(b, uint32(ns))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = le.AppendUint32(b, uint32(len(frame)))
		b = append(b, frame...)
		b = append(b, make([]byte, pad)...)
		b = le.AppendUint32(b, uint32(total))
	}
	f.buf = b
	f.write(b)
}

// linkHeader returns the link-layer header for an IPv4 packet; toClient
// says the frame was received (for the cooked headers' packet type).
func (f *File) linkHeader(toClient bool) []byte {
	be := binary.BigEndian
	switch f.link {
	case Ethernet:
		return []byte{0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0, 0x02, 0x08, 0x00}
	case Null:
		return []byte{2, 0, 0, 0}
	case Loop:
		return []byte{0, 0, 0, 2}
	case SLL:
		b := be.AppendUint16(nil, map[bool]uint16{true: 0, false: 4}[toClient])
		b = be.AppendUint16(b, 1)
		b = be.AppendUint16(b, 6)
		b = append(b, 0x02, 0, 0, 0, 0, 0x01, 0, 0)
		return be.AppendUint16(b, 0x0800)
	case SLL2:
		b := be.AppendUint16(nil, 0x0800)
		b = be.AppendUint16(b, 0)
		b = be.AppendUint32(b, 2)
		b = be.AppendUint16(b, 1)
		b = append(b, map[bool]byte{true: 0, false: 4}[toClient], 6)
		return append(b, 0x02, 0, 0, 0, 0, 0x01, 0, 0)
	}
	return nil
}

// UDP writes one UDP datagram from src to dst in one frame.
func (f *File) UDP(ts time.Time, src, dst netip.AddrPort, toClient bool, payload []byte) {
	f.ipID++
	udp := udpHeader(src.Port(), dst.Port(), len(payload))
	f.ip(ts, src.Addr(), dst.Addr(), toClient, 0, false, append(udp, payload...))
}

// UDPFragmented writes one UDP datagram as two IPv4 fragments, the second
// first.
func (f *File) UDPFragmented(ts time.Time, src, dst netip.AddrPort, toClient bool, payload []byte) {
	f.ipID++
	all := append(udpHeader(src.Port(), dst.Port(), len(payload)), payload...)
	cut := (len(all) / 2) &^ 7
	f.ip(ts, src.Addr(), dst.Addr(), toClient, cut/8, false, all[cut:])
	f.ip(ts, src.Addr(), dst.Addr(), toClient, 0, true, all[:cut])
}

func udpHeader(sport, dport uint16, n int) []byte {
	be := binary.BigEndian
	b := be.AppendUint16(nil, sport)
	b = be.AppendUint16(b, dport)
	b = be.AppendUint16(b, uint16(8+n))
	return be.AppendUint16(b, 0)
}

// ip writes one IPv4 packet (a fragment at offset off×8 when off > 0 or
// more is set).
func (f *File) ip(ts time.Time, src, dst netip.Addr, toClient bool, off int, more bool, payload []byte) {
	be := binary.BigEndian
	h := []byte{0x45, 0}
	h = be.AppendUint16(h, uint16(20+len(payload)))
	h = be.AppendUint16(h, f.ipID)
	flags := uint16(off)
	if more {
		flags |= 0x2000
	}
	h = be.AppendUint16(h, flags)
	h = append(h, 64, 17, 0, 0)
	s, d := src.As4(), dst.As4()
	h = append(h, s[:]...)
	h = append(h, d[:]...)
	var sum uint32
	for i := 0; i < 20; i += 2 {
		sum += uint32(be.Uint16(h[i:]))
	}
	for sum > 0xFFFF {
		sum = sum&0xFFFF + sum>>16
	}
	be.PutUint16(h[10:], ^uint16(sum))
	frame := append(f.linkHeader(toClient), h...)
	f.Frame(ts, append(frame, payload...))
}

// Noise writes frames an AC reader must skip: an ARP frame (Ethernet and
// cooked links only), a TCP segment and a DNS datagram.
func (f *File) Noise(ts time.Time) {
	if f.link == Ethernet {
		arp := []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0, 0, 0, 0, 0x02, 0x08, 0x06}
		f.Frame(ts, append(arp, make([]byte, 28)...))
	}
	a, b := netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.0.9")
	tcp := make([]byte, 20)
	tcp[12] = 0x50
	be := binary.BigEndian
	h := []byte{0x45, 0}
	h = be.AppendUint16(h, 40)
	h = append(h, 0, 0, 0x40, 0, 64, 6, 0, 0)
	s, d := a.As4(), b.As4()
	h = append(append(h, s[:]...), d[:]...)
	f.Frame(ts, append(append(f.linkHeader(true), h...), tcp...))
	f.UDP(ts, netip.AddrPortFrom(a, 53), netip.AddrPortFrom(b, 5353), true, []byte("not an AC packet"))
}

func (f Format) String() string {
	switch f {
	case Pcap:
		return "pcap"
	case PcapNano:
		return "pcap-ns"
	case Pcapng:
		return "pcapng"
	}
	return "format?"
}
