// The frames read from a network interface, written as a pcap stream
// (the libpcap file format: a 24-byte file header, then a 16-byte record
// header before each frame) into a queue the capture reader reads, so an
// interface is read by the same engine/capture code as a file tcpdump
// writes. The queue never blocks the socket's reader: a run that waits for
// the client's trace does not make the kernel drop frames.

package live

import (
	"encoding/binary"
	"errors"
	"io"
	"sync"
	"time"
)

// pcap's constants (tcpdump.org/manpages/pcap-savefile.5.html).
const (
	pcapMagic   = 0xA1B2C3D4 // microsecond timestamps
	pcapSnapLen = 262144
	// LinkRaw is LINKTYPE_RAW: each frame is an IP packet, as a packet
	// socket of type SOCK_DGRAM gives it on any interface.
	LinkRaw = 101
)

// pcapFileHeader is the stream's file header for frames of link type
// link, little-endian.
func pcapFileHeader(link uint32) []byte {
	b := make([]byte, 24)
	binary.LittleEndian.PutUint32(b[0:], pcapMagic)
	binary.LittleEndian.PutUint16(b[4:], 2) // version 2.4
	binary.LittleEndian.PutUint16(b[6:], 4)
	// thiszone, sigfigs: 0
	binary.LittleEndian.PutUint32(b[16:], pcapSnapLen)
	binary.LittleEndian.PutUint32(b[20:], link)
	return b
}

// appendPcapRecord appends one frame, captured at ts, to dst.
func appendPcapRecord(dst []byte, ts time.Time, frame []byte) []byte {
	var h [16]byte
	us := ts.UnixMicro()
	binary.LittleEndian.PutUint32(h[0:], uint32(us/1e6))
	binary.LittleEndian.PutUint32(h[4:], uint32(us%1e6))
	binary.LittleEndian.PutUint32(h[8:], uint32(len(frame)))
	binary.LittleEndian.PutUint32(h[12:], uint32(len(frame)))
	return append(append(dst, h[:]...), frame...)
}

// maxQueued bounds the bytes waiting for the capture reader; past it
// frames are dropped (and counted) rather than memory grown without end.
const maxQueued = 256 << 20

// queue is an io.Reader of bytes written by another goroutine: Read waits
// for bytes, Write never waits.
type queue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	buf     []byte
	err     error
	dropped int
}

func newQueue() *queue {
	q := &queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// write appends b whole, or drops it when the queue is full.
func (q *queue) write(b []byte) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.buf)+len(b) > maxQueued {
		q.dropped++
		return
	}
	q.buf = append(q.buf, b...)
	q.cond.Signal()
}

// closeWithError makes Read return err once the queue is empty.
func (q *queue) closeWithError(err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err == nil {
		if err == nil {
			err = io.EOF
		}
		q.err = err
	}
	q.cond.Broadcast()
}

var errQueueClosed = errors.New("the interface's reading stopped")

func (q *queue) Read(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.buf) == 0 && q.err == nil {
		q.cond.Wait()
	}
	if len(q.buf) == 0 {
		return 0, q.err
	}
	n := copy(p, q.buf)
	q.buf = q.buf[n:]
	if len(q.buf) == 0 {
		q.buf = nil
	}
	return n, nil
}
