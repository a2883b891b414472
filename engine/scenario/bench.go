// Benchmark recordings: large recordings built programmatically, for the
// engine's benchmarks — many remotes walking looping squares around the
// observer for minutes, each sending an update at a fixed interval through a
// mildly jittery network. They carry no truth events (a truth per object per
// tick would dwarf the updates the benchmarks measure).

package scenario

import (
	"fmt"
	"math"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Bench recording layout.
const (
	benchFirstGUID = 0x80100000
	// benchSpacing is the distance between neighbouring squares' corners (m)
	// and benchSide a square's side: 100 objects fit within 96 m of the
	// observer at the landblock's centre.
	benchSpacing = 10.0
	benchSide    = 20.0
	benchLatency = 0.1
	benchJitter  = 0.05
	// benchMaxObjects and benchMaxMinutes bound the arguments.
	benchMaxObjects = 10000
	benchMaxMinutes = 120
)

// BenchRecording builds a recording of objects remotes walking for minutes,
// each sending an UpdatePosition every updateInterval seconds (the phases
// spread over the interval), through a network with 0.1 s latency and 0.05 s
// jitter drawn from seed. 100 objects for 10 minutes at 0.5 s give about
// 120 000 updates; for 60 minutes about 720 000. Arguments out of range are
// clamped: objects to [1, 10000], minutes to (0, 120], the interval to at
// least one tick. The squares are laid out around the observer at the
// centre of one landblock.
func BenchRecording(objects int, minutes float64, updateInterval float64, seed uint64) *recording.Recording {
	return benchRecording(objects, minutes, updateInterval, seed, point{96, 96}, point{96, 96})
}

// Observer placements of BenchWorldRecording.
const (
	// BenchObserverNear stands the observer at the crowd's centre: objects
	// within 96 m interpolate, the outer ones of a big crowd slide-snap.
	BenchObserverNear = false
	// BenchObserverFar stands it three landblocks away: every object is
	// outside the 96 m bubble (seed 004 §3), so every update slide-snaps.
	BenchObserverFar = true
)

// benchFarOffset is how far (m, along x and y) the far observer stands from
// the crowd's centre.
const benchFarOffset = 3 * physics.LandblockLength

// BenchWorldRecording is BenchRecording with the crowd centred on the corner
// four landblocks share, so the walkers spread over several landblocks
// (100 objects over 4, 1000 over 9) and cross landblock edges as they walk,
// and the observer near (at the centre) or far (BenchObserverFar).
func BenchWorldRecording(objects int, minutes float64, updateInterval float64, seed uint64, far bool) *recording.Recording {
	centre, observer := point{0, 0}, point{0, 0}
	if far {
		observer = point{benchFarOffset, benchFarOffset}
	}
	return benchRecording(objects, minutes, updateInterval, seed, centre, observer)
}

// benchRecording lays the squares out in a grid centred on centre, with the
// observer at observer (scenario coordinates).
func benchRecording(objects int, minutes float64, updateInterval float64, seed uint64, centre, observer point) *recording.Recording {
	objects = min(max(objects, 1), benchMaxObjects)
	if !(minutes > 0) {
		minutes = 1.0 / 60
	}
	minutes = min(minutes, benchMaxMinutes)
	dt := 1.0 / DefaultTickRate
	if !(updateInterval >= dt) {
		updateInterval = dt
	}
	s := &Scenario{
		Name:      fmt.Sprintf("bench-%d-objects-%gmin.yaml", objects, minutes),
		TickRate:  DefaultTickRate,
		Seed:      seed,
		Duration:  minutes * 60,
		landblock: DefaultLandblock,
		observer:  &observerSpec{start: observer, every: DefaultObserverEvery, runRate: 1},
	}
	cols := int(math.Ceil(math.Sqrt(float64(objects))))
	ox := centre.x - float64(cols)*benchSpacing/2
	oy := centre.y - float64(cols)*benchSpacing/2
	for i := range objects {
		x0 := ox + float64(i%cols)*benchSpacing
		y0 := oy + float64(i/cols)*benchSpacing
		square := []point{{x0 + benchSide, y0}, {x0 + benchSide, y0 + benchSide}, {x0, y0 + benchSide}, {x0, y0}}
		s.remotes = append(s.remotes, &remoteSpec{
			loc:         loc{field: fmt.Sprintf("bench object %d", i)},
			guid:        benchFirstGUID + uint32(i),
			name:        fmt.Sprintf("Walker %d", i+1),
			start:       point{x0, y0},
			heading:     90,
			motionTable: recording.DefaultMotionTable,
			hasMotion:   true,
			runRate:     1,
			instance:    DefaultInstance,
			turnRate:    DefaultTurnRate,
			cadence:     cadence{interval: updateInterval, phase: updateInterval * float64(i) / float64(objects)},
			net:         network{latency: benchLatency, jitter: benchJitter},
			script: []action{{
				kind: actPath, waypoints: square, loop: true, speed: 1, run: i%4 == 3,
			}},
		})
	}
	lim := limits{maxEvents: math.MaxInt, maxSteps: math.MaxInt, truth: false}
	rec, err := s.compile(lim)
	if err != nil {
		// The layout above stays on the map and within every limit; an error
		// here is a bug in this function, not bad input.
		panic("scenario: BenchRecording: " + err.Error())
	}
	return rec
}
