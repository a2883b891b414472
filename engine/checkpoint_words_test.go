// Checkpoint words: an object's state words load back into an object
// exactly, for every field its book names, checkpoints stay as small as
// the budget assumes, and any words load without a panic (fuzzed). The
// packing itself is engine/wordpack's.

package engine

import (
	"encoding/binary"
	"reflect"
	"slices"
	"testing"

	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/physics"
)

// and back into another Sim's slot, which then writes the same words.
func TestObjectWords_RoundTripOnARun(t *testing.T) {
	for _, rec := range seekRecordings(t) {
		a := newSim(t, rec, Options{RecordStages: true})
		b := newSim(t, rec, Options{RecordStages: true})
		refs := &animRefs{}
		for k := 0; k <= a.LastTick(); k += 7 {
			runTo(a, k)
			for i, o := range a.slots[:a.nslots] {
				var w physics.StateWriter
				appendObjectWords(&w, o, refs)
				ob := b.slots[i]
				r := physics.StateReader{W: w.W}
				loadObjectWords(&r, ob, refs.list)
				if r.Err != nil || len(r.W) != 0 {
					t.Fatalf("%s tick %d slot %d: %v, %d words left", rec.Name, k, i, r.Err, len(r.W))
				}
				b.wire(ob)
				var again physics.StateWriter
				appendObjectWords(&again, ob, refs)
				if !slices.Equal(again.W, w.W) {
					t.Fatalf("%s tick %d slot %d: the words differ after a round trip", rec.Name, k, i)
				}
			}
		}
	}
}

// Every field of the engine's book of an object is in its words (the
// round trip above compares words; a field added without one fails here).
func TestObjectWords_EveryBookField(t *testing.T) {
	// 13, and the transition events' five (transit.go: wall, wallOn,
	// wallTick, airborne, airTop).
	if n := reflect.TypeOf(objectBook{}).NumField(); n != 18 {
		t.Fatalf("objectBook has %d fields; the words were written for 18", n)
	}
	// shape and hasShape (the Setup's shape from the dats) are fixed when
	// the slot is made, like ent and table: not state. belowGround,
	// groundTick and hasGround (world.go) are in the words.
	if n := reflect.TypeOf(object{}).NumField(); n != 20 {
		t.Fatalf("object has %d fields; checkpoints were written for 20 (say in checkpoint.go's object words whether the new one is state)", n)
	}
}

// The crowd's objects pack small: the point of the format.
func TestCheckpoints_PackSmall(t *testing.T) {
	goroutines.NoneStarted(t)
	rec := scenario.BenchRecording(50, 1, 0.5, 1)
	s := newSim(t, rec, Options{CheckpointInterval: 32})
	s.RunAll(nil)
	n := int64(s.LastTick()/32+1) * 50
	if per := s.Query().CheckpointBytes() / n; per > packedObjectBytes {
		t.Fatalf("%d bytes per object per checkpoint, over the %d the budget assumes", per, packedObjectBytes)
	}
}

// FuzzLoadObjectWords: any words load into an object or set the reader's
// error, never a panic.
func FuzzLoadObjectWords(f *testing.F) {
	rec := scenario.BenchRecording(2, 0.05, 0.5, 1)
	s := newSim(f, rec, Options{})
	runTo(s, 20)
	refs := &animRefs{}
	var w physics.StateWriter
	appendObjectWords(&w, s.slots[0], refs)
	seed := make([]byte, 4*len(w.W))
	for i, v := range w.W {
		binary.LittleEndian.PutUint32(seed[4*i:], v)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		words := make([]uint32, len(b)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		r := physics.StateReader{W: words}
		loadObjectWords(&r, s.slots[1], refs.list)
	})
}
