package live

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/internal/cli"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// datagramLines turns a little-endian Ethernet pcap's UDP datagrams into
// datagram JSON Lines (docs/formats.md): the server's port is the lowest
// of 9000–10013 it uses, its datagrams s2c.
func datagramLines(t *testing.T, pcap []byte) []string {
	t.Helper()
	type dg struct {
		t    float64
		s2c  bool
		port int
		data []byte
	}
	var dgs []dg
	base := 1 << 16
	for off := 24; off < len(pcap); {
		n := int(binary.LittleEndian.Uint32(pcap[off+8:]))
		ts := float64(binary.LittleEndian.Uint32(pcap[off:])) + float64(binary.LittleEndian.Uint32(pcap[off+4:]))/1e6
		ip := pcap[off+16+14 : off+16+n]
		udp := ip[int(ip[0]&15)*4:]
		sp, dp, ln := int(binary.BigEndian.Uint16(udp)), int(binary.BigEndian.Uint16(udp[2:])), int(binary.BigEndian.Uint16(udp[4:]))
		d := dg{t: ts, s2c: sp >= 9000 && sp <= 10013, data: udp[8:ln]}
		d.port = dp
		if d.s2c {
			d.port = sp
		}
		base = min(base, d.port)
		dgs = append(dgs, d)
		off += 16 + n
	}
	var lines []string
	for _, d := range dgs {
		dir := "c2s"
		if d.s2c {
			dir = "s2c"
		}
		lines = append(lines, fmt.Sprintf(`{"t":%.6f,"dir":"%s","pair":%d,"len":%d,"data":"%s"}`+"\n",
			d.t-dgs[0].t, dir, d.port-base, len(d.data), hex.EncodeToString(d.data)))
	}
	return lines
}

// -capture follows a datagram JSON Lines file being written as it follows
// a pcap (docs/live.md): lines appended in steps, each step's last line
// torn and finished in the next, ring the blips a straight run of the pcap
// logs, at their ticks.
func TestRun_FollowsADatagramJSONLCapture(t *testing.T) {
	pcapPath, data := scenarioCapture(t, "far-blip")
	events, _ := straightEvents(t, pcapPath, data)
	if len(events) == 0 {
		t.Fatal("far-blip has no blip")
	}
	whole := strings.Join(datagramLines(t, data), "")
	path := filepath.Join(t.TempDir(), "far-blip.jsonl")
	cuts := []int{0, len(whole) / 3, 2 * len(whole) / 3, len(whole)}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := filter.Parse("blip", filter.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	stop := withStop(t)
	alarms := make(chan Alarm, 64)
	var out, errs goroutines.Buffer
	done := make(chan error, 1)
	o := Options{Capture: path, Alarm: e, AlarmText: "blip", JSON: true, Reading: interp.SeedReading(), Poll: 10 * time.Millisecond,
		OnAlarm: func(a Alarm) { alarms <- a }}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The first step before the session starts: a file whose first
	// line is a datagram is a datagram capture.
	if _, err := f.WriteString(whole[cuts[0]:cuts[1]]); err != nil {
		t.Fatal(err)
	}
	go func() { done <- Run(o, &out, &errs) }()
	for i := 2; i < len(cuts); i++ {
		time.Sleep(50 * time.Millisecond)
		if _, err := f.WriteString(whole[cuts[i-1]:cuts[i]]); err != nil {
			t.Fatal(err)
		}
	}
	var got []Alarm
	for len(got) < len(events) {
		select {
		case a := <-alarms:
			got = append(got, a)
		case <-time.After(20 * time.Second):
			stop()
			<-done
			t.Fatalf("%d alarms of %d:\n%s", len(got), len(events), errs.String())
		}
	}
	stop()
	var ie *cli.InterruptedError
	if err := <-done; !errors.As(err, &ie) {
		t.Fatalf("after the signal: %v\n%s", err, errs.String())
	}
	for i, a := range got {
		w := events[i]
		if a.Kind != w.Kind.String() || a.Tick != int(w.Tick) || a.GUID != hexid.String(w.GUID) {
			t.Errorf("alarm %d: %+v, want the %s of %s at tick %d", i, a, w.Kind, hexid.String(w.GUID), w.Tick)
		}
	}
}
