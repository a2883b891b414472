package physics

import (
	"slices"
	"testing"
)

// plainParts is a PartArray without HandleMovement.
type plainParts struct{ log *callLog }

func (p *plainParts) Update(float64, *Frame) { p.log.add("plain.Update") }

// valueParts is a PartArray held by value whose dynamic type cannot be
// compared: the memo must not compare interfaces with ==, which panics.
type valueParts []int

func (valueParts) Update(float64, *Frame) {}
func (valueParts) HandleMovement()        {}

// The memo of the MovementHandler assertion follows every change of the
// PartArray: handler, plain, nil, another handler, a non-comparable value
// type — HandleMovement is called exactly on the ticks whose part array has
// it, on that part array.
func TestUseTime_MovementHandlerFollowsThePartArray(t *testing.T) {
	log := &callLog{}
	o := placed(t, nil, 50, 50, 0, 0)
	a, b := &fakeParts{log: log}, &fakeParts{log: &callLog{}}
	steps := []struct {
		pa   PartArray
		want bool // a's HandleMovement runs
	}{
		{a, true}, {a, true}, {&plainParts{log: log}, false}, {nil, false},
		{a, true}, {b, false}, {valueParts{1}, false}, {valueParts{2}, false}, {a, true},
	}
	for i, s := range steps {
		o.PartArray = s.pa
		o.TransientState |= TransientActive
		log.calls = log.calls[:0]
		o.useTime()
		got := slices.Contains(log.calls, "PartArray.HandleMovement")
		if got != s.want {
			t.Errorf("step %d (%T): HandleMovement on a = %v, want %v", i, s.pa, got, s.want)
		}
		if h := o.movementHandler(); (h != nil) != (s.pa != nil && isHandler(s.pa)) {
			t.Errorf("step %d (%T): memo says %v", i, s.pa, h)
		}
	}
	if len(b.log.calls) != 1 {
		t.Errorf("b's HandleMovement ran %d times, want 1", len(b.log.calls))
	}
}

func isHandler(p PartArray) bool { _, ok := p.(MovementHandler); return ok }
