// Frames: the generic layers below the AC transport, read with gopacket
// (pcapgo for the pcap and pcapng files, layers for the link, IPv4 and UDP
// headers, ip4defrag for fragmented datagrams). What comes out is one UDP
// datagram at a time with its frame number and capture timestamp; frames
// that are not IPv4/UDP are counted and skipped, broken ones are counted
// with their frame number.

package capture

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/ip4defrag"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// File magic numbers (the first four bytes of a capture).
const (
	magicPcapMicro   = 0xA1B2C3D4 // pcap, microsecond timestamps
	magicPcapNano    = 0xA1B23C4D // pcap, nanosecond timestamps
	magicPcapngBlock = 0x0A0D0D0A // pcapng Section Header Block type
)

// maxFrame bounds one frame's captured length. Larger records are taken as
// corruption (a real link frame, even coalesced by offload, is ≤ 64 KiB
// plus headers), and the bound stops a damaged length from allocating.
const maxFrame = 256 << 10

// Link types read (LINKTYPE_* values of the pcap link-type registry).
const (
	linkNull     = 0   // BSD loopback, host-order 4-byte family
	linkEthernet = 1   // Ethernet II
	linkRawOld12 = 12  // raw IP on some BSDs (DLT_RAW)
	linkRawOld14 = 14  // raw IP on others (DLT_RAW)
	linkRaw      = 101 // raw IP
	linkLoop     = 108 // OpenBSD loopback, network-order family
	linkSLL      = 113 // Linux cooked v1
	linkIPv4     = 228 // raw IPv4
	linkSLL2     = 276 // Linux cooked v2 (not in gopacket v1.1.19; decoded here)
)

// sll2HeaderLen is the Linux cooked v2 header: protocol (2, big-endian),
// reserved (2), interface index (4), ARPHRD type (2), packet type (1),
// address length (1), address (8) (tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2).
const sll2HeaderLen = 20

// frameReader is what pcapgo's two readers have in common.
type frameReader interface {
	ZeroCopyReadPacketData() ([]byte, gopacket.CaptureInfo, error)
}

// datagram is one UDP datagram carried by an IPv4 frame.
type datagram struct {
	frame   int // 1-based frame number in the file
	ts      time.Time
	srcIP   [4]byte
	dstIP   [4]byte
	srcPort uint16
	dstPort uint16
	payload []byte // valid until the next read
}

// frames reads datagrams from a capture file.
type frames struct {
	r      frameReader
	ng     *pcapgo.NgReader // nil for pcap
	dg     *datagramFrames  // the datagram JSONL format (datagrams.go)
	guard  *ngGuard         // pcapng: knows the interfaces' full link types
	link   int              // pcap's one link type
	frame  int
	defrag *ip4defrag.IPv4Defragmenter
	stats  *Summary
	// src is the file as read, which knows whether reading it failed.
	src *countingReader

	eth  layers.Ethernet
	vlan layers.Dot1Q
	loop layers.Loopback
	sll  layers.LinuxSLL
	ip   layers.IPv4
	udp  layers.UDP

	lastDiscard time.Time
}

// errNotCapture says the file is neither pcap nor pcapng.
var errNotCapture = errors.New("not a capture")

// newFrames reads the file header of src.
func newFrames(src io.Reader, stats *Summary) (*frames, error) {
	br := bufio.NewReaderSize(src, 256<<10)
	head, err := br.Peek(4)
	if err != nil {
		if len(head) == 0 {
			return nil, errors.New("the file is empty")
		}
		return nil, errNotCapture
	}
	// A gzip-compressed capture (.pcap.gz, .pcapng.gz) is read through.
	if head[0] == 0x1F && head[1] == 0x8B {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %v", err)
		}
		br = bufio.NewReaderSize(zr, 256<<10)
		if head, err = br.Peek(4); err != nil {
			return nil, errNotCapture
		}
	}
	var pcapHead []byte
	f := &frames{defrag: ip4defrag.NewIPv4Defragmenter(), stats: stats}
	le, be := binary.LittleEndian.Uint32(head), binary.BigEndian.Uint32(head)
	switch {
	case le == magicPcapngBlock:
		f.guard = &ngGuard{r: br}
		ng, err := newNgReader(f.guard)
		if err != nil {
			return nil, fmt.Errorf("pcapng section header: %v", err)
		}
		f.r, f.ng = ng, ng
		stats.Format = "pcapng"
	case le == magicPcapMicro || be == magicPcapMicro || le == magicPcapNano || be == magicPcapNano:
		// gopacket v1.1.19 keeps a link type in a byte; read the header's
		// own (its low 16 bits; the rest are FCS flags).
		if pcapHead, err = br.Peek(24); err != nil {
			return nil, fmt.Errorf("pcap file header: truncated")
		}
		order := binary.ByteOrder(binary.LittleEndian)
		if be == magicPcapMicro || be == magicPcapNano {
			order = binary.BigEndian
		}
		f.link = int(order.Uint32(pcapHead[20:]) & 0xFFFF)
		r, err := pcapgo.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("pcap file header: %v", err)
		}
		// Readers such as tcpdump and Wireshark ignore the file's snap
		// length; the bound that matters is maxFrame.
		r.SetSnaplen(maxFrame)
		f.r = r
		stats.Format = "pcap"
	case head[0] == '{' || head[0] == ' ' || head[0] == '\t' || head[0] == '\r' || head[0] == '\n' || head[0] == 0xEF:
		// The datagram JSON Lines of the public corpus (datagrams.go),
		// told by its first line's keys.
		if !IsDatagramJSONL(PeekHead(br, 4096)) {
			return nil, errNotCapture
		}
		f.dg = &datagramFrames{br: br}
		stats.Format = FormatDatagramJSONL
	default:
		return nil, errNotCapture
	}
	return f, nil
}

