package scenario

import (
	"bytes"
	"testing"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// TestInlineObstacles_ReachTheHeader: a scenario's inline obstacles are
// placed in its landblock and written into the compiled header's terrain, so
// the recording alone tells the engine where the walls are; they survive the
// writer and reader.
func TestInlineObstacles_ReachTheHeader(t *testing.T) {
	rec := compileText(t, `duration: 2
landblock: 0x1234
terrain:
  kind: flat
  obstacles:
    - {kind: box, name: wall, min: [110, 60, 0], max: [111, 140, 4]}
    - {kind: cylinder, center: [80, 120, 0], radius: 1.5, height: 2}
remotes:
  - {guid: 0x80000001, position: [100, 100]}
`)
	obs := rec.Header.Terrain.Obstacles
	if len(obs) != 2 {
		t.Fatalf("header has %d obstacles, want 2", len(obs))
	}
	if obs[0].Kind != physics.ObstacleBox || obs[0].Name != "wall" || obs[0].Landblock != 0x1234 || obs[0].Max[2] != 4 {
		t.Errorf("box = %+v", obs[0])
	}
	if obs[1].Kind != physics.ObstacleCylinder || obs[1].Radius != 1.5 || obs[1].Landblock != 0x1234 {
		t.Errorf("cylinder = %+v", obs[1])
	}
	back, err := recording.Read("obstacles.jsonl", bytes.NewReader(writeBytes(t, rec)))
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Header.Terrain.Obstacles; len(got) != 2 || got[0] != obs[0] || got[1] != obs[1] {
		t.Errorf("after write and read: %+v", got)
	}
}
