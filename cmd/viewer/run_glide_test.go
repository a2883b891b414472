// `viewer run -explain -json` on the three ACE reports rebuilt as
// recordings (recordings/ace*.jsonl): the causes name the stick (the
// snap-back), the catch-up (the sprint) and the lag with its missing run
// rate, in the ticks where they happen.

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

func TestRun_ExplainJSONNamesGlideCauses(t *testing.T) {
	for _, c := range []struct {
		file, kind string
		words      []string
		from, to   int // the span the cause must lie in
	}{
		{"ace3328_snapback.jsonl", "snapback", []string{"StickyManager", "stuck to"}, 44, 48},
		{"ace2764_sprint.jsonl", "sprint", []string{"catch-up"}, 30, 85},
		{"ace2823_lag.jsonl", "lag", []string{"lag", "run rate"}, 15, 90},
	} {
		t.Run(c.kind, func(t *testing.T) {
			code, out, errs := viewer(t, "run", "-explain", "-json", "../../recordings/"+c.file)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var rep struct {
				Objects []struct {
					Runs []struct {
						Causes []struct {
							Tick  int    `json:"tick"`
							Until int    `json:"until"`
							Kind  string `json:"kind"`
							Text  string `json:"text"`
						} `json:"causes"`
					} `json:"runs"`
				} `json:"objects"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, cause := range rep.Objects[0].Runs[0].Causes {
				if cause.Kind != c.kind {
					continue
				}
				found = true
				if cause.Tick < c.from || cause.Until > c.to || cause.Until < cause.Tick {
					t.Errorf("%s at ticks %d–%d, want within %d–%d", c.kind, cause.Tick, cause.Until, c.from, c.to)
				}
				for _, w := range c.words {
					if !strings.Contains(cause.Text, w) {
						t.Errorf("%s cause lacks %q: %s", c.kind, w, cause.Text)
					}
				}
			}
			if !found {
				t.Errorf("no %s cause in %s", c.kind, out)
			}
			// The text report lists it too.
			_, text, _ := viewer(t, "run", "-explain", "../../recordings/"+c.file)
			if !strings.Contains(text, c.words[0]) {
				t.Errorf("text report lacks %q:\n%s", c.words[0], text)
			}
		})
	}
}

// The events table has a row for each glide event: its kind, the tick it
// was over, its span and speeds in the detail, and its cause chain.
func TestRun_EventsTableHasGlideRows(t *testing.T) {
	out := t.TempDir() + "/events.parquet"
	if code, _, errs := viewer(t, "run", "-quiet", "-events", out, "../../recordings/ace2764_sprint.jsonl"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	n := 0
	for _, e := range readParquet[tables.Event](t, out) {
		if e.Event != "sprint" {
			continue
		}
		n++
		if !strings.HasPrefix(e.Detail, `{"since":30,"until":81,"speed":`) || !strings.Contains(e.Detail, `"catch_up":8,"ref":4}`) {
			t.Errorf("sprint detail %s", e.Detail)
		}
		if e.Cause == nil || !strings.HasPrefix(*e.Cause, "ticks 30–81: sprint") || e.Distance == nil || *e.Distance < 12 {
			t.Errorf("sprint row %+v", e)
		}
	}
	if n != 1 {
		t.Errorf("%d sprint rows, want 1", n)
	}
}
