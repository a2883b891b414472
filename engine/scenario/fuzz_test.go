// Fuzzing Compile: from the shipped scenarios and the error cases as seeds,
// any input gives an *Error naming a line, column and field, or a recording the
// recording writer (which checks every line with the reader's rules)
// accepts — never a panic (STYLE.md item 11). The fuzz runs under lowered
// event and step limits so that no input makes one run take long.

package scenario

import (
	"errors"
	"io"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

func FuzzCompile(f *testing.F) {
	for _, e := range Catalog() {
		data, err := ReadAsset(assets.FS(), e.Name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, src := range []string{
		"duration: 10\nremotes: [{guid: 1, position: [10, 10], script: [{jump: 5, forward: 2}, {strafe: left, duration: 1}]}]\n",
		"duration: 5\nupdates: on_change\nnetwork: {jitter: 1, duplicate: 0.5, reorder: 0.5, outages: [{from: 1, to: 2}]}\nremotes: [{guid: 1, position: [0, 0], script: [{path: [[1, 1], [2, 2]], loop: true, laps: 3}]}]\n",
		"duration: 10\nterrain: {kind: asset, name: hills}\nobserver: {position: [1, 1], script: [{run_to: [100, 100]}]}\nremotes: []\n",
		"duration: &d 10\nremotes: []\nseed: *d\n",
		"duration: 10\nremotes: [1, 2\n",
		"duration: 6\nremotes: [{guid: 1, position: [10, 10], script: [{attack: true}, {wait: 1}, {emote: Wave, speed: 2}, {stick_to: 2}]}, {guid: 2, position: [12, 10]}]\n",
		"duration: 6\nremotes: [{guid: 1, position: [10, 10], script: [{move_to: 2, sticky: true, distance: 1}, {wait: 2}, {move_to: [20, 20], heading: 90, speed: 2}, {turn_to_object: 2, speed: 2}, {turn_to_heading: 400}, {turn_to_heading: -45}]}, {guid: 2, position: [12, 10]}]\n",
	} {
		f.Add([]byte(src))
	}
	lim := limits{maxEvents: 20000, maxSteps: 200000, truth: true}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.yaml", data, assets.FS())
		var rec *recording.Recording
		if err == nil {
			rec, err = s.compile(lim)
		}
		if err != nil {
			var se *Error
			if !errors.As(err, &se) || se.Line < 1 || se.Column < 1 || se.File != "fuzz.yaml" || se.Field == "" {
				t.Fatalf("error %T %q does not name fuzz.yaml:LINE:COLUMN: FIELD", err, err)
			}
			return
		}
		if err := recording.Write("fuzz.jsonl", io.Discard, rec); err != nil {
			t.Fatalf("the compiled recording does not write: %v", err)
		}
	})
}
