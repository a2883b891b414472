// ngGuard: a check of every pcapng block's lengths before gopacket's
// NgReader sees it. NgReader (gopacket v1.1.19) allocates a packet buffer
// of whatever captured length or interface snap length a block claims, so
// one damaged length field could ask for gigabytes. The guard buffers each
// block it will parse (at most maxBlock bytes), checks its lengths against
// the block's own size (pcapng, draft-ietf-opsawg-pcapng §3.1, §4.2–§4.4),
// clamps the interface snap length, and ends the stream at the first
// block that does not hold together.

package capture

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/google/gopacket/layers"
)

// pcapng block types the NgReader parses (pcapng §4); every other type is
// passed through unbuffered and skipped by NgReader.
const (
	ngSHB = 0x0A0D0D0A // Section Header Block
	ngIDB = 0x00000001 // Interface Description Block
	ngPB  = 0x00000002 // Packet Block (obsolete)
	ngSPB = 0x00000003 // Simple Packet Block
	ngISB = 0x00000005 // Interface Statistics Block
	ngEPB = 0x00000006 // Enhanced Packet Block

	ngByteOrderMagic = 0x1A2B3C4D
	// maxBlock bounds a buffered block: a frame of maxFrame bytes plus room
	// for options.
	maxBlock = maxFrame + 64<<10
)

// errDamaged is a pcapng block that does not hold together.
type errDamaged struct {
	offset int64
	why    string
}

func (e *errDamaged) Error() string {
	return fmt.Sprintf("pcapng block at byte %d: %s", e.offset, e.why)
}

type ngGuard struct {
	r     *bufio.Reader
	order binary.ByteOrder
	off   int64 // file offset of the next block
	buf   []byte
	pos   int   // next byte of buf to hand out
	pass  int64 // bytes of an unbuffered block still to pass through
	err   error
	// links are the link types of the section's interfaces in order
	// (gopacket v1.1.19 keeps only their low byte).
	links []int
}

// linkType is the full link type of interface i, given the low byte
// NgReader reported for it.
func (g *ngGuard) linkType(i int, low layers.LinkType) int {
	if i >= 0 && i < len(g.links) && uint8(g.links[i]) == uint8(low) {
		return g.links[i]
	}
	return int(low)
}

func (g *ngGuard) Read(p []byte) (int, error) {
	for g.pos == len(g.buf) && g.pass == 0 {
		if g.err != nil {
			return 0, g.err
		}
		if g.err = g.nextBlock(); g.err != nil {
			// Nothing of a block that failed its check is handed on, and
			// the stream ends there.
			g.buf, g.pos, g.pass = g.buf[:0], 0, 0
			return 0, g.err
		}
	}
	if g.pass > 0 {
		if int64(len(p)) > g.pass {
			p = p[:g.pass]
		}
		n, err := g.r.Read(p)
		g.pass -= int64(n)
		if err == io.EOF && g.pass > 0 {
			err = io.ErrUnexpectedEOF
		}
		return n, err
	}
	n := copy(p, g.buf[g.pos:])
	g.pos += n
	return n, nil
}

// nextBlock reads and checks the next block, leaving it in buf (or, for a
// block NgReader skips, arranging for it to pass through).
func (g *ngGuard) nextBlock() error {
	g.buf, g.pos = g.buf[:0], 0
	head, err := g.r.Peek(12)
	if len(head) == 0 && err == io.EOF {
		return io.EOF
	}
	if len(head) < 8 {
		return io.ErrUnexpectedEOF
	}
	at := g.off
	if binary.LittleEndian.Uint32(head) == ngSHB {
		if len(head) < 12 {
			return io.ErrUnexpectedEOF
		}
		switch {
		case binary.LittleEndian.Uint32(head[8:]) == ngByteOrderMagic:
			g.order = binary.LittleEndian
		case binary.BigEndian.Uint32(head[8:]) == ngByteOrderMagic:
			g.order = binary.BigEndian
		default:
			return &errDamaged{at, "section header without its byte-order magic"}
		}
	}
	if g.order == nil {
		return &errDamaged{at, "the file does not start with a section header"}
	}
	typ, length := g.order.Uint32(head), int64(g.order.Uint32(head[4:]))
	if length < 12 || length%4 != 0 {
		return &errDamaged{at, fmt.Sprintf("block length %d (want a multiple of 4, at least 12)", length)}
	}
	g.off += length
	switch typ {
	case ngSHB, ngIDB, ngPB, ngSPB, ngISB, ngEPB:
	default:
		g.pass = length
		return nil
	}
	if length > maxBlock {
		return &errDamaged{at, fmt.Sprintf("block length %d exceeds %d", length, maxBlock)}
	}
	if cap(g.buf) < int(length) {
		g.buf = make([]byte, 0, length)
	}
	g.buf = g.buf[:length]
	if _, err := io.ReadFull(g.r, g.buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	b := g.buf
	if trail := int64(g.order.Uint32(b[length-4:])); trail != length {
		return &errDamaged{at, fmt.Sprintf("block length %d, trailing length %d", length, trail)}
	}
	body := b[8 : length-4]
	switch typ {
	case ngEPB, ngPB:
		if len(body) < 20 || int64(g.order.Uint32(body[12:])) > int64(len(body)-20) {
			return &errDamaged{at, "packet block's captured length exceeds the block"}
		}
	case ngSPB:
		if len(body) < 4 {
			return &errDamaged{at, "simple packet block too short"}
		}
		// NgReader reads min(original length, snap length) bytes; never
		// more than the block holds.
		if int64(g.order.Uint32(body)) > int64(len(body)-4) {
			g.order.PutUint32(body, uint32(len(body)-4))
		}
	case ngSHB:
		g.links = g.links[:0]
	case ngIDB:
		if len(body) < 8 {
			return &errDamaged{at, "interface description block too short"}
		}
		g.links = append(g.links, int(g.order.Uint16(body)))
		if g.order.Uint32(body[4:]) > maxFrame {
			g.order.PutUint32(body[4:], maxFrame)
		}
	}
	return nil
}
