// Tests that each shipped scenario contains the situation its catalog entry
// says it teaches, read off the compiled recording: the thresholds are the
// retail ones (seed 000 §3: queue cap 20, autonomy blip distance; seed 001:
// 96 m, 100 m and 20 m; seed 004 §3, §8: stamps and the airborne flag).

package scenario

import (
	"fmt"
	"math"
	"testing"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// updateGaps returns the distances between consecutive updates of guid (in
// send order) whose teleport stamp did not change.
func updateGaps(rec *recording.Recording, guid uint32) []float64 {
	ups := ofKind(rec, recording.KindPosition, guid)
	var gaps []float64
	for i := 1; i < len(ups); i++ {
		a, b := ups[i-1].Update, ups[i].Update
		if b.Seq.Position == a.Seq.Position+1 && b.Seq.Teleport == a.Seq.Teleport {
			gaps = append(gaps, float64(a.Pos.Distance(&b.Pos)))
		}
	}
	return gaps
}

func maxOf(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = math.Max(m, x)
	}
	return m
}

// largestBurst is the most position events arriving at one instant.
func largestBurst(rec *recording.Recording) int {
	best, run := 0, 0
	for i, ev := range rec.Events {
		if ev.Kind != recording.KindPosition {
			continue
		}
		if i > 0 && rec.Events[i-1].Kind == recording.KindPosition && rec.Events[i-1].T == ev.T {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
	}
	return best
}

// staleArrivals counts position events whose stamp is not newer than one
// already received for the same object (seed 004 §2, newer_event).
func staleArrivals(rec *recording.Recording) int {
	newest := map[uint32]uint16{}
	n := 0
	for _, ev := range rec.Events {
		if ev.Kind != recording.KindPosition {
			continue
		}
		if physics.StampIsNewer(ev.Update.Seq.Position, newest[ev.GUID]) {
			newest[ev.GUID] = ev.Update.Seq.Position
		} else {
			n++
		}
	}
	return n
}

// observerDistances returns each update's distance from the header observer.
func observerDistances(rec *recording.Recording) []float64 {
	var ds []float64
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition {
			ds = append(ds, float64(rec.Header.Observer.Distance(&ev.Update.Pos)))
		}
	}
	return ds
}

