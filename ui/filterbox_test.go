package ui

import (
	"strings"
	"testing"
)

// visibleGUIDs is the object list's rows shown.
func visibleGUIDs(a *app) []uint32 {
	var out []uint32
	for _, i := range a.list.Visible {
		out = append(out, a.list.Rows[i].GUID)
	}
	return out
}

// Ctrl+F's expression narrows the object list to the objects with a
// matching event and the Messages panel to the matching messages; a bad
// expression keeps the box open and says where it is wrong; an empty one
// clears the filter.
func TestFilter_ObjectListAndMessages(t *testing.T) {
	a := openApp(t, "../assets/scenarios/indoor.yaml", nil, 0, 1280, 800)
	step(t, a)
	if n := len(visibleGUIDs(a)); n != 2 {
		t.Fatalf("indoor.yaml lists %d objects, want 2", n)
	}
	for _, c := range []struct {
		expr string
		want []uint32
	}{
		{"snap", nil}, // both blip; neither snaps
		{"blip guid=0x80001302", []uint32{0x80001302}},
		{"blip", []uint32{0x80001301, 0x80001302}},
		{"", []uint32{0x80001301, 0x80001302}},
	} {
		a.apply(cmdFilter)
		if !a.filt.BoxOn {
			t.Fatal("Ctrl+F did not open the filter box")
		}
		a.filt.Text = a.filt.Text[:0]
		a.filt.typeFilter(a, []rune(c.expr), false, true, false)
		step(t, a)
		got := visibleGUIDs(a)
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("filter %q: the list shows % X, want % X", c.expr, got, c.want)
		}
	}
	a.apply(cmdFilter)
	a.filt.Text = a.filt.Text[:0]
	a.filt.typeFilter(a, []rune("kind=bogus"), false, true, false)
	if !a.filt.BoxOn || !strings.Contains(a.bar.status, "column") {
		t.Fatalf("a bad expression: box open %v, status %q", a.filt.BoxOn, a.bar.status)
	}
	a.filt.typeFilter(a, nil, false, false, true)
	// The Messages panel: only motion messages under `motion`.
	a.sel.Clear()
	a.msgs.Span = 2
	a.apply(cmdMessages)
	a.pb.Seek(60)
	step(t, a)
	kinds := func() (pos, other int) {
		for _, l := range a.msgs.Lines {
			if l.Head && l.Event >= 0 {
				if strings.Contains(l.Text, "position") {
					pos++
				} else {
					other++
				}
			}
		}
		return
	}
	if p, _ := kinds(); p == 0 {
		t.Fatalf("no UpdatePosition within ±15 ticks of 60:\n%s", msgText(a))
	}
	if err := a.filt.setFilter(a, "opcode=F74C"); err != nil {
		t.Fatal(err)
	}
	step(t, a)
	if p, _ := kinds(); p != 0 {
		t.Fatalf("opcode=F74C still lists %d UpdatePositions:\n%s", p, msgText(a))
	}
}
