// Transport: the AC packet as it travels in one UDP datagram — the 20-byte
// header, the optional headers its flags imply, then blob fragments. The
// layout and the order of the optional headers follow ACE
// (Source/ACE.Server/Network/PacketHeader.cs, PacketHeaderFlags.cs,
// PacketHeaderOptional.cs, PacketFragmentHeader.cs) and aclogview
// (aclogview/PacketHeaders.cs and PCapReader.cs readOptionalHeaders, which
// mirror the retail client's optional-header registration order).

package capture

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Packet header flags (ACE PacketHeaderFlags; retail COptionalHeader masks
// as aclogview names them).
const (
	flagRetransmission     = 0x00000001
	flagEncryptedChecksum  = 0x00000002
	flagBlobFragments      = 0x00000004
	flagServerSwitch       = 0x00000100 // CServerSwitchStruct: 8 bytes
	flagLogonServerAddr    = 0x00000200 // sockaddr_in: 16 bytes
	flagEmptyHeader1       = 0x00000400 // no payload
	flagReferral           = 0x00000800 // CReferralStruct: 32 bytes
	flagRequestRetransmit  = 0x00001000 // Nak: u32 count + count × u32
	flagRejectRetransmit   = 0x00002000 // EmptyAck: u32 count + count × u32
	flagAckSequence        = 0x00004000 // Pak: u32
	flagDisconnect         = 0x00008000 // EmptyHeader2: no payload
	flagLoginRequest       = 0x00010000 // Logon: the rest of the packet
	flagWorldLoginRequest  = 0x00020000 // ULong 1: 8 bytes
	flagConnectRequest     = 0x00040000 // Connect: 32 bytes
	flagConnectResponse    = 0x00080000 // ULong 2: 8 bytes
	flagNetError           = 0x00100000 // NetError: 8 bytes
	flagNetErrorDisconnect = 0x00200000 // NetError: 8 bytes
	flagCICMDCommand       = 0x00400000 // ICmd: 8 bytes
	flagTimeSync           = 0x01000000 // u64: 8 bytes
	flagEchoRequest        = 0x02000000 // f32: 4 bytes
	flagEchoResponse       = 0x04000000 // 2 × f32: 8 bytes
	flagFlow               = 0x08000000 // u32 + u16: 6 bytes
)

// Sizes (ACE PacketHeader.HeaderSize, PacketFragmentHeader.HeaderSize).
const (
	packetHeaderLen   = 20
	fragmentHeaderLen = 16
)

// optionalHeader is one optional header: its flag and fixed size; size -1
// is a u32 count followed by that many u32s; size -2 is the rest of the
// packet.
type optionalHeader struct {
	flag uint32
	name string
	size int
}

// optionalHeaders are in the order they follow the packet header (aclogview
// readOptionalHeaders; ACE PacketHeaderOptional.Unpack reads the same order
// for the subset a server receives).
var optionalHeaders = [...]optionalHeader{
	{flagServerSwitch, "ServerSwitch", 8},
	{flagLogonServerAddr, "LogonServerAddr", 16},
	{flagEmptyHeader1, "EmptyHeader1", 0},
	{flagReferral, "Referral", 32},
	{flagRequestRetransmit, "RequestRetransmit", -1},
	{flagRejectRetransmit, "RejectRetransmit", -1},
	{flagAckSequence, "AckSequence", 4},
	{flagDisconnect, "Disconnect", 0},
	{flagLoginRequest, "LoginRequest", -2},
	{flagWorldLoginRequest, "WorldLoginRequest", 8},
	{flagConnectRequest, "ConnectRequest", 32},
	{flagConnectResponse, "ConnectResponse", 8},
	{flagNetError, "NetError", 8},
	{flagNetErrorDisconnect, "NetErrorDisconnect", 8},
	{flagCICMDCommand, "CICMDCommand", 8},
	{flagTimeSync, "TimeSync", 8},
	{flagEchoRequest, "EchoRequest", 4},
	{flagEchoResponse, "EchoResponse", 8},
	{flagFlow, "Flow", 6},
}

// packet is one decoded AC packet; fragments alias the datagram.
type packet struct {
	seq   uint32
	flags uint32
	frags []fragment
	// sizeMismatch says the header's size field is not the datagram's
	// length after the header.
	sizeMismatch bool
	// serverTime is the server's clock (seconds) the packet carries, when
	// hasServerTime: a TimeSync optional header's double, or a
	// ConnectRequest's first field (ACE PacketHeaderOptional, ConnectRequest
	// ServerTime).
	serverTime    float64
	hasServerTime bool
}

// fragment is one blob fragment (retail BlobFragHeader_t, aclogview
// PacketHeaders.cs): the 64-bit blob id (ACE writes it as a u32 fragment
// sequence and a u32 id), the fragment count and index, the queue and the
// data.
type fragment struct {
	seq, id      uint32
	count, index uint16
	queue        uint16
	data         []byte
}

// parsePacket decodes one AC packet. frags is reused across calls.
func parsePacket(b []byte, frags []fragment) (packet, error) {
	p := packet{frags: frags[:0]}
	if len(b) < packetHeaderLen {
		return p, fmt.Errorf("AC packet header: %d bytes, want at least %d", len(b), packetHeaderLen)
	}
	le := binary.LittleEndian
	p.seq = le.Uint32(b[0:])
	p.flags = le.Uint32(b[4:])
	// A size beyond the datagram is a packet cut short. A smaller size
	// (some writers leave it 0) is counted by the caller (sizeMismatch),
	// and, like aclogview, the packet is read to the end of the datagram.
	body := b[packetHeaderLen:]
	if size := int(le.Uint16(b[16:])); size > len(body) {
		return p, fmt.Errorf("AC packet header: size %d, but %d bytes follow the header", size, len(body))
	} else if size < len(body) {
		p.sizeMismatch = true
	}
	off := 0
	for i := range optionalHeaders {
		h := &optionalHeaders[i]
		if p.flags&h.flag == 0 {
			continue
		}
		switch h.size {
		case -2:
			off = len(body)
		case -1:
			if len(body)-off < 4 {
				return p, fmt.Errorf("AC optional header %s: truncated", h.name)
			}
			n := int64(le.Uint32(body[off:]))
			if n*4 > int64(len(body)-off-4) {
				return p, fmt.Errorf("AC optional header %s: %d sequence numbers do not fit", h.name, n)
			}
			off += 4 + int(n)*4
		default:
			if len(body)-off < h.size {
				return p, fmt.Errorf("AC optional header %s: truncated", h.name)
			}
			if h.flag == flagTimeSync || h.flag == flagConnectRequest {
				if st := math.Float64frombits(le.Uint64(body[off:])); !math.IsNaN(st) && !math.IsInf(st, 0) {
					p.serverTime, p.hasServerTime = st, true
				}
			}
			off += h.size
		}
	}
	if p.flags&flagBlobFragments == 0 {
		return p, nil
	}
	for off < len(body) {
		if len(body)-off < fragmentHeaderLen {
			return p, fmt.Errorf("AC fragment header at byte %d: truncated", packetHeaderLen+off)
		}
		h := body[off:]
		f := fragment{
			seq: le.Uint32(h[0:]), id: le.Uint32(h[4:]),
			count: le.Uint16(h[8:]), index: le.Uint16(h[12:]), queue: le.Uint16(h[14:]),
		}
		fsize := int(le.Uint16(h[10:]))
		switch {
		case fsize < fragmentHeaderLen || fsize > len(h):
			return p, fmt.Errorf("AC fragment at byte %d: size %d (%d bytes left)", packetHeaderLen+off, fsize, len(h))
		case f.count == 0 || f.index >= f.count:
			return p, fmt.Errorf("AC fragment at byte %d: index %d of count %d", packetHeaderLen+off, f.index, f.count)
		}
		f.data = h[fragmentHeaderLen:fsize]
		p.frags = append(p.frags, f)
		off += fsize
	}
	return p, nil
}
