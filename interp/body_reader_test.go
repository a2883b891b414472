package interp

import (
	"testing"

	"glidepath/physics"
)

// objBody wraps a physics object as engine does: the object's methods,
// promoted, plus nothing that changes them.
type objBody struct{ *physics.Object }

// A body that hands over its physics object is read from the object, and
// every read answers as the Body's own methods do: the Contact bit both
// ways, a motion interpreter present or not, the committed position. A
// body that does not (the fake) is read through its methods.
func TestBodyReader_ObjectAnswersAsTheInterface(t *testing.T) {
	o := physics.NewObject()
	b := objBody{o}
	r := newBodyReader(b)
	if r.obj != o {
		t.Fatal("the reader did not take the body's physics object")
	}
	p := at(12, 34, 0)
	if !o.SetPositionSimple(&p, false) {
		t.Fatal("SetPositionSimple failed")
	}
	for _, contact := range []bool{false, true} {
		for _, mi := range []physics.MotionInterpreter{nil, &fakeMinterp{}} {
			o.MotionInterpreter = mi
			if contact {
				o.TransientState |= physics.TransientContact
			} else {
				o.TransientState &^= physics.TransientContact
			}
			if got, want := r.inContact(b), b.InContact(); got != want {
				t.Errorf("contact %v: inContact = %v, the body says %v", contact, got, want)
			}
			if got, want := r.motionInterp(b), b.MotionInterp(); got != want {
				t.Errorf("motion interpreter %v: reader %v, the body says %v", mi, got, want)
			}
			var buf physics.Position
			if got, want := *r.position(b, &buf), b.Position(); got != want {
				t.Errorf("position %v, the body says %v", got, want)
			}
		}
	}
	if r := newBodyReader(objBody{}); r.obj != nil {
		t.Error("a body without an object gave the reader a nil object to read")
	}
	fb := newBody(at(1, 2, 0))
	fr := newBodyReader(fb)
	if fr.obj != nil {
		t.Fatal("a fake body has no physics object")
	}
	for _, c := range []bool{false, true} {
		fb.contact = c
		if fr.inContact(fb) != c {
			t.Errorf("fake body contact %v read as %v", c, !c)
		}
	}
}
