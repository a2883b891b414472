package main

import (
	"fmt"
	"strings"
	"testing"
)

// viewer diff's "why (retail)" keeps to the diverging tick's own causes
// (issue 37 item 6): on the runner scenario retail hitches every few ticks
// (adjust_offset's reach test completing a node, seed 000 §4), and a client
// that diverges at a tick without one is told the lag spanning that tick,
// with the earlier hitches of the context counted on one line, not told as
// its cause. The
// context's rows show positions as the client trace gives them: the cell
// and the landblock-local origin.
func TestDiff_WhyKeepsToTheDivergingTick(t *testing.T) {
	input, _, rows := ownTrace(t, "runner")
	// runner: hitches at ticks 35 and 38 (viewer run -explain); tick 37 has
	// none, and the default context (5 ticks) holds the one at 35.
	const div = 37
	client := make([]traceRow, len(rows))
	copy(client, rows)
	var moved traceRow
	for i := range client {
		if client[i].Tick >= div {
			client[i].Origin[1] += 1
		}
		if client[i].Tick == div {
			moved = client[i]
		}
	}
	code, out, errs := viewer(t, "diff", input, writeClient(t, client, "jsonl"))
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, fmt.Sprintf("first divergence at tick %d", div)) {
		t.Fatalf("text:\n%s", out)
	}
	if strings.Contains(out, "why (retail): tick 35: hitch") {
		t.Errorf("an earlier tick's hitch is told as the divergence's cause:\n%s", out)
	}
	for _, want := range []string{
		// The lag the runner is in spans the tick (ticks 33–79): it is
		// the tick's cause; the hitch two ticks before is not.
		"why (retail): ticks 33–79: lag",
		"before it (tick 35): 1 hitch; -json lists their cause chains",
		// The client's own row, as it wrote it: cell and local origin.
		fmt.Sprintf("%s %.3f, %.3f, %.3f", moved.Cell, moved.Origin[0], moved.Origin[1], moved.Origin[2]),
		"retail (cell, local x, y, z)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	// -json keeps every chain of the context.
	d, _ := runDiffJSON(t, 1, input, writeClient(t, client, "jsonl"))
	if fd := d.Objects[0].FirstDivergence; fd == nil || len(fd.Causes) != 2 || !strings.Contains(fd.Causes[0], "tick 35: hitch") ||
		!strings.Contains(fd.Causes[1], "ticks 33–79: lag") {
		t.Errorf("json causes %q, want the context's hitch and the lag", fd.Causes)
	}
}
