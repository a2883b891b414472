package session

import (
	"testing"
	"time"
)

// The rate achieved: measured over a second of wall clock; shown only when
// short of the speed asked for by more than 5 %; a pause or a jump back
// starts the measure over.
func TestRate_AchievedShownWhenShort(t *testing.T) {
	var m RateMeter
	t0 := time.Unix(1000, 0)
	m.Note(t0, 0, true, 30)
	m.Note(t0.Add(500*time.Millisecond), 9, true, 30)
	if m.Label(1) != "" {
		t.Fatalf("a label before a whole second: %q", m.Label(1))
	}
	m.Note(t0.Add(time.Second), 18, true, 30) // 18 ticks at 30 Hz in 1 s
	if got := m.Label(1); got != " (achieved 0.60×)" {
		t.Fatalf("18 ticks in a second at 30 Hz, playing 1×: %q", got)
	}
	if got := m.Label(0.5); got != "" {
		t.Fatalf("0.6× achieved against ½× asked: %q, want nothing", got)
	}
	m.Note(t0.Add(2*time.Second), 47, true, 30) // 29 ticks: 0.97×, within 5 %
	if got := m.Label(1); got != "" {
		t.Fatalf("0.97× at 1×: %q, want nothing", got)
	}
	m.Note(t0.Add(2500*time.Millisecond), 10, true, 30) // a jump back
	if m.on && m.c0 != 10 || m.Achieved != 0 {
		t.Fatalf("a jump back kept the measure: %+v", m)
	}
	m.Note(t0.Add(3*time.Second), 20, false, 30)
	if m.on || m.Label(1) != "" {
		t.Fatal("a pause kept the measure")
	}
	if RateText(2.46) != "2.4" || RateText(0.333) != "0.33" {
		t.Fatalf("rateText: %s %s", RateText(2.46), RateText(0.333))
	}
}
