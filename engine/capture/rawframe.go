// Reading one frame again: the viewer's Messages panel shows an imported
// message's raw bytes by reading, when asked, the UDP datagram of the frame
// the message was completed in (a recording event's Line is that frame
// number for a capture, reader.go emit). Nothing is kept from the import.

package capture

import (
	"fmt"
	"io"
	"net/netip"
	"os"
	"time"
)

// Datagram is one UDP datagram of a capture file, as its frame carried it
// (for an IPv4-fragmented datagram, the frame that completed it).
type Datagram struct {
	// Frame is the 1-based frame number in the file.
	Frame int
	// Time is the frame's capture timestamp.
	Time     time.Time
	Src, Dst netip.AddrPort
	// Payload is the UDP payload: the AC transport header and what it
	// carries (fragments of one or more messages).
	Payload []byte
}

// ReadDatagram reads the capture file path up to frame (1-based) and
// returns the UDP datagram that frame carries. An error names the file
// and the frame: one past the file's end, or one that carries no UDP
// datagram over IPv4.
func ReadDatagram(path string, frame int) (Datagram, error) {
	if frame < 1 {
		return Datagram{}, fmt.Errorf("%s: frame %d: frames are numbered from 1", path, frame)
	}
	f, err := os.Open(path)
	if err != nil {
		return Datagram{}, err
	}
	defer f.Close()
	cr := &countingReader{r: f}
	fr, err := newFrames(cr, &Summary{})
	if err != nil {
		return Datagram{}, fmt.Errorf("%s: %w", path, err)
	}
	fr.src = cr
	for {
		d, err := fr.next()
		if err == io.EOF {
			if cr.err != nil {
				return Datagram{}, &ReadError{File: path, Frame: fr.frame, Err: cr.err}
			}
			return Datagram{}, fmt.Errorf("%s: frame %d: the capture ends at frame %d", path, frame, fr.frame)
		}
		if err != nil {
			return Datagram{}, fmt.Errorf("%s: frame %d: %w", path, fr.frame, err)
		}
		switch {
		case d.frame == frame:
			return Datagram{Frame: d.frame, Time: d.ts,
				Src:     netip.AddrPortFrom(netip.AddrFrom4(d.srcIP), d.srcPort),
				Dst:     netip.AddrPortFrom(netip.AddrFrom4(d.dstIP), d.dstPort),
				Payload: append([]byte(nil), d.payload...)}, nil
		case d.frame > frame:
			return Datagram{}, fmt.Errorf("%s: frame %d: carries no UDP datagram over IPv4", path, frame)
		}
	}
}
