// Catalog: the scenarios Glidepath ships in assets/scenarios, in one explicit
// table (STYLE.md item 8: the viewer's picker, the tests and the benchmarks
// use the same list; no init() registration). A test checks that the table
// and the directory agree.

package scenario

import (
	"fmt"
	"io/fs"
	"path"

	"glidepath/engine/recording"
)

// DefaultName is the built-in scenario the viewer opens with nothing else
// given.
const DefaultName = "default"

// ScenarioDir is the directory of the assets tree that holds the shipped
// scenarios (assets.ScenarioDir).
const ScenarioDir = "scenarios"

// Entry is one shipped scenario: its name (the file is
// scenarios/NAME.yaml in the assets tree) and the behaviour it teaches.
type Entry struct {
	Name    string
	Teaches string
}

// Catalog lists the shipped scenarios, the default first.
func Catalog() []Entry {
	return []Entry{
		{DefaultName, "remotes walking and running around the observer at a sparse cadence: the glide between updates"},
		{"sparse-walk", "a steady walk with one update every 2 s: the stop at each queue node"},
		{"runner", "an update every tick outpacing the catch-up: the queue fills to 20, evicts its head, and the stalled body blips"},
		{"jitter", "jitter, duplicates and reordering: stale stamps dropped, the tail prune"},
		{"far-blip", "a blip_to over 100 m: the far branch pre-arms a blip to the tail"},
		{"teleport", "teleport_to: the teleport stamp advances and MoveOrTeleport hard-snaps"},
		{"bubble", "leaving and re-entering the 96 m bubble: slide-snaps outside, interpolation inside"},
		{"jump", "a jump: the contact gate, no interpolation in the air, airborne updates ignored"},
		{"wall", "a remote pushed against a wall: a stall window fails, the emptied queue leaves blipto_position, UseTime blips there"},
		{"cliff", "a remote walked up a slope too steep to climb: the same stall and blip on terrain"},
		{"indoor", "an indoor cell: the 20 m blip distance"},
		{"slopes", "walking and running over a heightfield: hills and a ramp"},
		{"outage", "an outage followed by a burst: the queue floods and caps at 20"},
		{"crowd", "a crowd of 200 remotes"},
	}
}

// CompileAsset compiles the shipped scenario name from the assets tree
// (scenarios/NAME.yaml), naming it NAME.yaml in errors.
func CompileAsset(assets fs.FS, name string) (*recording.Recording, error) {
	data, err := ReadAsset(assets, name)
	if err != nil {
		return nil, err
	}
	return Compile(name+".yaml", data, assets)
}

// ReadAsset returns the text of the shipped scenario name.
func ReadAsset(assets fs.FS, name string) ([]byte, error) {
	if assets == nil {
		return nil, fmt.Errorf("scenario %q: no assets tree", name)
	}
	data, err := fs.ReadFile(assets, path.Join(ScenarioDir, name+".yaml"))
	if err != nil {
		return nil, fmt.Errorf("no shipped scenario %q: %w", name, err)
	}
	return data, nil
}
