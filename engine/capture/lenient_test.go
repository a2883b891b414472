package capture_test

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

// TestLenientWriters: captures written by tools less careful than a
// server — a client port inside the server range, a packet size left 0,
// every packet numbered 0, blob ids reused for whole messages — still
// give every message once.
func TestLenientWriters(t *testing.T) {
	var buf bytes.Buffer
	s := testSession(&buf, capturetest.Pcap, capturetest.Ethernet)
	s.Client = netip.MustParseAddrPort("127.0.0.1:9050")
	var want []uint32
	for i := 0; i < 6; i++ {
		u := recording.UpdatePosition{GUID: 0x80000100 + uint32(i), Pos: at(0xA9B4001F, float32(i), 1, 0), Seq: recording.PositionSeq{Position: 1}}
		want = append(want, u.GUID)
		f := capturetest.Frag{Seq: 1, ID: 0x80000000, Count: 1, Data: recording.EncodeUpdatePosition(&u)}
		pkt := capturetest.Packet(0, 0, nil, []capturetest.Frag{f})
		binary.LittleEndian.PutUint16(pkt[16:], 0)
		s.SendRaw(float64(i)*0.1, pkt)
		// The client answers from its port in the range.
		s.ClientAck(float64(i)*0.1 + 0.05)
	}
	rec, sum := importBytes(t, "lenient", buf.Bytes(), capture.Options{})
	var got []uint32
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition {
			got = append(got, ev.GUID)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("positions of %x, want %x (summary %+v)", got, want, sum)
	}
	if sum.ClientPackets != 6 || sum.SizeMismatch != 6 || sum.MalformedCount != 0 {
		t.Errorf("client packets %d, size mismatches %d, malformed %v", sum.ClientPackets, sum.SizeMismatch, sum.Malformed)
	}
}
