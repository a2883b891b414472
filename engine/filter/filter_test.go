package filter

import (
	"errors"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/recording"
	"glidepath/engine/report"
	"glidepath/engine/store"
	"glidepath/physics"
)

func item(kind string, guid uint32, tick int) Item {
	it := Item{Kind: kind, GUID: guid, HasGUID: true}
	it.Set(FieldTick, float64(tick))
	it.Set(FieldTime, float64(tick)/30)
	return it
}

// The issue's examples (issue 30 item 5), each against items it must keep
// and items it must drop.
func TestIssueExamples(t *testing.T) {
	blipA := item("blip", 0x80000A01, 500)
	blipB := item("blip", 0x80000A02, 500)
	snap := item("snap", 0x80000A01, 10)
	pop := item("pop", 0x80000A01, 950)
	hitch := item("hitch", 0x80000A01, 600)
	moveTo := Item{Kind: "motion", GUID: 1, HasGUID: true, Opcode: OpcodeUpdateMotion, HasOpcode: true, Movement: "MoveToObject"}
	interpreted := Item{Kind: "motion", GUID: 1, HasGUID: true, Opcode: OpcodeUpdateMotion, HasOpcode: true, Movement: "InterpretedCommand"}
	position := Item{Kind: "position", GUID: 1, HasGUID: true, Opcode: OpcodeUpdatePosition, HasOpcode: true}
	far := Item{Kind: "object"}
	far.Set(FieldError, 2.5)
	near := Item{Kind: "object"}
	near.Set(FieldError, 1.99)
	for _, c := range []struct {
		expr       string
		keep, drop []Item
	}{
		{"blip guid=0x80000A01", []Item{blipA}, []Item{blipB, snap, pop}},
		{"kind=snap,pop", []Item{snap, pop}, []Item{blipA, hitch}},
		{"opcode=F74C movement=MoveToObject", []Item{moveTo}, []Item{interpreted, position, blipA}},
		{"error>2m", []Item{far}, []Item{near, blipA}},
		{"error>200cm", []Item{far}, []Item{near}},
		{"tick=400..900", []Item{blipA, hitch}, []Item{snap, pop}},
		{"t=14.6s..20s", []Item{blipA, hitch}, []Item{snap, pop}},
		{"tick~505", []Item{blipA}, []Item{hitch}},
		{"tick≈520±20", []Item{blipA}, []Item{hitch}},
		{"tick~520+-19", nil, []Item{blipA}},
		{"guid=0x80000A01,80000A02 blip", []Item{blipA, blipB}, []Item{snap}},
		{"", []Item{blipA, far, moveTo}, nil},
		{"  ", []Item{blipA}, nil},
	} {
		e, err := Parse(c.expr, Kinds())
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.expr, err)
		}
		for _, it := range c.keep {
			if !e.Match(&it) {
				t.Errorf("%q drops %+v", c.expr, it)
			}
		}
		for _, it := range c.drop {
			if e.Match(&it) {
				t.Errorf("%q keeps %+v", c.expr, it)
			}
		}
	}
}

// A bad expression names the column and the fault.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{"error>>2", `filter: "error>>2": at column 7: error: want a number, got ">2"`},
		{"blpi", `at column 1: unknown kind "blpi"`},
		{"blip bogus=3", `at column 6: unknown field "bogus"`},
		{"error", `at column 6: error wants an operator`},
		{"kind>snap", `at column 5: kind takes = only`},
		{"kind=snap,,pop", `at column 11: kind= has an empty value`},
		{"guid=0xZZ", `at column 6: guid "0xZZ": want a hexadecimal number`},
		{"guid=0x123456789", `want a hexadecimal number of at most 8 digits`},
		{"movement=Walk", `at column 10: unknown movement type "Walk"`},
		{"error>2km", `at column 8: error: unknown unit "km" (units: m, cm, mm)`},
		{"queue>2m", `at column 8: queue takes no unit`},
		{"tick=900..400", `runs backwards`},
		{"tick=..", `wants at least one end`},
		{"tick>3..4", `a range goes after =`},
		{"tick=4.5", `want a whole number of ticks`},
		{"tick=", `at column 6: tick= wants a value`},
		{"blip !snap", `at column 6: want a kind or a field name`},
		{"snap tick!5", `at column 10: after tick want one of`},
		{"tick~5±-1", `a tolerance cannot be negative`},
		{"é=1", `at column 1:`},
	} {
		_, err := Parse(c.expr, Kinds())
		var fe *Error
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an *Error containing %q", c.expr, err, c.want)
		}
	}
}

