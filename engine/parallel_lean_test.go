package engine

import (
	"reflect"
	"runtime"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// tickPointsRecorder keeps each part's points with their ticks.
type tickPointsRecorder struct {
	pointsRecorder
	ticks [][]int
}

func (r *tickPointsRecorder) Parts(n int) {
	r.pointsRecorder.Parts(n)
	for len(r.ticks) < n {
		r.ticks = append(r.ticks, nil)
	}
}

func (r *tickPointsRecorder) TakePoints(part, tick int, points []BriefPoint) {
	r.pointsRecorder.TakePoints(part, tick, points)
	for range points {
		r.ticks[part] = append(r.ticks[part], tick)
	}
}

// leanPoints is a BriefLeaner whose lean ticks are the multiples of 4,
// keep's points whole.
type leanPoints struct {
	tickPointsRecorder
	keep uint32
}

func (r *leanPoints) LeanTick(tick int) (bool, uint32) { return tick%4 == 0, r.keep }

// A BriefLeaner's lean ticks' points are the points any BriefTaker takes
// but for what such a tick is not read for — the heading, the contact and
// the failure counter, left zero — and keep's, whole; its other ticks'
// points are the same.
func TestAdvanceBriefs_LeanTicksLeaveTheHeadingOut(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rec := withHeld(withLife(synthCrowd(t, 120, 2, 29)))
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	keep := rec.Header.Entities[3].GUID
	whole, lean := &tickPointsRecorder{}, &leanPoints{keep: keep}
	for _, r := range []BriefTaker{whole, lean} {
		s := prerunSim(t, st, Options{Workers: 2})
		for !s.Done() {
			s.AdvanceBriefs(64, 2, r)
		}
		if s.batch == nil || s.batch.ticks == 0 {
			t.Fatal("no tick stepped in shards")
		}
	}
	if !reflect.DeepEqual(whole.ticks, lean.ticks) {
		t.Fatal("the two recorders took other ticks' points")
	}
	leaned, kept, headings := 0, 0, 0
	for p, part := range whole.parts {
		for i, want := range part {
			got := lean.parts[p][i]
			if whole.ticks[p][i]%4 == 0 && want.GUID != keep {
				leaned++
				if want.Heading != 0 {
					headings++
				}
				want.Heading, want.Contact, want.FailCounter = 0, false, 0
			} else if want.GUID == keep {
				kept++
			}
			if got != want {
				t.Fatalf("part %d, tick %d: %+v, want %+v", p, whole.ticks[p][i], got, want)
			}
		}
	}
	if leaned == 0 || kept == 0 || headings == 0 {
		t.Fatalf("%d lean points (%d with a heading in whole), %d of the kept object: want some of each", leaned, headings, kept)
	}
}
