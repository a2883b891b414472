// manifest.json: every behaviour shown at its ticks (read back from the
// retail traces by their own decoding), ticks not shared, errors naming the
// field.

package conformcmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func traceEvents(t *testing.T, path string) map[int][]map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int][]map[string]any{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var row map[string]any
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if _, ok := row["event"]; ok {
			tick := int(row["tick"].(float64))
			out[tick] = append(out[tick], row)
		}
	}
	return out
}

func matches(row map[string]any, guid string, ev EventSpec) bool {
	if row["guid"] != guid || row["event"] != ev.Event {
		return false
	}
	if ev.Branch != "" && row["branch"] != ev.Branch || ev.Target != "" && row["target"] != ev.Target {
		return false
	}
	for field, want := range map[string]*bool{"success": ev.Success, "pass": ev.Pass, "contact": ev.Contact} {
		if want != nil && row[field] != *want {
			return false
		}
	}
	return true
}

func TestManifest_EveryBehaviourShowsAtItsTicks(t *testing.T) {
	dir := corpus(t)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, in := range m.Inputs {
		for _, tr := range in.Traces {
			if tr.Reading != m.Reading {
				continue
			}
			events := traceEvents(t, filepath.Join(dir, tr.File))
			for _, ex := range in.Behaviours {
				if len(ex.Ticks) == 0 {
					t.Errorf("%s: %s: no ticks", in.Name, ex.ID)
				}
				for _, tick := range ex.Ticks {
					found := false
					for _, row := range events[tick] {
						found = found || matches(row, ex.GUID, ex.Event)
					}
					if !found {
						t.Errorf("%s: %s: no %+v of %s at tick %d of %s", in.Name, ex.ID, ex.Event, ex.GUID, tick, tr.File)
					}
				}
				shown[ex.ID] = true
			}
		}
	}
	for _, b := range Behaviours {
		if !shown[b.ID] {
			t.Errorf("behaviour %s is exercised by no input of the corpus", b.ID)
		}
	}
	if len(m.Behaviours) != len(Behaviours) {
		t.Errorf("manifest lists %d behaviours, the table has %d", len(m.Behaviours), len(Behaviours))
	}
}

func TestManifest_TicksAreNotShared(t *testing.T) {
	m, err := ReadManifest(corpus(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range m.Inputs {
		owner := map[int]string{}
		for _, ex := range in.Behaviours {
			for _, tick := range ex.Ticks {
				if o, dup := owner[tick]; dup {
					t.Errorf("%s: tick %d is both %s's and %s's", in.Name, tick, o, ex.ID)
				}
				owner[tick] = ex.ID
			}
		}
	}
}

func TestReadManifest_Errors(t *testing.T) {
	for name, tc := range map[string]struct{ text, want string }{
		"not json":         {`{"format":`, "manifest.json:1:11: format: cut short: the file ends at byte 10; want the field's value in the object opened at line 1 column 1"},
		"format":           {`{"format":"x","version":1}`, "manifest.json: format: want"},
		"unknown id":       {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"nope"}]}]}`, `inputs[0].behaviours[0].id: unknown behaviour "nope"`},
		"bad name":         {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"../a","file":"a.jsonl","behaviours":[{"id":"route.teleport"}]}]}`, "inputs[0].name"},
		"ticks down":       {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport","guid":"0x1","ticks":[3,2]}]}]}`, "inputs[0].behaviours[0].ticks[1]"},
		"bad guid":         {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport","guid":"12","ticks":[3]}]}]}`, "inputs[0].behaviours[0].guid"},
		"duplicate":        {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport"}]},{"name":"A","file":"b.jsonl","behaviours":[{"id":"route.teleport"}]}]}`, "inputs[1].name"},
		"wrong type":       {`{"format":"glidepath-conform","version":"1"}`, `manifest.json:1:41: version: want an integer, got JSON string`},
		"syntax":           {"{\n  \"format\": x}", `manifest.json:2:13: format: invalid character 'x' looking for beginning of value`},
		"no inputs":        {`{"format":"glidepath-conform","version":1}`, "inputs: no inputs"},
		"trailing garbage": {`{"format":"glidepath-conform","version":1} {}`, "manifest.json:1:44: more than one JSON value"},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, ManifestName), []byte(tc.text), 0o666)
		_, err := ReadManifest(dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), ManifestName) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
