// World mismatch: recorded positions far from the dat files' ground. A
// recording made in one world and run beside the dat files of another (the
// illustrative walk at z 0 on a dat landblock whose hills stand 55 m high)
// gives blips, snaps and metres of error that are not the pipeline's: the
// body stands on the dat's ground while every server position is under it.
// Each UpdatePosition delivered outdoors is compared with the dat ground
// under it; a landblock where most of them lie more than
// explain.GroundMismatch metres below the ground (or above it while the
// update says the object is on the ground) is reported once
// (docs/world.md, "Recordings from another world").

package engine

import (
	"fmt"
	"math"
	"sort"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// Thresholds of the world mismatch report: a landblock is reported when at
// least minMismatches of its UpdatePositions, and at least half of those
// checked there, lie far from its dat ground.
const minMismatches = 3

// WorldMismatch is the landblock whose recorded positions lie far from the
// dat ground (Query.WorldMismatch): `world_mismatch` in viewer run -json.
type WorldMismatch struct {
	// Landblock is "0xXXYY".
	Landblock string `json:"landblock"`
	// Metres is the mean distance from the ground of the positions that
	// lie far from it; Direction says "below" or "above".
	Metres    float64 `json:"metres"`
	Direction string  `json:"direction"`
	// Count is how many UpdatePositions there lie that far from the
	// ground, of Checked compared with it.
	Count   int `json:"count"`
	Checked int `json:"checked"`
}

// Text is the one-line warning: "recorded positions lie 54.7 m below the
// dat ground of 0xA9B4: is this input from this world? (10 of 12
// UpdatePositions there)".
func (m *WorldMismatch) Text() string {
	return fmt.Sprintf("recorded positions lie %.1f m %s the dat ground of %s: is this input from this world? (%d of %d UpdatePositions there)",
		m.Metres, m.Direction, m.Landblock, m.Count, m.Checked)
}

// groundTally is one landblock's comparison of recorded positions with its
// dat ground. The distances are summed in whole millimetres, so the sums do
// not depend on the order the tick's workers add them in.
type groundTally struct {
	id               uint16
	checked          int
	below, above     int
	belowMM, aboveMM int64
}

// noteRecordedGround compares a delivered UpdatePosition with the dat
// ground under it (runs with dat files only; never while re-simulating).
func (s *Sim) noteRecordedGround(o *object, up *recording.UpdatePosition) {
	b := s.worldData
	if s.replay || b == nil || b.data == nil || s.world == nil {
		return
	}
	p := eventlog.PlaceOf(&up.Pos)
	ground, ok := b.datGround(s.world, &p)
	if !ok {
		o.hasGround = false
		return
	}
	o.belowGround, o.groundTick, o.hasGround = ground-up.Pos.Frame.Origin[2], int32(s.tick), true
	d := float64(o.belowGround)
	id := uint16(up.Pos.Cell >> 16)
	// The sharded pass delivers on several workers at once.
	b.mu.Lock()
	defer b.mu.Unlock()
	i := sort.Search(len(b.ground), func(i int) bool { return b.ground[i].id >= id })
	if i == len(b.ground) || b.ground[i].id != id {
		b.ground = append(b.ground, groundTally{})
		copy(b.ground[i+1:], b.ground[i:])
		b.ground[i] = groundTally{id: id}
	}
	t := &b.ground[i]
	t.checked++
	switch {
	case d > explain.GroundMismatch:
		t.below++
		t.belowMM += int64(math.Round(d * 1000))
	case -d > explain.GroundMismatch && up.Grounded:
		t.above++
		t.aboveMM += int64(math.Round(-d * 1000))
	}
}

// datGround is the dat ground's height under p: false indoors (an EnvCell
// has no terrain under it), off the landblock grid, and where the dats lack
// the landblock (the recording's own ground stands in, a fallback).
func (b *worldBook) datGround(w *physics.World, p *eventlog.Place) (float32, bool) {
	if p.Cell&0xFFFF >= 0x100 || p.Cell == 0 {
		return 0, false
	}
	x, y := p.Origin[0], p.Origin[1]
	if !(x >= 0 && x < physics.LandblockLength && y >= 0 && y < physics.LandblockLength) || math.IsNaN(float64(p.Origin[2])) {
		return 0, false
	}
	id := uint16(p.Cell >> 16)
	if w.Terrain.Landblock(id) == nil || b.fellBack("landblock", hexid.String(uint32(id)<<16|0xFFFF)) {
		return 0, false
	}
	z, _ := w.Terrain.Height(p.Cell, x, y)
	return z, true
}

// WorldMismatch is the landblock where the recorded positions lie far from
// the dat ground — the one with the most such positions, the lowest id on a
// tie — or nil when none does (or the run has no dat files).
func (q Query) WorldMismatch() *WorldMismatch {
	s := q.s
	b := s.worldData
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	var best *WorldMismatch
	for i := range b.ground {
		t := &b.ground[i]
		n, mm, dir := t.below, t.belowMM, "below"
		if t.above > t.below {
			n, mm, dir = t.above, t.aboveMM, "above"
		}
		if n < minMismatches || 2*n < t.checked {
			continue
		}
		if best == nil || n > best.Count {
			best = &WorldMismatch{Landblock: hexid.Landblock(t.id), Metres: math.Round(float64(mm)/float64(n)/10) / 100,
				Direction: dir, Count: n, Checked: t.checked}
		}
	}
	return best
}

// groundFunc is how far an object's last UpdatePosition lay below the dat
// ground, for the cause chains (explain.Explainer.RecordedGround); nil
// without dat files.
func (q Query) groundFunc() func(guid uint32) (below float32, tick int32, ok bool) {
	s := q.s
	if s.worldData == nil || s.worldData.data == nil || s.world == nil {
		return nil
	}
	return func(guid uint32) (float32, int32, bool) {
		o := s.find(guid)
		if o == nil || !o.hasGround {
			return 0, 0, false
		}
		return o.belowGround, o.groundTick, true
	}
}