// FormatDatagramJSONL is the summary's format of a datagram JSONL file.
const FormatDatagramJSONL = "datagram-jsonl"

// next returns the next UDP datagram, skipping and counting other frames.
// At the end of the file it returns io.EOF; a file damaged past some frame
// ends the stream there (counted as malformed), never with an error.
func (f *frames) next() (datagram, error) {
	if f.dg != nil {
		d, err := f.dg.next()
		f.frame = f.dg.line
		if err != nil {
			// The end, a line that broke the format (f.dg.err) or the file
			// failing to be read (f.src.err): the datagrams end here.
			return datagram{}, io.EOF
		}
		f.stats.Frames++
		f.stats.Datagrams++
		return d, nil
	}
	for {
		data, ci, err := f.read()
		if err == io.EOF {
			return datagram{}, io.EOF
		}
		f.frame++
		if err != nil {
			if f.src != nil && f.src.err != nil {
				// The file failed to be read: not damage in it (Reader.readErr).
				return datagram{}, io.EOF
			}
			if errors.Is(err, io.ErrUnexpectedEOF) {
				f.stats.malformed(f.frame, "capture truncated in this frame; the rest of the file was not read")
			} else {
				f.stats.malformed(f.frame, "capture damaged ("+err.Error()+"); the rest of the file was not read")
			}
			return datagram{}, io.EOF
		}
		f.stats.Frames++
		link := f.link
		if f.ng != nil && len(ci.AncillaryData) > 0 {
			lt, _ := ci.AncillaryData[0].(layers.LinkType)
			link = f.guard.linkType(ci.InterfaceIndex, lt)
		}
		d, ok := f.decode(link, data, ci.Timestamp)
		if ok {
			return d, nil
		}
	}
}

// read reads the next frame. gopacket's readers trust some fields of a
// damaged file (a pcapng interface's timestamp resolution, the lengths of
// its options) far enough to panic; such a file ends there, as damaged.
func (f *frames) read() (data []byte, ci gopacket.CaptureInfo, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("file reader failure: %v", p)
		}
	}()
	return f.r.ZeroCopyReadPacketData()
}

// newNgReader is pcapgo.NewNgReader, a panic on a damaged file header
// being an error.
func newNgReader(r io.Reader) (ng *pcapgo.NgReader, err error) {
	defer func() {
		if p := recover(); p != nil {
			ng, err = nil, fmt.Errorf("file reader failure: %v", p)
		}
	}()
	return pcapgo.NewNgReader(r, pcapgo.NgReaderOptions{WantMixedLinkType: true, SkipUnknownVersion: true})
}

