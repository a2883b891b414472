package engine

import (
	"testing"

	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics/anim"
)

// TestReading_PosFrameRuleReachesEveryPartArray: docs/readings.md item 13 is
// read by the engine, which sets it on each object's animation sequence —
// seed 002 §3's subtract-forward for seed, ACE's combine-forward for ace —
// and a checkpoint restore keeps it.
func TestReading_PosFrameRuleReachesEveryPartArray(t *testing.T) {
	for _, tc := range []struct {
		reading string
		want    anim.PosFrameRule
	}{
		{interp.ReadingSeed, anim.SubtractLeavingForward},
		{interp.ReadingACE, anim.CombineLeavingForward},
		{interp.ReadingHexRays, anim.SubtractLeavingForward},
	} {
		r, err := interp.ReadingByName(tc.reading)
		if err != nil {
			t.Fatal(err)
		}
		s := newSim(t, testRecording(true), Options{Reading: r})
		runTo(s, 40)
		s.Seek(3)
		for _, o := range s.slots {
			if got := o.parts.Sequence().PosFrameRule(); got != tc.want {
				t.Errorf("%s: object 0x%08X has pos_frame rule %v, want %v", tc.reading, o.guid, got, tc.want)
			}
		}
	}
}

// TestInterpretedState_EveryCommandMapsByName: each motion command a
// recording can carry (Recording v1, "Events", motion row) reaches anim as
// the motion of the same name.
func TestInterpretedState_EveryCommandMapsByName(t *testing.T) {
	for _, f := range []recording.ForwardCommand{recording.Ready, recording.WalkForward, recording.RunForward, recording.WalkBackward} {
		for _, sd := range []recording.SidestepCommand{recording.NoSidestep, recording.SideStepRight, recording.SideStepLeft} {
			for _, tn := range []recording.TurnCommand{recording.NoTurn, recording.TurnRight, recording.TurnLeft} {
				m := recording.NewMotion()
				m.Forward, m.Sidestep, m.Turn = f, sd, tn
				st := interpretedState(&m)
				if st.Forward.String() != f.String() || st.Sidestep.String() != sd.String() || st.Turn.String() != tn.String() {
					t.Errorf("%v/%v/%v became %v/%v/%v", f, sd, tn, st.Forward, st.Sidestep, st.Turn)
				}
			}
		}
	}
}
