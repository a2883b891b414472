// Tests of the deliver stage's rows (seed 004 §0–§3, seed 000 §3).

package pipeline

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// seed 004 §3, seed 000 §3: an UpdatePosition routed to interpolate whose
// InterpolateTo dropped the head at the cap reads as one chain, linked to
// the routing section, and the motion update after it as its own row.
func TestDeliverRows_ChainRouteToEnqueueWithHeadDropped(t *testing.T) {
	tk := &Tick{Object: walking(), Reading: interp.SeedReading(), TickRate: 30, Events: []model.Event{
		{Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{Kind: eventlog.EventEnqueue, Branch: interp.BranchNear, Pruned: 2, Evicted: true},
		{Kind: eventlog.EventMotion},
	}}
	rows := DeliverRows(tk)
	if len(rows) != 3 {
		t.Fatalf("%d rows, want head + route chain + motion: %+v", len(rows), rows)
	}
	if !rows[0].Ran || !strings.Contains(rows[0].Value, "2 message") || rows[0].Step.Doc != "docs/pipeline.md#deliver" {
		t.Errorf("head %+v", rows[0])
	}
	v := rows[1].Value
	for _, want := range []string{"UpdatePosition", "stamps: newer", "MoveOrTeleport: interpolate", "near", "2 tail node(s) pruned", "head dropped at 20"} {
		if !strings.Contains(v, want) {
			t.Errorf("chain %q lacks %q", v, want)
		}
	}
	if rows[1].Doc != "docs/pipeline.md#move-or-teleport" {
		t.Errorf("chain doc %q", rows[1].Doc)
	}
	if !strings.Contains(rows[2].Value, "UpdateMotion") {
		t.Errorf("motion row %+v", rows[2])
	}
}

// seed 004 §1: a stale update stops at the stamp check; a tick with no
// message says so and is not marked as run.
func TestDeliverRows_StaleAndEmpty(t *testing.T) {
	rows := DeliverRows(&Tick{Object: walking(), Events: []model.Event{{Kind: eventlog.EventRoute, Route: physics.RouteStalePosition}}})
	if len(rows) != 2 || !strings.Contains(rows[1].Value, "not newer, dropped") || strings.Contains(rows[1].Value, "MoveOrTeleport:") {
		t.Errorf("stale rows %+v", rows)
	}
	if rows[1].Doc != "docs/pipeline.md#handle-received-position" {
		t.Errorf("stale doc %q", rows[1].Doc)
	}
	rows = DeliverRows(&Tick{Object: walking()})
	if len(rows) != 1 || rows[0].Ran || !strings.Contains(rows[0].Value, "no message") {
		t.Errorf("empty rows %+v", rows)
	}
}

// Every stage links the docs/pipeline.md section that explains it.
func TestSteps_LinkDocs(t *testing.T) {
	for _, s := range append(Steps[:], Entry, Deliver) {
		if !strings.HasPrefix(s.Doc, "docs/pipeline.md#") {
			t.Errorf("%s: doc %q", s.Name, s.Doc)
		}
	}
}

// seed 000 §3 (READINGS item 4): a far update pre-arms node_fail_counter = 4
// and this tick's UseTime blips to it — under a reading that pre-arms; the
// prior port's (legacy) does not, and the body glides toward it instead.
func TestDeliverRows_FarBranchByReading(t *testing.T) {
	events := []model.Event{
		{Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{Kind: eventlog.EventEnqueue, Branch: interp.BranchFar},
	}
	legacy, err := interp.One("legacy")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r         interp.Reading
		want, not string
	}{
		{interp.SeedReading(), "node_fail_counter = 4, so this tick's UseTime blips", "glides"},
		{legacy, "does not pre-arm node_fail_counter: the body glides toward it", "blips"},
	} {
		rows := DeliverRows(&Tick{Object: walking(), Reading: c.r, TickRate: 30, Events: events})
		if len(rows) != 2 || !strings.Contains(rows[1].Why, c.want) || strings.Contains(rows[1].Why, c.not) {
			t.Errorf("%s: rows %+v, want %q", c.r.Name, rows, c.want)
		}
	}
}
