// An interface's frames as the session reads them: from the packet socket
// (iface_linux.go) or, in tests, from frames fed to it (Frames). They are
// handed to the capture reader as a pcap stream (pcapstream.go) and, for
// the window, kept in a capture file as they are read (Keep), which the
// window follows as it follows a file tcpdump writes.

package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
)

// Frames are an interface's frames as they are received, each an IPv4
// packet (LINKTYPE_RAW).
type Frames interface {
	// ReadFrame reads the next frame into buf and says when it was
	// received. It waits a short while at most: n is 0 with a nil error
	// when no frame came (the caller looks at its signal and asks again).
	ReadFrame(buf []byte) (n int, at time.Time, err error)
	Close() error
}

// OpenInterface opens the network interface name for reading (Linux: an
// AF_PACKET socket, which needs CAP_NET_RAW). Its error is the command's:
// exit status 1 for a permission missing (naming CAP_NET_RAW) or another
// failure of the system, 2 for an interface that does not exist.
func OpenInterface(name string) (Frames, error) {
	fr, err := openSocket(name)
	if err != nil {
		return nil, inputError(err)
	}
	return fr, nil
}

// KeepIface readies an -iface session for the window, which follows a
// capture file: the interface is opened now (o.Frames, unless already
// set), so that a permission missing is said before any window opens, and
// the file its frames are kept in as they are read is created, new, in
// o.PackDir or else in a new folder under the system's temporary one:
// IFACE.pcap (IFACE-2.pcap … when taken). o.Keep is the file, o.Kept its
// path; the session closes it when it ends.
func KeepIface(o *Options) error {
	if o.Frames == nil {
		fr, err := OpenInterface(o.Iface)
		if err != nil {
			return err
		}
		o.Frames = fr
	}
	dir := o.PackDir
	if dir == "" {
		d, err := os.MkdirTemp("", "glidepath-live-")
		if err != nil {
			return fmt.Errorf("live: -iface %s: a folder for the interface's capture: %w", o.Iface, cli.UnwrapPath(err))
		}
		dir = d
	}
	base := "iface-" + safeName(o.Iface)
	for i := 1; ; i++ {
		path := filepath.Join(dir, base+".pcap")
		if i > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d.pcap", base, i))
		}
		// O_EXCL: a new file, never one there already (nor a link's
		// target, a device or a FIFO).
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) && i < 1000 {
			continue
		}
		if err != nil {
			return fmt.Errorf("live: -iface %s: the interface's capture %s: %w", o.Iface, path, cli.UnwrapPath(err))
		}
		o.Keep, o.Kept = f, path
		return nil
	}
}

// safeName is an interface's name as a file name's part.
func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// openIface reads the interface's frames (o.Frames, or the interface
// opened now) into a capture reader, keeping them in o.Keep as well.
func openIface(o Options) (recording.Source, error) {
	fr := o.Frames
	if fr == nil {
		var err error
		if fr, err = openSocket(o.Iface); err != nil {
			return nil, err
		}
	}
	q := newQueue()
	hdr := pcapFileHeader(LinkRaw)
	q.write(hdr)
	if o.Keep != nil {
		if _, err := o.Keep.Write(hdr); err != nil {
			fr.Close()
			return nil, &failure{fmt.Errorf("live: -iface %s: writing the interface's capture %s: %v", o.Iface, o.Kept, err)}
		}
	}
	ctx, cancel := context.WithCancel(cli.StopCtx)
	done := make(chan struct{})
	go receive(ctx, fr, q, o.Keep, o.Kept, done)
	r, err := capture.NewReader("iface "+o.Iface, q, o.CaptureOptions)
	if err != nil {
		cancel()
		<-done
		return nil, err
	}
	return closeBoth{r, closer(func() error { cancel(); <-done; return nil })}, nil
}

// closer is a function as an io.Closer.
type closer func() error

func (c closer) Close() error { return c() }

// receive reads frames from fr into q, and into keep when it is not nil,
// until ctx ends or fr fails, then closes them (keep too, when it is an
// io.Closer). A frame keep cannot take stops the session: the window's
// file would no longer be what the session runs.
func receive(ctx context.Context, fr Frames, q *queue, keep io.Writer, kept string, done chan struct{}) {
	defer close(done)
	defer fr.Close()
	if c, ok := keep.(io.Closer); ok {
		defer c.Close()
	}
	buf := make([]byte, pcapSnapLen)
	var rec []byte
	for {
		if ctx.Err() != nil {
			err := context.Cause(ctx)
			if err == nil {
				err = errQueueClosed
			}
			q.closeWithError(err)
			return
		}
		n, at, err := fr.ReadFrame(buf)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				err = fmt.Errorf("receiving: %v", err)
			}
			q.closeWithError(err)
			return
		}
		if n == 0 {
			continue
		}
		rec = appendPcapRecord(rec[:0], at, buf[:n])
		if keep != nil {
			if _, err := keep.Write(rec); err != nil {
				q.closeWithError(&failure{fmt.Errorf("writing the interface's capture %s: %v", kept, err)})
				return
			}
		}
		q.write(rec)
	}
}