// Without a vocabulary any word is a kind (kinds others add later).
func TestAnyKind(t *testing.T) {
	e, err := Parse("wobble", nil)
	if err != nil {
		t.Fatal(err)
	}
	if w := item("wobble", 1, 1); !e.Match(&w) {
		t.Error("wobble dropped")
	}
	if got := MustParse("blip kind=snap,blip hitch", nil).Kinds(); strings.Join(got, ",") != "blip,snap,hitch" {
		t.Errorf("Kinds = %v", got)
	}
}

// A bare word matches a tag too: `teleport` keeps a route event that took
// the teleport branch and a snap made by a teleport.
func TestTags(t *testing.T) {
	route := Event(&eventlog.Event{Kind: eventlog.EventRoute, Route: physics.RouteTeleport, GUID: 7, Tick: 3}, 30)
	snap := Cause(&explain.Cause{Kind: eventlog.EventSnap, Route: physics.RouteTeleport, GUID: 7, Tick: 3}, 30)
	slide := Event(&eventlog.Event{Kind: eventlog.EventRoute, Route: physics.RouteSlide, GUID: 7, Tick: 3}, 30)
	e := MustParse("teleport", Kinds())
	if !e.Match(&route) || !e.Match(&snap) || e.Match(&slide) {
		t.Errorf("teleport: route %v snap %v slide %v", e.Match(&route), e.Match(&snap), e.Match(&slide))
	}
}

// Objects pass when one of their items passes the whole expression.
func TestMatchAny(t *testing.T) {
	obj := []Item{item("blip", 1, 100), item("snap", 1, 500)}
	if MustParse("blip tick=400..900", nil).MatchAny(obj) {
		t.Error("no blip is in 400..900, yet the object passes")
	}
	if !MustParse("snap tick=400..900", nil).MatchAny(obj) {
		t.Error("the snap at 500 does not keep the object")
	}
	r := report.ReportObject{GUID: "0x00000001", Runs: []report.ReportRun{{Blips: 2, Error: &report.ReportError{Max: 3}}}}
	o := Object(&r, 0)
	if e := MustParse("blip error>2m guid=1", nil); !e.Match(&o) {
		t.Error("the object summary fails blip error>2m guid=1")
	}
}

// A message's opcode, movement and speed come from the recording event.
func TestMessage(t *testing.T) {
	ev := recording.Event{Kind: recording.KindMotion, GUID: 5, HasGUID: true, T: 1.5}
	ev.Motion.MovementType = recording.MoveToObject
	ev.Motion.ForwardSpeed = 3
	it := Message(&ev, 45)
	if !MustParse("opcode=0xf74c movement=movetoobject speed>=3 t=1.5s tick=45", Kinds()).Match(&it) {
		t.Errorf("message item %+v", it)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"blip guid=0x80000A01", "kind=snap,pop", "opcode=F74C movement=MoveToObject", "error>2m", "tick=400..900", "t=14.6s..20s", "tick~5±2", "error>>2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s, Kinds())
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) || fe.Column < 1 || fe.Column > len([]rune(s))+1 {
				t.Fatalf("Parse(%q): error %v has no column in range", s, err)
			}
			return
		}
		it := item("blip", 1, 10)
		e.Match(&it)
		e.Kinds()
	})
}

// The store's events filter as the engine's do.
func TestStoreEvent(t *testing.T) {
	e := store.Event{Kind: eventlog.EventBlip, GUID: 0x80000A01, Tick: 512}
	e.From[0], e.To[0] = 0, 3
	it := StoreEvent(&e, 30)
	if !MustParse("blip guid=0x80000A01 distance>2.9m t~17.07s", Kinds()).Match(&it) {
		t.Errorf("item %+v", it)
	}
	r := store.Event{Kind: eventlog.EventRoute, Route: physics.RouteSlide, GUID: 1, Tick: 3}
	it = StoreEvent(&r, 30)
	if !MustParse("slide", Kinds()).Match(&it) || MustParse("teleport", Kinds()).Match(&it) {
		t.Errorf("route item %+v", it)
	}
}
