// Synthetic crowds: the recording `viewer synth` writes and the benchmarks
// measure — any number of remotes for any length, walking and running
// looping routes spread over a 3 × 3 block of landblocks around a standing
// observer, so some remotes are inside its 96 m bubble (interpolated) and
// others far outside it (placed by slides, seed 004 §3). Each remote sends an
// UpdatePosition at a fixed interval, the phases spread over it, through the
// crowd scenario's slightly jittery, slightly lossy link. There is no server
// truth (one per remote per tick would dwarf the updates). Everything is drawn
// from PCG generators seeded with the seed and each remote's guid, so the
// same options give the same recording, and it streams (Scenario.Stream):
// memory follows the number of remotes, not the length.

package scenario

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Synthetic crowd layout and bounds.
const (
	// SynthFirstGUID is the first remote's guid.
	SynthFirstGUID = 0x80400000
	// SynthMaxObjects bounds the number of remotes.
	SynthMaxObjects = 10000
	// SynthMaxMinutes bounds the length: the recording format's 48 h
	// (recording.MaxSeconds).
	SynthMaxMinutes = recording.MaxSeconds / 60
	// SynthMaxInterval bounds the update interval (s).
	SynthMaxInterval = 60
	// SynthDefaultInterval is the update interval when none is given (s):
	// the crowd scenario's one update a second.
	SynthDefaultInterval = 1.0

	// synthWaypoints is the number of spots on each remote's looping route;
	// synthMargin keeps the routes this far (m) inside their landblock.
	synthWaypoints = 4
	synthMargin    = 16.0
	synthLatency   = 0.1
	synthJitter    = 0.05
	synthLoss      = 0.01
)

// SynthOptions say what crowd to make.
type SynthOptions struct {
	// Objects is the number of remotes, 1 to SynthMaxObjects.
	Objects int
	// Minutes is the length, more than 0 and at most SynthMaxMinutes.
	Minutes float64
	// Interval is the seconds between one remote's updates, from one tick
	// to SynthMaxInterval; 0 means SynthDefaultInterval.
	Interval float64
	// Seed seeds every draw.
	Seed uint64
}

// synthLandblocks are the landblock offsets (from the observer's) of the
// remotes: half stand in the observer's landblock, the rest in its eight
// neighbours in turn.
var synthLandblocks = [...][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// Synth builds the synthetic crowd o describes, reading the motion table's
// turn rate from assets. Run it with Stream (or Compile, for a short one).
func Synth(o SynthOptions, assets fs.FS) (*Scenario, error) {
	if o.Interval == 0 {
		o.Interval = SynthDefaultInterval
	}
	dt := 1.0 / DefaultTickRate
	switch {
	case o.Objects < 1 || o.Objects > SynthMaxObjects:
		return nil, fmt.Errorf("objects: %d is outside 1–%d", o.Objects, SynthMaxObjects)
	case !(o.Minutes > 0) || o.Minutes > SynthMaxMinutes:
		return nil, fmt.Errorf("minutes: %v is outside (0, %d]", o.Minutes, SynthMaxMinutes)
	case !(o.Interval >= dt) || o.Interval > SynthMaxInterval:
		return nil, fmt.Errorf("interval: %v s is outside %.4f–%d s (one tick to a minute)", o.Interval, dt, SynthMaxInterval)
	}
	turnRate, problem := newLookup(assets).turnRate(recording.DefaultMotionTable)
	if problem != "" {
		return nil, fmt.Errorf("motion table: %s", problem)
	}
	s := &Scenario{
		Name: fmt.Sprintf("synth-%d-objects-%gmin-seed%d", o.Objects, o.Minutes, o.Seed),
		Description: fmt.Sprintf("A synthetic crowd: %d remotes walking and running looping routes over 3 × 3 landblocks "+
			"around a standing observer, one update every %g s each, for %g minutes (seed %d).", o.Objects, o.Interval, o.Minutes, o.Seed),
		TickRate:  DefaultTickRate,
		Seed:      o.Seed,
		Duration:  o.Minutes * 60,
		landblock: DefaultLandblock,
		observer:  &observerSpec{start: point{96, 96}, every: DefaultObserverEvery, runRate: 1},
		noTruth:   true,
	}
	const lb = physics.LandblockLength
	for i := range o.Objects {
		guid := SynthFirstGUID + uint32(i)
		rng := rand.New(rand.NewPCG(o.Seed, streamSeed(guid, streamCrowd)))
		var bx, by float64 // the landblock's south-west corner
		if i%2 == 1 {
			off := synthLandblocks[(i/2)%len(synthLandblocks)]
			bx, by = off[0]*lb, off[1]*lb
		}
		spot := func() point {
			return point{
				x: bx + synthMargin + rng.Float64()*(lb-2*synthMargin),
				y: by + synthMargin + rng.Float64()*(lb-2*synthMargin),
			}
		}
		route := make([]point, synthWaypoints)
		for j := range route {
			route[j] = spot()
		}
		start := route[synthWaypoints-1]
		s.remotes = append(s.remotes, &remoteSpec{
			loc:         loc{field: fmt.Sprintf("synthetic remote %d", i)},
			guid:        guid,
			name:        fmt.Sprintf("Synth %d", i+1),
			start:       start,
			heading:     math.Floor(rng.Float64() * 360),
			motionTable: recording.DefaultMotionTable,
			hasMotion:   true,
			runRate:     1,
			instance:    DefaultInstance,
			turnRate:    turnRate,
			cadence:     cadence{interval: o.Interval, phase: rng.Float64() * o.Interval},
			net:         network{latency: synthLatency, jitter: synthJitter, loss: synthLoss},
			script: []action{{
				kind: actPath, waypoints: route, loop: true, speed: 1, run: rng.IntN(2) == 1,
			}},
		})
	}
	return s, nil
}
