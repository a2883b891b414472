package live

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// rebornCapture is a pcap of a recording whose 0x80000A03 walks, is
// deleted at t=4 and created again at the same t (tick 120, as the
// capture importer writes a ParentEvent), and walks again; and the rows a
// faithful client writes of it, every object every tick, with the
// position of 0x80000A03 moved at the ticks in diverge.
func rebornCapture(t *testing.T, diverge map[int]float32) (path, trace string) {
	t.Helper()
	var in strings.Builder
	in.WriteString(`{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B40025","origin":[96,96,0]},"terrain":{"kind":"flat","z":0},` +
		`"entities":[{"guid":"0x80000A01","name":"Mover","position":{"cell":"0xA9B40014","origin":[60,90,0],"rotation":[1,0,0,0]}},` +
		`{"guid":"0x80000A03","name":"Reborn","position":{"cell":"0xA9B40014","origin":[50,90,0],"rotation":[1,0,0,0]},"seq":{"instance":1}}]}` + "\n")
	walk := func(t0, x0 float64, instance, n int) {
		for i := 1; i < n; i++ {
			fmt.Fprintf(&in, `{"t":%g,"type":"position","guid":"0x80000A03","cell":"0xA9B40014","origin":[%g,%d,0],"seq":{"instance":%d,"position":%d}}`+"\n",
				t0+float64(i)*0.2, x0+float64(i)*1.7, 90+i%3, instance, i)
		}
	}
	walk(0, 50, 1, 20)
	in.WriteString(`{"t":4,"type":"delete","guid":"0x80000A03"}` + "\n")
	in.WriteString(`{"t":4,"type":"create","guid":"0x80000A03","entity":{"guid":"0x80000A03","name":"Reborn","position":{"cell":"0xA9B40014","origin":[52,90,0],"rotation":[1,0,0,0]},"seq":{"instance":2}}}` + "\n")
	walk(4, 52, 2, 40)
	rec, err := recording.Read("reborn.jsonl", strings.NewReader(in.String()))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path = filepath.Join(dir, "reborn.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := capture.NewReader(path, bytes.NewReader(buf.Bytes()), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewStream(src, engine.Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	f32 := func(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
	var rows strings.Builder
	for {
		for _, st := range s.Query().States(nil) {
			x := st.Origin[0]
			if st.GUID == 0x80000A03 {
				x += diverge[s.Tick()]
			}
			fmt.Fprintf(&rows, `{"tick":%d,"guid":"%s","cell":"%s","origin":[%s,%s,%s]}`+"\n",
				s.Tick(), hexid.String(st.GUID), hexid.String(st.Cell), f32(x), f32(st.Origin[1]), f32(st.Origin[2]))
		}
		if s.Done() {
			break
		}
		s.Step()
	}
	trace = filepath.Join(dir, "client.jsonl")
	if err := os.WriteFile(trace, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, trace
}

// A guid deleted and created again is two objects, each with a first
// divergence of its own: the client diverging in each life rings twice,
// once at each life's first diverging row — and a life that never
// diverges rings nothing.
func TestRun_EachLifeOfARecreatedGUIDRingsItsOwnDivergence(t *testing.T) {
	for _, c := range []struct {
		name    string
		diverge map[int]float32
		want    []int
	}{
		{"both lives", map[int]float32{60: 1, 61: 1, 300: 2}, []int{60, 300}},
		{"the second life only", map[int]float32{300: 2}, []int{300}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, trace := rebornCapture(t, c.diverge)
			stop := withStop(t)
			alarms := make(chan Alarm, 8)
			var out, errs goroutines.Buffer
			done := make(chan error, 1)
			o := Options{Capture: path, Against: trace, JSON: true, Reading: interp.SeedReading(), Tolerance: 0.01,
				Poll: 10 * time.Millisecond, OnAlarm: func(a Alarm) { alarms <- a }}
			go func() { done <- Run(o, &out, &errs) }()
			var got []int
			for len(got) < len(c.want) {
				select {
				case a := <-alarms:
					if a.GUID != "0x80000A03" || a.Kind != KindDivergence {
						t.Errorf("alarm %+v", a)
					}
					got = append(got, a.Tick)
				case <-time.After(20 * time.Second):
					stop()
					<-done
					t.Fatalf("alarms at %v, want at %v:\n%s", got, c.want, errs.String())
				}
			}
			time.Sleep(200 * time.Millisecond) // another alarm would come now
			stop()
			var ie *cli.InterruptedError
			if err := <-done; !errors.As(err, &ie) {
				t.Fatalf("after the signal: %v", err)
			}
			close(alarms)
			for a := range alarms {
				got = append(got, a.Tick)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("alarms at ticks %v, want %v", got, c.want)
			}
		})
	}
}
