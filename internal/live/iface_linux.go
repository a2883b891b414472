//go:build linux

// An interface read directly: an AF_PACKET socket (packet(7)) of type
// SOCK_DGRAM for IPv4, in pure Go through package syscall. Opening one
// needs CAP_NET_RAW; without it the session stops with exit 1 and a
// message naming the capability. The frames go to the capture reader as a
// pcap stream of link type LINKTYPE_RAW (pcapstream.go), timestamped as
// they are received. On the loopback interface each packet is seen twice,
// leaving and arriving; the leaving copy is skipped, as libpcap skips it.

package live

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
)

// ethPIP is ETH_P_IP in network byte order, as packet sockets take it.
const ethPIP = uint16(syscall.ETH_P_IP>>8 | (syscall.ETH_P_IP&0xff)<<8)

// packetOutgoing is PACKET_OUTGOING, sll_pkttype of a packet leaving.
const packetOutgoing = 4

// recvTimeout is how long one receive waits before the signal is looked
// at again.
const recvTimeout = 100 * time.Millisecond

// openIface opens the interface named name and reads its frames into a
// capture reader.
func openIface(name string, copts capture.Options) (recording.Source, error) {
	fd, err := syscall.Socket(syscall.AF_PACKET, syscall.SOCK_DGRAM, int(ethPIP))
	if err != nil {
		if errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) {
			return nil, &failure{fmt.Errorf("live: -iface %s: reading an interface needs the CAP_NET_RAW capability (%v): run as root, or grant it once with sudo setcap cap_net_raw+ep PATH-TO-viewer; or capture with tcpdump -U -w FILE and give -capture FILE", name, err)}
		}
		return nil, &failure{fmt.Errorf("live: -iface %s: opening a packet socket: %v", name, err)}
	}
	ifi, err := net.InterfaceByName(name)
	if err != nil {
		syscall.Close(fd)
		return nil, cli.BadInput("live: -iface %s: no such network interface (%v)", name, err)
	}
	if err := syscall.Bind(fd, &syscall.SockaddrLinklayer{Protocol: ethPIP, Ifindex: ifi.Index}); err != nil {
		syscall.Close(fd)
		return nil, &failure{fmt.Errorf("live: -iface %s: binding the packet socket: %v", name, err)}
	}
	tv := syscall.NsecToTimeval(recvTimeout.Nanoseconds())
	if err := syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv); err != nil {
		syscall.Close(fd)
		return nil, &failure{fmt.Errorf("live: -iface %s: %v", name, err)}
	}
	q := newQueue()
	q.write(pcapFileHeader(LinkRaw))
	ctx, cancel := context.WithCancel(cli.StopCtx)
	done := make(chan struct{})
	go receive(ctx, fd, q, ifi.Flags&net.FlagLoopback != 0, done)
	r, err := capture.NewReader("iface "+name, q, copts)
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

// receive reads frames from fd into q until ctx ends, then closes both.
func receive(ctx context.Context, fd int, q *queue, loopback bool, done chan struct{}) {
	defer close(done)
	defer syscall.Close(fd)
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
		n, from, err := syscall.Recvfrom(fd, buf, 0)
		if err != nil {
			if errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EINTR) {
				continue
			}
			q.closeWithError(fmt.Errorf("receiving: %v", err))
			return
		}
		if ll, ok := from.(*syscall.SockaddrLinklayer); ok && loopback && ll.Pkttype == packetOutgoing {
			continue
		}
		rec = appendPcapRecord(rec[:0], time.Now(), buf[:n])
		q.write(rec)
	}
}
