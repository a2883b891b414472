package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/scenario"
)

// A client that leaves retail at the tick of a pop: the pop's cause at the
// divergence names the stage that moved the body (seed 003 §12), as `viewer
// run -explain` does, although diff itself runs without stage records.
func TestDiff_PopAtTheDivergenceNamesItsStage(t *testing.T) {
	pop, input, client := clientLeavingAtPop(t)
	guid := fmt.Sprintf("0x%08X", pop.GUID)
	d, out := runDiffJSON(t, 1, input, client)
	for _, o := range d.Objects {
		if o.GUID != guid {
			continue
		}
		if o.FirstDivergence == nil || o.FirstDivergence.Tick != pop.Tick {
			t.Fatalf("divergence of %s, want one at tick %d:\n%s", guid, pop.Tick, out)
		}
		for _, c := range o.FirstDivergence.Causes {
			if strings.HasPrefix(c, "tick "+strconv.Itoa(pop.Tick)+": pop ") {
				if c != pop.String() {
					t.Fatalf("pop cause %q, want %q", c, pop.String())
				}
				return
			}
		}
		t.Fatalf("no pop among the causes:\n%s", out)
	}
	t.Fatalf("no object %s:\n%s", guid, out)
}

// clientLeavingAtPop is the cliff scenario's first pop (with its stage
// records) and a client trace of the cliff that leaves retail there: the
// popping object's origin moved 0.05 m from the pop's tick on.
func clientLeavingAtPop(t *testing.T) (pop *explain.Cause, input, client string) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), "cliff")
	if err != nil {
		t.Fatal(err)
	}
	var x explain.Explainer
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, RecordStages: true, Sink: &x})
	if err != nil {
		t.Fatal(err)
	}
	for pop == nil && !s.Done() {
		s.Step()
		for i := range x.Causes {
			if x.Causes[i].Kind == eventlog.EventPop {
				pop = &x.Causes[i]
				break
			}
		}
	}
	if pop == nil {
		t.Fatal("the cliff has no pop")
	}
	input, _, rows := ownTrace(t, "cliff")
	guid := fmt.Sprintf("0x%08X", pop.GUID)
	for i := range rows {
		if rows[i].GUID == guid && rows[i].Tick >= pop.Tick {
			rows[i].Origin[0] += 0.05
		}
	}
	return pop, input, writeClient(t, rows, "jsonl")
}
