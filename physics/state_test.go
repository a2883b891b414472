// State words: every value field of an Object survives AppendState and
// LoadState bit for bit, and a field added to Object without a word fails
// here (the fill reaches every field by reflection).

package physics

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// notState are the Object fields the words leave out (FloorKey, like World,
// is wired again by the owner on restore): the collaborators
// the owner wires, the per-tick workspace written before every read (the
// transition's workspace and its report among them), and
// the memos of the PartArray's assertion, of set_frame's rotation test and
// of the statics test (each keyed on what it answers for).
var notState = map[string]bool{
	"PartArray": true, "PositionManager": true, "MotionInterpreter": true, "MovementManager": true,
	"World": true, "FloorKey": true, "Record": true, "offset": true, "scratch": true, "candidate": true, "handler": true, "unitRot": true,
	"tr": true, "report": true,
}

// fillBits sets every number and flag reachable in v (unexported fields
// too) to random bits.
func fillBits(v reflect.Value, rng *rand.Rand) {
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			fillBits(v.Field(i), rng)
		}
	case reflect.Array:
		for i := range v.Len() {
			fillBits(v.Index(i), rng)
		}
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 1)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(rng.Uint64())
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		v.SetInt(int64(rng.Uint64()))
	case reflect.Float32:
		v.SetFloat(float64(math.Float32frombits(rng.Uint32())))
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(rng.Uint64()))
	}
}

// valueBits reports whether a and b hold the same bits in every number and
// flag (floats compared by bits, so NaN and −0 count).
func valueBits(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if !valueBits(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := range a.Len() {
			if !valueBits(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return a.Uint() == b.Uint()
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return a.Int() == b.Int()
	case reflect.Float32:
		return math.Float32bits(float32(a.Float())) == math.Float32bits(float32(b.Float()))
	case reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	}
	return true // pointers and interfaces: collaborators, not state
}

func TestObjectState_EveryFieldRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		var o Object
		ov := reflect.ValueOf(&o).Elem()
		for i := range ov.NumField() {
			if !notState[ov.Type().Field(i).Name] {
				fillBits(ov.Field(i), rng)
			}
		}
		if rng.IntN(2) == 0 {
			o.pos.Frame.Cache() // the usual case: the matrix is the rotation's
		}
		var w StateWriter
		o.AppendState(&w)
		var got Object
		r := StateReader{W: w.W}
		got.LoadState(&r)
		if r.Err != nil || len(r.W) != 0 {
			t.Fatalf("load: %v, %d words left", r.Err, len(r.W))
		}
		gv := reflect.ValueOf(&got).Elem()
		for i := range ov.NumField() {
			f := ov.Type().Field(i)
			if !notState[f.Name] && !valueBits(ov.Field(i), gv.Field(i)) {
				t.Fatalf("field %s does not survive the state words", f.Name)
			}
		}
	}
}

// A frame's matrix is written only when it is not the rotation's cache:
// the cached, zero and any other matrix each come back exactly.
func TestStateWords_FrameModes(t *testing.T) {
	q := mgl32.QuatRotate(0.7, mgl32.Vec3{0, 0, 1})
	cached := NewFrame(mgl32.Vec3{1, 2, 3}, q)
	other := cached
	other.m[4] = 42
	for _, f := range []Frame{cached, {Origin: mgl32.Vec3{1, 0, 0}}, other, IdentityFrame()} {
		var w StateWriter
		w.Frame(&f)
		if f == cached && len(w.W) != 8 {
			t.Fatalf("a cached frame takes %d words, want 8", len(w.W))
		}
		var got Frame
		r := StateReader{W: w.W}
		r.Frame(&got)
		if r.Err != nil || got != f {
			t.Fatalf("frame %v came back as %v (%v)", f, got, r.Err)
		}
	}
	r := StateReader{W: []uint32{0, 0, 0, 0, 0, 0, 0, 9}}
	var f Frame
	if r.Frame(&f); r.Err == nil {
		t.Fatal("an unknown frame mode: no error")
	}
	r = StateReader{W: []uint32{1, 2}}
	if r.Position(&Position{}); r.Err == nil {
		t.Fatal("words that end early: no error")
	}
}
