// The work of viewer shrink, beside it: an input shrunk to what still
// shows a -keep expression is written as a smaller recording that still
// shows it, and a condition the input never shows is bad usage. The flags
// and exit statuses are cmd/viewer's (whatif_test.go there).

package shrinkcmd

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/filter"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/interp"
)

const farJump = "../../engine/testdata/far_jump.jsonl"

func keep(t *testing.T, expr string) *filter.Expr {
	t.Helper()
	e, err := filter.Parse(expr, filter.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// blips counts the blips of a run of rec under the seed reading.
func blips(t *testing.T, rec *recording.Recording) int {
	t.Helper()
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: interp.SeedReading(), EventLog: true})
	if err != nil {
		t.Fatal(err)
	}
	for s.Tick() < s.LastTick() {
		s.Step()
	}
	n := 0
	for _, e := range s.Query().AllEvents() {
		if e.Kind == eventlog.EventBlip {
			n++
		}
	}
	return n
}

// TestRun_KeepsTheBlipInFewerEvents: far_jump shrunk under -keep blip is
// a recording of fewer events whose run still blips.
func TestRun_KeepsTheBlipInFewerEvents(t *testing.T) {
	out := filepath.Join(t.TempDir(), "small.jsonl")
	var stdout, stderr bytes.Buffer
	o := Options{Keep: "blip", Expr: keep(t, "blip"), Out: out, Reading: interp.SeedReading(), Jobs: 2}
	if err := Run(farJump, o, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	big, err := recording.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	small, err := recording.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(small.Events) >= len(big.Events) {
		t.Errorf("%d events, the input has %d", len(small.Events), len(big.Events))
	}
	if blips(t, small) == 0 {
		t.Error("the shrunk recording no longer blips")
	}
}

// TestRun_ConditionNeverShownIsBadUsage: a -keep the input never shows is
// a usage error naming it, and nothing is written.
func TestRun_ConditionNeverShownIsBadUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "small.jsonl")
	var stdout, stderr bytes.Buffer
	o := Options{Keep: "pop", Expr: keep(t, "pop"), Out: out, Reading: interp.SeedReading(), Jobs: 1}
	err := Run(farJump, o, &stdout, &stderr)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `-keep "pop"`) {
		t.Fatalf("%v, want a usage error naming -keep", err)
	}
	if _, err := recording.ReadFile(out); err == nil {
		t.Error("a recording was written")
	}
}
