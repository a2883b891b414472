// The events table's cause column: the engine's cause chains (the ones
// `viewer run -explain` lists) for each blip, snap, sprint, snap-back and
// lag, null for every other row.

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

// explainLines are the blip, snap, sprint, snap-back and lag lines of `run
// -explain`'s text, per reading, as "GUID tick N: what — why".
func explainLines(t *testing.T, out string) map[string][]string {
	t.Helper()
	lines := map[string][]string{}
	reading := ""
	for _, l := range strings.Split(out, "\n") {
		if r, ok := strings.CutPrefix(l, "why, reading "); ok {
			reading = strings.TrimSuffix(r, ":")
			continue
		}
		if reading == "" || !strings.HasPrefix(l, "  0x") {
			continue
		}
		guid, text, _ := strings.Cut(strings.TrimPrefix(l, "  "), " ")
		_, what, _ := strings.Cut(text, ": ")
		// pops and hitches are no event rows (Trace v1)
		if strings.HasPrefix(what, "pop ") || strings.HasPrefix(what, "hitch ") {
			continue
		}
		lines[reading] = append(lines[reading], guid+" "+text)
	}
	return lines
}

// The cause of every blip and snap row is the line run -explain prints for
// it, with or without -explain on the same run (runner blips, teleport
// snaps); every other row's cause is null.
func TestRun_EventsCauseIsTheExplainLine(t *testing.T) {
	for _, name := range []string{"runner", "teleport"} {
		t.Run(name, func(t *testing.T) {
			path := scenarioFile(t, name)
			dir := t.TempDir()
			withExplain, without := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet")
			code, out, errs := viewer(t, "run", "-explain", "-compare", "seed,legacy", "-events", withExplain, path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if code, _, errs := viewer(t, "run", "-quiet", "-compare", "seed,legacy", "-events", without, path); code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			want := explainLines(t, out)
			for _, file := range []string{withExplain, without} {
				got := map[string][]string{}
				for i, e := range readParquet[tables.Event](t, file) {
					jump := e.Event == "blip" || e.Event == "snap" || e.Event == "sprint" || e.Event == "snapback" || e.Event == "lag" ||
						e.Event == "wall" || e.Event == "step" || e.Event == "cell" || e.Event == "land"
					if jump != (e.Cause != nil) {
						t.Fatalf("%s row %d (%s tick %d): cause %v", file, i, e.Event, e.Tick, e.Cause)
					}
					if jump {
						got[e.Reading] = append(got[e.Reading], e.GUID+" "+*e.Cause)
					}
				}
				for _, r := range []string{"seed", "legacy"} {
					if len(want[r]) == 0 {
						t.Fatalf("reading %s: run -explain lists no blip or snap:\n%s", r, out)
					}
					if strings.Join(got[r], "\n") != strings.Join(want[r], "\n") {
						t.Errorf("%s reading %s: causes\n%s\nwant (run -explain)\n%s", file, r,
							strings.Join(got[r], "\n"), strings.Join(want[r], "\n"))
					}
				}
			}
		})
	}
}
