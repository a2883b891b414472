//go:build !linux

package live

import "fmt"

// openSocket is Linux's alone (an AF_PACKET socket); elsewhere capture to
// a file (tcpdump -U -w FILE) and follow it with -capture.
func openSocket(name string) (Frames, error) {
	return nil, &failure{fmt.Errorf("-iface %s: reading an interface directly needs Linux (an AF_PACKET socket, CAP_NET_RAW); elsewhere run tcpdump -U -w FILE and give -capture FILE", name)}
}
