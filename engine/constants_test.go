package engine

import (
	"reflect"
	"strings"
	"testing"

	"glidepath/interp"
)

// Options.Constants reach every object's PositionManager and the metrics'
// catch-up speed: the runner scenario's remotes have no motion
// interpreter, so their catch-up speed is MAX_INTERPOLATED_VELOCITY (seed
// 000 §4) — 7.5 m/s retail, 10 m/s under the override.
func TestOptionsConstants_CatchUpSpeed(t *testing.T) {
	rec := compiled(t, "runner")
	for _, c := range []struct {
		k    interp.Constants
		want float32
	}{{interp.Constants{}, 7.5}, {func() interp.Constants {
		k := interp.RetailConstants()
		k.MaxInterpolatedVelocity = 10
		return k
	}(), 10}} {
		s := newSim(t, rec, Options{Constants: c.k})
		runTo(s, 60)
		seen := 0
		for _, v := range s.Query().Objects(nil) {
			if !v.HasMotion {
				seen++
				if v.CatchUpSpeed != c.want {
					t.Errorf("%+v: object %#x catch-up %v, want %v", c.k, v.GUID, v.CatchUpSpeed, c.want)
				}
			}
		}
		if seen == 0 {
			t.Fatal("runner has no object without a motion interpreter")
		}
	}
}

// A seek restores checkpoints onto the run's own managers, so an
// overridden run re-simulated from a checkpoint is the straight run.
func TestOptionsConstants_SeekKeepsThem(t *testing.T) {
	rec := compiled(t, "runner")
	k := interp.RetailConstants()
	k.MaxInterpolatedVelocity, k.StallCheckFrameInterval = 10, 7
	s := newSim(t, rec, Options{Constants: k})
	end := min(s.LastTick(), 400)
	runTo(s, end)
	straight := s.Query().Objects(nil)
	s.Seek(end / 3)
	s.Seek(end)
	if again := s.Query().Objects(nil); !reflect.DeepEqual(straight, again) {
		t.Error("seeking back and forth changed the overridden run's objects")
	}
}

// Constants out of range are refused by name.
func TestOptionsConstants_Invalid(t *testing.T) {
	k := interp.RetailConstants()
	k.CreatureFailedInterpolationPercentage = -0.3
	_, err := New(compiled(t, "runner"), Options{Assets: testAssets(), Constants: k})
	if err == nil || !strings.Contains(err.Error(), "creature_failed_interpolation_percentage") {
		t.Errorf("negative percentage: %v", err)
	}
}