// decode takes a frame apart down to UDP. A library decoder that panics on
// hostile bytes costs that frame only.
func (f *frames) decode(link int, data []byte, ts time.Time) (d datagram, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			f.stats.malformed(f.frame, fmt.Sprintf("link layers: decoder failure: %v", p))
			ok = false
		}
	}()
	var etype layers.EthernetType
	var rest []byte
	switch link {
	case linkEthernet:
		if err := f.eth.DecodeFromBytes(data, gopacket.NilDecodeFeedback); err != nil {
			f.stats.malformed(f.frame, "ethernet: "+err.Error())
			return d, false
		}
		etype, rest = f.eth.EthernetType, f.eth.Payload
		for etype == layers.EthernetTypeDot1Q || etype == layers.EthernetTypeQinQ {
			if err := f.vlan.DecodeFromBytes(rest, gopacket.NilDecodeFeedback); err != nil {
				f.stats.malformed(f.frame, "802.1Q: "+err.Error())
				return d, false
			}
			etype, rest = f.vlan.Type, f.vlan.Payload
		}
	case linkNull, linkLoop:
		if err := f.loop.DecodeFromBytes(data, gopacket.NilDecodeFeedback); err != nil {
			f.stats.malformed(f.frame, "loopback: "+err.Error())
			return d, false
		}
		if f.loop.Family != layers.ProtocolFamilyIPv4 {
			f.stats.NotIPv4++
			return d, false
		}
		etype, rest = layers.EthernetTypeIPv4, f.loop.Payload
	case linkSLL:
		// gopacket slices the address by its length field unchecked.
		if len(data) >= 16 && binary.BigEndian.Uint16(data[4:6]) > 8 {
			f.stats.malformed(f.frame, "linux cooked: address length > 8")
			return d, false
		}
		if err := f.sll.DecodeFromBytes(data, gopacket.NilDecodeFeedback); err != nil {
			f.stats.malformed(f.frame, "linux cooked: "+err.Error())
			return d, false
		}
		etype, rest = f.sll.EthernetType, f.sll.Payload
	case linkSLL2:
		if len(data) < sll2HeaderLen {
			f.stats.malformed(f.frame, "linux cooked v2: frame shorter than its 20-byte header")
			return d, false
		}
		etype, rest = layers.EthernetType(binary.BigEndian.Uint16(data[0:2])), data[sll2HeaderLen:]
	case linkRaw, linkRawOld12, linkRawOld14, linkIPv4:
		if len(data) == 0 || data[0]>>4 != 4 {
			f.stats.NotIPv4++
			return d, false
		}
		etype, rest = layers.EthernetTypeIPv4, data
	default:
		f.stats.unknownLink(link)
		return d, false
	}
	if etype != layers.EthernetTypeIPv4 {
		f.stats.NotIPv4++
		return d, false
	}
	return f.decodeIPv4(rest, ts)
}

// decodeIPv4 decodes the IPv4 and UDP headers, reassembling a fragmented
// datagram when its last fragment arrives.
func (f *frames) decodeIPv4(b []byte, ts time.Time) (d datagram, ok bool) {
	if err := f.ip.DecodeFromBytes(b, gopacket.NilDecodeFeedback); err != nil {
		f.stats.malformed(f.frame, "ipv4: "+err.Error())
		return d, false
	}
	ip := &f.ip
	if ip.Protocol != layers.IPProtocolUDP {
		f.stats.NotUDP++
		return d, false
	}
	if ip.Flags&layers.IPv4MoreFragments != 0 || ip.FragOffset != 0 {
		var done bool
		if ip, done = f.reassemble(ip, ts); !done {
			return d, false
		}
	}
	if err := f.udp.DecodeFromBytes(ip.Payload, gopacket.NilDecodeFeedback); err != nil {
		f.stats.malformed(f.frame, "udp: "+err.Error())
		return d, false
	}
	d.frame, d.ts = f.frame, ts
	copy(d.srcIP[:], ip.SrcIP.To4())
	copy(d.dstIP[:], ip.DstIP.To4())
	d.srcPort, d.dstPort = uint16(f.udp.SrcPort), uint16(f.udp.DstPort)
	d.payload = f.udp.Payload
	if int(f.udp.Length) >= 8 && int(f.udp.Length)-8 < len(d.payload) {
		d.payload = d.payload[:f.udp.Length-8]
	}
	f.stats.Datagrams++
	return d, true
}

// fragmentTimeout is how long an incomplete IP datagram waits for its
// other fragments (capture time) before it is dropped.
const fragmentTimeout = 30 * time.Second

// reassemble hands an IP fragment to ip4defrag. The defragmenter keeps the
// layer it is given, so each fragment is copied out of the reused frame
// buffer; it also trusts the length fields, so a fragment whose payload is
// not exactly what its header says is refused here.
func (f *frames) reassemble(in *layers.IPv4, ts time.Time) (*layers.IPv4, bool) {
	f.stats.IPFragments++
	if in.IHL != 5 || int(in.Length)-20 != len(in.Payload) {
		f.stats.malformed(f.frame, "ipv4 fragment: truncated or with options")
		return nil, false
	}
	if ts.Sub(f.lastDiscard) > fragmentTimeout {
		f.stats.IPFragmentsDropped += f.defrag.DiscardOlderThan(ts.Add(-fragmentTimeout))
		f.lastDiscard = ts
	}
	cp := *in
	cp.Payload = append([]byte(nil), in.Payload...)
	cp.Contents = nil
	cp.Options = nil
	out, err := f.defrag.DefragIPv4WithTimestamp(&cp, ts)
	if err != nil {
		f.stats.malformed(f.frame, "ipv4 fragment: "+err.Error())
		return nil, false
	}
	if out == nil {
		return nil, false
	}
	f.stats.IPReassembled++
	return out, true
}
