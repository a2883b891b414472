//go:build linux

package live

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"testing"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"

	"glidepath/engine/capture"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
)

// An interface read directly gives the events a capture file of the same
// datagrams gives: the far-blip scenario's datagrams, taken from its pcap
// (by gopacket, not by engine/capture), are sent again through the
// loopback interface between the same ports, and the packet socket's
// stream, read by engine/capture, yields the same messages in the same
// order (their times are the sending's, so only kinds and objects are
// compared, an object created before the player's first position in the
// header or as an event alike). Needs CAP_NET_RAW (root); skipped
// otherwise.
func TestIface_LoopbackGivesTheCapturesEvents(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs CAP_NET_RAW")
	}
	_, data := scenarioCapture(t, "far-blip")
	type dgram struct {
		src, dst int
		payload  []byte
	}
	var dgrams []dgram
	r, err := pcapgo.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for {
		frame, _, err := r.ReadPacketData()
		if err != nil {
			break
		}
		p := gopacket.NewPacket(frame, layers.LayerTypeEthernet, gopacket.Default)
		if u, ok := p.Layer(layers.LayerTypeUDP).(*layers.UDP); ok {
			dgrams = append(dgrams, dgram{int(u.SrcPort), int(u.DstPort), append([]byte(nil), u.Payload...)})
		}
	}
	if len(dgrams) == 0 {
		t.Fatal("no datagrams in the capture")
	}
	want := eventsOf(t, func() (recording.Source, error) {
		return capture.NewReader("file", bytes.NewReader(data), capture.Options{})
	}, -1)

	// The capture reader reads ahead to the player's first position as
	// it opens: it opens while the datagrams are sent.
	type opened struct {
		src recording.Source
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		src, err := openIface(Options{Iface: "lo"})
		ch <- opened{src, err}
	}()
	time.Sleep(500 * time.Millisecond) // the socket is bound first
	conns := map[int]*net.UDPConn{}
	for _, d := range dgrams {
		c := conns[d.src]
		if c == nil {
			if c, err = net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: d.src}); err != nil {
				t.Skipf("port %d: %v", d.src, err)
			}
			defer c.Close()
			conns[d.src] = c
		}
		if _, err := c.WriteToUDP(d.payload, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: d.dst}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Microsecond)
	}
	var o opened
	select {
	case o = <-ch:
	case <-time.After(10 * time.Second):
		t.Fatal("the interface's capture did not open in 10 s")
	}
	if o.err != nil {
		t.Fatal(o.err)
	}
	defer o.src.Close()
	got := eventsOf(t, func() (recording.Source, error) { return o.src, nil }, len(want))
	if len(got) != len(want) {
		t.Fatalf("%d events from the interface, %d from the file", len(got), len(want))
	}
	// The creates, wherever they fall, and every other event in order.
	split := func(ws []string) (creates map[string]int, rest []string) {
		creates = map[string]int{}
		for _, w := range ws {
			if len(w) > 7 && w[:7] == "create " {
				creates[w]++
			} else {
				rest = append(rest, w)
			}
		}
		return creates, rest
	}
	gc, gr := split(got)
	wc, wr := split(want)
	if fmt.Sprint(gc) != fmt.Sprint(wc) || len(gr) != len(wr) {
		t.Fatalf("creates %v and %d others from the interface, %v and %d from the file", gc, len(gr), wc, len(wr))
	}
	for i := range wr {
		if gr[i] != wr[i] {
			t.Fatalf("event %d: %s from the interface, %s from the file", i, gr[i], wr[i])
		}
	}
}

// eventsOf reads a source's header entities and events up to n in all
// (all, n < 0) as "kind guid" words; it gives up after 10 s.
func eventsOf(t *testing.T, open func() (recording.Source, error), n int) []string {
	t.Helper()
	src, err := open()
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan []string, 1)
	go func() {
		// An object created before the player's first position is the
		// header's; how soon after the first datagram that counts as
		// depends on the timestamps, so it is a create either way here.
		var evs []string
		for _, e := range src.Header().Entities {
			evs = append(evs, "create "+hexid.String(e.GUID))
		}
		for n < 0 || len(evs) < n {
			ev, err := src.Next()
			if err != nil {
				break
			}
			evs = append(evs, ev.Kind.String()+" "+hexid.String(ev.GUID))
		}
		out <- evs
	}()
	select {
	case evs := <-out:
		return evs
	case <-time.After(10 * time.Second):
		t.Fatalf("fewer than %d events in 10 s", n)
	}
	return nil
}
