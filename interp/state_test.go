// State words of a PositionManager (the engine's compact checkpoints): a
// manager loaded from another's words holds the same state and evolves
// bit-identically, for every reading.

package interp

import (
	"reflect"
	"testing"

	"glidepath/physics"
)

// A manager mid-run — queue, blip target, constraint and sticky target —
// written to words and loaded into a fresh manager of the same reading
// holds the same state and evolves bit-identically to the original, and
// its words are the same.
func TestState_LoadEvolvesBitIdentically(t *testing.T) {
	for _, name := range ReadingNames() {
		t.Run(name, func(t *testing.T) {
			b := newBody(at(10, 10, 0))
			pm, _ := newPM(b, name)
			pm.SetLookup(lookup{9: at(40, 12, 0)})
			script(pm, b, 0, 60) // past the StickTo at tick 55
			if pm.Sticky() == nil || pm.Constraint() == nil || pm.InterpolationState().QueueLen == 0 {
				t.Fatal("the script should leave a sticky target, a constraint and queued nodes")
			}
			var w physics.StateWriter
			pm.AppendState(&w)

			bodyCopy := *b
			other, rec := newPM(&bodyCopy, name)
			other.SetLookup(lookup{9: at(40, 12, 0)})
			r := physics.StateReader{W: w.W}
			other.LoadState(&r)
			if r.Err != nil || len(r.W) != 0 {
				t.Fatalf("load: %v, %d words left", r.Err, len(r.W))
			}
			if !reflect.DeepEqual(other.Nodes(nil), pm.Nodes(nil)) || other.InterpolationState() != pm.InterpolationState() ||
				other.Sticky().State() != pm.Sticky().State() || other.Constraint().State() != pm.Constraint().State() {
				t.Fatal("the loaded manager's queue or sub-managers differ")
			}
			var again physics.StateWriter
			other.AppendState(&again)
			if !reflect.DeepEqual(again.W, w.W) {
				t.Fatal("the loaded manager writes other words")
			}
			want := script(pm, b, 60, 120)
			got := script(other, &bodyCopy, 60, 120)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("first difference:\n got %s\nwant %s", got[i], want[i])
				}
			}
			if len(rec.events) == 0 {
				t.Error("the loaded manager lost its sink")
			}
		})
	}
}

// Loading the words of a fresh manager removes the sub-managers; the
// reading is the manager's own.
func TestState_LoadRemovesSubManagers(t *testing.T) {
	fresh, _ := newPM(newBody(at(0, 0, 0)), ReadingSeed)
	var w physics.StateWriter
	fresh.AppendState(&w)
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingACE)
	pm.SetLookup(lookup{9: at(40, 12, 0)})
	script(pm, b, 0, 60)
	r := physics.StateReader{W: w.W}
	pm.LoadState(&r)
	if pm.Interpolation() != nil || pm.Sticky() != nil || pm.Constraint() != nil || pm.Now() != 0 {
		t.Fatal("loading a fresh manager's words kept sub-managers or the clock")
	}
	if pm.Reading() != mustReading(ReadingACE) {
		t.Fatal("loading changed the manager's reading")
	}
}

// The words carry every field of the sub-managers' states: a field added
// without a word fails here. (PositionManager's reading and Constants are
// the run's configuration, kept by loading, not words.)
func TestState_EveryField(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int
	}{{interpState{}, 8}, {StickyState{}, 5}, {ConstraintState{}, 6}, {Node{}, 3}, {PositionManager{}, 9}} {
		if n := reflect.TypeOf(c.v).NumField(); n != c.want {
			t.Errorf("%T has %d fields; the state words were written for %d", c.v, n, c.want)
		}
	}
}

// A node count over the queue's capacity sets the reader's error.
func TestState_TooManyNodes(t *testing.T) {
	pm, _ := newPM(newBody(at(0, 0, 0)), ReadingSeed)
	r := physics.StateReader{W: []uint32{0, 0, 1, queueCapacity + 1}}
	pm.LoadState(&r)
	if r.Err == nil {
		t.Fatal("no error")
	}
}