// TestShipped_TeachWhatTheySay checks each scenario holds its lesson.
func TestShipped_TeachWhatTheySay(t *testing.T) {
	checks := map[string]func(rec *recording.Recording) error{
		DefaultName: func(rec *recording.Recording) error {
			if n := len(rec.Header.Entities); n < 2 || n > 3 || !rec.Header.HasObserver {
				return fmt.Errorf("%d remotes, observer %v; want two or three around the observer", n, rec.Header.HasObserver)
			}
			return nil
		},
		"sparse-walk": func(rec *recording.Recording) error {
			// 2 s × 3.12 m/s: nodes 6.24 m apart, reached at 8 m/s in 0.78 s.
			if g := maxOf(updateGaps(rec, 0x80000B01)); math.Abs(g-6.24) > 0.01 {
				return fmt.Errorf("the sparse walker's nodes are up to %.2f m apart, want 6.24", g)
			}
			return nil
		},
		"runner": func(rec *recording.Recording) error {
			e := rec.Header.Entities[0]
			if e.HasMotion || len(ofKind(rec, recording.KindMotion, e.GUID)) != 0 {
				return fmt.Errorf("the runner has a motion interpreter; its catch-up speed would not be 7.5 m/s")
			}
			// One update a tick at 10 m/s: 1/3 m apart, faster than 7.5 m/s.
			if g := maxOf(updateGaps(rec, e.GUID)); g*30 < 9.9 {
				return fmt.Errorf("the runner runs at %.2f m/s, want 10", g*30)
			}
			return nil
		},
		"jitter": func(rec *recording.Recording) error {
			if n := staleArrivals(rec); n < 10 {
				return fmt.Errorf("%d stale arrivals, want plenty", n)
			}
			return nil
		},
		"far-blip": func(rec *recording.Recording) error {
			gaps := updateGaps(rec, 0x80000E01)
			near, far := false, false
			for _, g := range gaps {
				near = near || (g > 50 && g < float64(physics.CreatureOutsideBlipDistance))
				far = far || g > float64(physics.CreatureOutsideBlipDistance)
			}
			if !near || !far {
				return fmt.Errorf("a blip under 100 m: %v, over 100 m: %v; want both", near, far)
			}
			return nil
		},
		"teleport": func(rec *recording.Recording) error {
			ups := ofKind(rec, recording.KindPosition, 0x80000F01)
			if ups[len(ups)-1].Update.Seq.Teleport != 1 {
				return fmt.Errorf("the teleport stamp ends at %d, want 1", ups[len(ups)-1].Update.Seq.Teleport)
			}
			if maxOf(updateGaps(rec, 0x80000F01)) < 35 {
				return fmt.Errorf("no 40 m blip with the same stamp")
			}
			return nil
		},
		"bubble": func(rec *recording.Recording) error {
			ds := observerDistances(rec)
			if maxOf(ds) < 110 || ds[0] > 90 || ds[len(ds)-1] > 90 {
				return fmt.Errorf("updates from %.0f m to %.0f m back to %.0f m; want inside, beyond 96 m and back", ds[0], maxOf(ds), ds[len(ds)-1])
			}
			return nil
		},
		"jump": func(rec *recording.Recording) error {
			airborne := 0
			for _, ev := range rec.Events {
				if ev.Kind == recording.KindPosition && !ev.Update.Grounded {
					airborne++
				}
			}
			if n := len(ofKind(rec, recording.KindVector, 0x80001101)); n != 2 || airborne < 20 {
				return fmt.Errorf("%d jumps and %d airborne updates; want 2 and many", n, airborne)
			}
			return nil
		},
		"wall": func(rec *recording.Recording) error {
			if rec.Header.Terrain.Kind != recording.TerrainAsset || rec.Header.Terrain.Name != "walled" {
				return fmt.Errorf("terrain %q has no wall", rec.Header.Terrain.Name)
			}
			// The server's truth walks through the wall's line (x 110..111)
			// while the client's body cannot.
			truth := ofKind(rec, recording.KindTruth, 0x80001301)
			if len(truth) == 0 || truth[0].Pos.Frame.Origin[0] > 100 || truth[len(truth)-1].Pos.Frame.Origin[0] < 120 {
				return fmt.Errorf("the truth does not cross the wall")
			}
			return nil
		},
		"cliff": func(rec *recording.Recording) error {
			if rec.Header.Terrain.Kind != recording.TerrainAsset {
				return fmt.Errorf("flat terrain has no cliff")
			}
			truth := ofKind(rec, recording.KindTruth, 0x80001201)
			if z := truth[len(truth)-1].Pos.Frame.Origin[2]; z < 30 {
				return fmt.Errorf("the truth ends at z %v, not on the plateau", z)
			}
			return nil
		},
		"indoor": func(rec *recording.Recording) error {
			over := 0
			for _, e := range rec.Header.Entities {
				if !physics.IsIndoorCell(e.Pos.Cell) {
					return fmt.Errorf("remote 0x%08X is outdoors", e.GUID)
				}
				for _, g := range updateGaps(rec, e.GUID) {
					if g > float64(physics.CreatureInsideBlipDistance) && g < float64(physics.CreatureOutsideBlipDistance) {
						over++
					}
				}
			}
			if over < 3 {
				return fmt.Errorf("%d updates between 20 m and 100 m apart, want several", over)
			}
			return nil
		},
		"slopes": func(rec *recording.Recording) error {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, ev := range rec.Events {
				if ev.Kind == recording.KindPosition {
					z := float64(ev.Update.Pos.Frame.Origin[2])
					lo, hi = math.Min(lo, z), math.Max(hi, z)
				}
			}
			if hi-lo < 5 {
				return fmt.Errorf("updates span z %.1f to %.1f, want a climb", lo, hi)
			}
			return nil
		},
		"outage": func(rec *recording.Recording) error {
			if n := largestBurst(rec); n <= 20 {
				return fmt.Errorf("the largest burst is %d updates, want more than the queue's 20", n)
			}
			return nil
		},
		"crowd": func(rec *recording.Recording) error {
			if n := len(rec.Header.Entities); n != 200 {
				return fmt.Errorf("%d remotes, want 200", n)
			}
			return nil
		},
	}
	for _, e := range Catalog() {
		check, ok := checks[e.Name]
		if !ok {
			t.Errorf("no check for %q", e.Name)
			continue
		}
		if err := check(mustCompileAsset(t, e.Name)); err != nil {
			t.Errorf("%s (%s): %v", e.Name, e.Teaches, err)
		}
	}
}
