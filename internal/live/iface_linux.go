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
	"errors"
	"fmt"
	"net"
	"syscall"
	"time"

	"glidepath/internal/cli"
)

// ethPIP is ETH_P_IP in network byte order, as packet sockets take it.
const ethPIP = uint16(syscall.ETH_P_IP>>8 | (syscall.ETH_P_IP&0xff)<<8)

// packetOutgoing is PACKET_OUTGOING, sll_pkttype of a packet leaving.
const packetOutgoing = 4

// recvTimeout is how long one receive waits before the signal is looked
// at again.
const recvTimeout = 100 * time.Millisecond

// socket is an interface's AF_PACKET socket (Frames).
type socket struct {
	fd       int
	loopback bool
}

// openSocket opens a packet socket on the interface named name.
func openSocket(name string) (Frames, error) {
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
	return &socket{fd: fd, loopback: ifi.Flags&net.FlagLoopback != 0}, nil
}

// ReadFrame receives one frame, waiting recvTimeout at most; on the
// loopback interface the copy of a packet leaving is skipped.
func (s *socket) ReadFrame(buf []byte) (int, time.Time, error) {
	n, from, err := syscall.Recvfrom(s.fd, buf, 0)
	if err != nil {
		if errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EINTR) {
			return 0, time.Time{}, nil
		}
		return 0, time.Time{}, err
	}
	if ll, ok := from.(*syscall.SockaddrLinklayer); ok && s.loopback && ll.Pkttype == packetOutgoing {
		return 0, time.Time{}, nil
	}
	return n, time.Now(), nil
}

func (s *socket) Close() error { return syscall.Close(s.fd) }
