package physics_test

import (
	"os"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// TestTransit_ScenarioCrossCheckCases writes a cross-check case
// (transit_ace_dump_test.go) for every object of every shipped scenario:
// each transition the engine runs, with its inputs and result and the
// geometry it met (docs/collision.md, "Checked against ACE's code"). It
// runs only with GLIDEPATH_ACE_DIR set, the folder the cases go to; it
// checks that every scenario ran transitions.
func TestTransit_ScenarioCrossCheckCases(t *testing.T) {
	if os.Getenv("GLIDEPATH_ACE_DIR") == "" {
		t.Skip("GLIDEPATH_ACE_DIR is not set: no cross-check cases wanted")
	}
	for _, e := range scenario.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			rec, err := scenario.CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			s, err := engine.New(rec, engine.Options{Assets: assets.FS()})
			if err != nil {
				t.Fatal(err)
			}
			count := physics.TapTransitions(t, "scenario_"+e.Name)
			for !s.Done() {
				s.Step()
			}
			if count() == 0 {
				t.Errorf("%s ran no transition", e.Name)
			}
		})
	}
}
