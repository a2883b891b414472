// Tests of the send cadence (interval and on change) and of the sequence
// stamps each UpdatePosition carries (seed 004 §2, §8).

package scenario

import (
	"fmt"
	"math"
	"testing"

	"glidepath/engine/recording"
)

// TestCadence_Interval checks an interval cadence sends at phase + n ×
// interval (the first after t = 0), on the first tick at or after each due
// time, whether the remote moves or not.
func TestCadence_Interval(t *testing.T) {
	cases := []struct {
		interval, phase float64
		want            []float64 // the first send times
		count           int       // sends in 10 s
	}{
		{0.5, 0, []float64{0.5, 1, 1.5}, 20},
		{0.5, 0.1, []float64{0.1, 0.6, 1.1}, 20},
		{0.25, 0, []float64{8.0 / 30, 15.0 / 30, 23.0 / 30}, 40}, // 0.25 s at 30 Hz: ticks 8, 15, 23
		{2, 1, []float64{1, 3, 5}, 5},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%v+%v", tc.interval, tc.phase), func(t *testing.T) {
			src := fmt.Sprintf(`duration: 10
updates: {interval: %v, phase: %v}
remotes:
  - guid: 1
    position: [10, 10]
    script: [{wait: 3}, {walk_to: [20, 10]}]
`, tc.interval, tc.phase)
			ups := ofKind(compileText(t, src), recording.KindPosition, 1)
			if len(ups) != tc.count {
				t.Errorf("%d updates in 10 s, want %d", len(ups), tc.count)
			}
			for i, want := range tc.want {
				if i >= len(ups) || math.Abs(ups[i].T-want) > 1e-9 {
					t.Fatalf("update %d at %v, want %v", i, ups[i].T, want)
				}
			}
		})
	}
}

// TestCadence_IntervalOnTicks pins the tick rule: 0.25 s at 30 Hz sends on
// ticks 8, 15, 23, 30 (the first tick at or after each 0.25 s).
func TestCadence_IntervalOnTicks(t *testing.T) {
	ups := ofKind(compileText(t, "duration: 1\nupdates: 0.25\nremotes: [{guid: 1, position: [10, 10]}]\n"), recording.KindPosition, 1)
	var ticks []int
	for _, u := range ups {
		ticks = append(ticks, int(math.Round(u.T*30)))
	}
	if fmt.Sprint(ticks) != "[8 15 23 30]" {
		t.Errorf("sends on ticks %v, want [8 15 23 30]", ticks)
	}
}

// TestCadence_OnChange checks an on-change cadence sends nothing while the
// truth stands still, once a tick while it moves, and once after it stops;
// min_interval spaces the sends and heartbeat resends a standing remote.
func TestCadence_OnChange(t *testing.T) {
	// 2.5 m at 3.12 m/s: walking from 2 s to 2.80 s, at the goal from tick 85.
	const script = "    script: [{wait: 2}, {walk_to: [12.5, 10]}, {wait: 3}]\n"
	cases := []struct {
		updates     string
		moving      int // sends while walking (ticks 61 to 85)
		standing    int // sends while standing (t <= 2 s or after tick 85)
		description string
	}{
		{"on_change", 25, 0, "every tick"},
		{"{on_change: true, min_interval: 0.1}", 9, 0, "every 0.1 s: ticks 61, 64, …, 85"},
		{"{on_change: true, heartbeat: 1}", 25, 4, "heartbeat 1 s: t = 1, 2, then 1 s and 2 s after tick 85"},
	}
	for _, tc := range cases {
		t.Run(tc.description, func(t *testing.T) {
			src := fmt.Sprintf("duration: 5\nupdates: %s\nremotes:\n  - guid: 1\n    position: [10, 10]\n    heading: 90\n%s", tc.updates, script)
			moving, standing := 0, 0
			for _, u := range ofKind(compileText(t, src), recording.KindPosition, 1) {
				if u.T > 2+1e-9 && u.T < 85.0/30+1e-9 {
					moving++
				} else {
					standing++
				}
			}
			if moving != tc.moving || standing != tc.standing {
				t.Errorf("%d sends moving, %d standing; want %d and %d", moving, standing, tc.moving, tc.standing)
			}
		})
	}
}

// TestStamps_PositionAdvancesPerUpdate checks the position stamp rises by one
// per sent update from the entity's 0, the instance stamp is the entity's,
// and the teleport stamp stays 0 without teleports (seed 004 §8).
func TestStamps_PositionAdvancesPerUpdate(t *testing.T) {
	rec := compileText(t, "duration: 10\nupdates: 0.5\nremotes: [{guid: 1, position: [10, 10], instance: 7, script: [{walk_to: [30, 10]}]}]\n")
	if e := rec.Header.Entities[0]; e.Seq.Instance != 7 || e.Seq.Position != 0 {
		t.Fatalf("entity seq %+v, want instance 7 position 0", e.Seq)
	}
	for i, u := range ofKind(rec, recording.KindPosition, 1) {
		if want := (recording.PositionSeq{Instance: 7, Position: uint16(i + 1)}); u.Update.Seq != want {
			t.Fatalf("update %d stamps %+v, want %+v", i, u.Update.Seq, want)
		}
	}
}

// TestStamps_PositionWraps checks the u16 position stamp wraps from 0xFFFF to
// 0, as the rolling stamps do (recording-v1 "Sequence stamps compare…").
func TestStamps_PositionWraps(t *testing.T) {
	s := newSender(cadence{interval: 1}, body{}, 1)
	s.seq.Position = 0xFFFE
	var got []uint16
	for i := range 3 {
		got = append(got, s.sent(float64(i+1), &body{}, true).Position)
	}
	if fmt.Sprint(got) != "[65535 0 1]" {
		t.Errorf("stamps %v, want [65535 0 1]", got)
	}
}

// TestStamps_TeleportAndBlip checks teleport_to advances the teleport stamp
// (MoveOrTeleport's branch A, seed 004 §3, §8) and blip_to keeps it, that
// each sends its update on the tick it happens, off the cadence, and that
// the position stamp keeps counting through both.
func TestStamps_TeleportAndBlip(t *testing.T) {
	src := `duration: 12
updates: 2
remotes:
  - guid: 1
    position: [10, 10]
    script:
      - wait: 2.5
      - teleport_to: [100, 10]
      - wait: 3
      - blip_to: [150, 10]
      - wait: 1.2
      - teleport_to: [10, 10]
`
	ups := ofKind(compileText(t, src), recording.KindPosition, 1)
	type send struct {
		t                  float64
		x                  float64
		position, teleport uint16
	}
	var got []send
	for _, u := range ups {
		x, _, _ := globalXY(u.Update.Pos)
		got = append(got, send{u.T, math.Round(x - baseX), u.Update.Seq.Position, u.Update.Seq.Teleport})
	}
	want := []send{
		{2, 10, 1, 0},
		{2.5, 100, 2, 1}, // teleport_to: sent at once, teleport stamp 1
		{4, 100, 3, 1},
		{5.5, 150, 4, 1}, // blip_to: sent at once, same teleport stamp
		{6, 150, 5, 1},
		{6.7, 10, 6, 2}, // teleport_to again
		{8, 10, 7, 2},
		{10, 10, 8, 2},
		{12, 10, 9, 2},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d updates %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if math.Abs(got[i].t-want[i].t) > 1e-9 || got[i].x != want[i].x || got[i].position != want[i].position || got[i].teleport != want[i].teleport {
			t.Errorf("update %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
