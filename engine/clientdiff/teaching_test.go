// The teaching client trace: recordings/clients/corner.jsonl is what a client
// that keeps a single replacing target (instead of retail's position queue,
// seed 000 §3) logs for recordings/corner.yaml. This test regenerates it with
// -update and otherwise checks the shipped file is exactly what the model
// gives, and that diffing it against retail finds the corner.

package clientdiff

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
)

var update = flag.Bool("update", false, "rewrite recordings/clients/corner.jsonl")

const (
	cornerInput  = "../../recordings/corner.yaml"
	cornerClient = "../../recordings/clients/corner.jsonl"
)

// singleTargetClient runs the naive client over rec: every grounded
// UpdatePosition replaces its one target (a newer teleport stamp snaps
// there), and each tick the body moves straight at the target at the same
// catch-up speed retail uses, the step clamped onto the target, and a target
// within 0.05 m counts as reached without a step — retail's adjust_offset
// step and reach test (seed 000 §4) — so only the queue differs. It logs one
// Client trace v1 row per tick: position, queue (1 while it has a target
// not yet reached), contact, and the branch of an update it took.
func singleTargetClient(t *testing.T, rec *recording.Recording) []byte {
	t.Helper()
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	ent := rec.Header.Entities[0]
	pos := clienttrace.Global(ent.Pos.Cell, ent.Pos.Frame.Origin)
	landblock := ent.Pos.Cell &^ 0xFFFF
	teleport := ent.Seq.Teleport
	var target [3]float64
	hasTarget := false
	next := 0
	var b bytes.Buffer
	for {
		branch := ""
		for ; next < len(rec.Events) && s.Query().TickOf(rec.Events[next].T) <= s.Tick() && s.Tick() > 0; next++ {
			ev := &rec.Events[next]
			if ev.Kind != recording.KindPosition || ev.GUID != ent.GUID {
				continue
			}
			g := clienttrace.Global(ev.Update.Pos.Cell, ev.Update.Pos.Frame.Origin)
			switch {
			case physics.StampIsNewer(ev.Update.Seq.Teleport, teleport):
				teleport, pos, hasTarget, branch = ev.Update.Seq.Teleport, g, false, "teleport"
			case ev.Update.Grounded:
				target, hasTarget, branch = g, true, "interpolate"
			default:
				branch = "airborne"
			}
		}
		if hasTarget && s.Tick() > 0 {
			v, _ := s.Query().Object(ent.GUID)
			step := float64(v.CatchUpSpeed) * float64(s.DT())
			d := [3]float64{target[0] - pos[0], target[1] - pos[1], target[2] - pos[2]}
			dist := vecLen(d)
			switch {
			case dist <= float64(interp.DesiredDistance):
				// Reached, as retail's reach test has it: no step.
				hasTarget = false
			case dist <= step:
				pos = target
			default:
				for k := range pos {
					pos[k] += d[k] / dist * step
				}
			}
		}
		local := mgl32.Vec3{float32(pos[0] - float64(landblock>>24)*physics.LandblockLength),
			float32(pos[1] - float64(landblock>>16&0xFF)*physics.LandblockLength), float32(pos[2])}
		cell := landblock | physics.OutdoorCellIndex(local[0], local[1])
		queue := 0
		if hasTarget {
			queue = 1
		}
		fmt.Fprintf(&b, `{"tick":%d,"guid":"0x%08X","cell":"0x%08X","origin":[%s,%s,%s],"queue":%d,"contact":true`,
			s.Tick(), ent.GUID, cell, f32(local[0]), f32(local[1]), f32(local[2]), queue)
		if branch != "" {
			fmt.Fprintf(&b, `,"branch":"%s"`, branch)
		}
		b.WriteString("}\n")
		if s.Tick() >= s.LastTick() {
			return b.Bytes()
		}
		s.Step()
	}
}

func vecLen(d [3]float64) float64 {
	return math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
}

func f32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

func TestTeachingClientTrace(t *testing.T) {
	rec, err := loader.Load(cornerInput, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	got := singleTargetClient(t, rec)
	if *update {
		if err := os.WriteFile(cornerClient, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(cornerClient)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the single-target client gives; run go test ./engine/clientdiff -run TestTeachingClientTrace -update", cornerClient)
	}

	// Until the outage both agree; when the held updates arrive retail
	// queues them all, the client keeps one: the queue diverges first, the
	// position follows as the client cuts the corner.
	cmp := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Metrics: true, NoCheckpoints: true, Sink: cmp})
	if err != nil {
		t.Fatal(err)
	}
	rd, err := clienttrace.Open(cornerClient, s.TickRate())
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	res, err := Run(s, cmp, rd)
	if err != nil {
		t.Fatal(err)
	}
	o := res.Objects[0]
	d := o.FirstDivergence
	if !res.Diverged || d == nil {
		t.Fatal("the single-target client does not diverge")
	}
	burst := s.Query().TickOf(10.5)
	if d.Tick < burst || d.Tick > burst+5 || !slicesContains(d.Fields, "queue") || d.Retail.Queue < 5 || *d.Client.Queue != 1 {
		t.Errorf("first divergence %+v, want the queue at the burst (tick %d)", d, burst)
	}
	if o.MaxError < 2 {
		t.Errorf("max error %v m: the client should cut the corner by metres", o.MaxError)
	}
	if len(d.Context) != 3 || !strings.Contains(strings.Join(d.Retail.Events, ";"), "enqueue near") {
		t.Errorf("context %d ticks, retail events %v", len(d.Context), d.Retail.Events)
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
