package bookmarks

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSet_AddKeepsTickOrderAndOnePerTick(t *testing.T) {
	var s Set
	for _, b := range []Bookmark{{300, "c"}, {10, "a"}, {120, "b"}, {10, " a again "}} {
		if err := s.Add(b.Tick, b.Label); err != nil {
			t.Fatal(err)
		}
	}
	want := []Bookmark{{10, "a again"}, {120, "b"}, {300, "c"}}
	if got := s.List(); !reflect.DeepEqual(got, want) {
		t.Fatalf("list %v, want %v", got, want)
	}
	if !s.Remove(120) || s.Remove(120) {
		t.Fatal("Remove(120) should succeed once")
	}
	if s.Len() != 2 {
		t.Fatalf("len %d after remove, want 2", s.Len())
	}
}

func TestSet_NextAndPrevJumpOverTheCursor(t *testing.T) {
	var s Set
	for _, tick := range []int{10, 120, 300} {
		s.Add(tick, "")
	}
	cases := []struct {
		at, next, prev int // -1: none
	}{
		{0, 10, -1}, {10, 120, -1}, {11, 120, 10}, {120, 300, 10}, {300, -1, 120}, {999, -1, 300},
	}
	for _, c := range cases {
		n, ok := s.Next(c.at)
		if got := tickOr(n, ok); got != c.next {
			t.Errorf("Next(%d) = %d, want %d", c.at, got, c.next)
		}
		p, ok := s.Prev(c.at)
		if got := tickOr(p, ok); got != c.prev {
			t.Errorf("Prev(%d) = %d, want %d", c.at, got, c.prev)
		}
	}
}

func tickOr(b Bookmark, ok bool) int {
	if !ok {
		return -1
	}
	return b.Tick
}

func TestSet_AddRefusesWhatTheSidecarCannotHold(t *testing.T) {
	var s Set
	for _, b := range []Bookmark{{-1, "x"}, {MaxTick + 1, "x"}, {1, strings.Repeat("é", MaxLabel+1)}, {1, "two\nlines"}, {1, "\xff"}} {
		if err := s.Add(b.Tick, b.Label); err == nil {
			t.Errorf("Add(%d, %q) accepted", b.Tick, b.Label)
		}
	}
	if err := s.Add(1, strings.Repeat("é", MaxLabel)); err != nil {
		t.Errorf("a label of exactly %d characters: %v", MaxLabel, err)
	}
}

// A bookmark round trip through the sidecar file: saved beside the input,
// loaded back the same, and the file is the documented shape.
func TestSidecar_RoundTrip(t *testing.T) {
	input := filepath.Join(t.TempDir(), "run.jsonl")
	sc, err := Load(input)
	if err != nil {
		t.Fatalf("no sidecar yet: %v", err)
	}
	if sc.Bookmarks.Len() != 0 || sc.File() != input+".glidepath.json" {
		t.Fatalf("fresh sidecar: %d bookmarks at %s", sc.Bookmarks.Len(), sc.File())
	}
	sc.Bookmarks.Add(440, "stuck on the slope")
	sc.Bookmarks.Add(120, `quote " and ünïcode`)
	if err := sc.Save(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(input + ".glidepath.json")
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"version\": 1,\n  \"bookmarks\": [\n    {\"tick\":120,\"label\":\"quote \\\" and ünïcode\"},\n    {\"tick\":440,\"label\":\"stuck on the slope\"}\n  ]\n}\n"
	if string(data) != want {
		t.Errorf("file:\n%s\nwant:\n%s", data, want)
	}
	back, err := Load(input)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Bookmarks.List(), sc.Bookmarks.List()) {
		t.Errorf("loaded %v, saved %v", back.Bookmarks.List(), sc.Bookmarks.List())
	}
	ents, _ := os.ReadDir(filepath.Dir(input))
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only the sidecar (no temporary file)", len(ents))
	}
}

// Fields a later version added survive an edit by this one.
func TestSidecar_KeepsFieldsItDoesNotKnow(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/cliff.jsonl.glidepath.json")
	if err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(dir, "cliff.jsonl")
	os.WriteFile(Path(input), data, 0o644)
	sc, err := Load(input)
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Bookmarks.List(); len(got) != 2 || got[1] != (Bookmark{440, "stuck on the slope"}) {
		t.Fatalf("loaded %v", got)
	}
	sc.Bookmarks.Remove(120)
	if err := sc.Save(); err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(Path(input))
	if !strings.Contains(string(out), `"viewer": {"note":"a field of a later version"}`) {
		t.Errorf("the unknown field was lost:\n%s", out)
	}
	if strings.Contains(string(out), "first stall failure") {
		t.Errorf("the removed bookmark is still there:\n%s", out)
	}
}

// A sidecar that cannot be read is reported with its file and line, and
// Save leaves it as it was.
func TestSidecar_UnreadableIsReportedAndLeftUntouched(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"syntax", "{\n  \"version\": 1,\n  \"bookmarks\": [\n    {\"tick\": 12,}\n  ]\n}\n", ":4: malformed JSON"},
		{"no version", "{\"bookmarks\": []}", ":1: version: missing"},
		{"future version", "{\n\"version\": 2}", ":2: version: 2 is not supported"},
		{"tick type", "{\"version\": 1,\n\"bookmarks\": [\n{\"tick\": 1},\n{\"tick\": \"x\"}]}", ":4: bookmarks[1].tick: want int, got string"},
		{"negative tick", "{\"version\": 1, \"bookmarks\": [\n\n{\"tick\": -3}]}", ":3: bookmarks[0]: tick -3"},
		{"unknown bookmark field", "{\"version\": 1, \"bookmarks\": [{\"tick\": 3, \"lable\": \"x\"}]}", `unknown field "lable"`},
		{"twice", "{\"version\": 1, \"bookmarks\": [{\"tick\": 3},\n{\"tick\": 3}]}", ":2: bookmarks[1]: tick 3 is marked twice"},
		{"not an object", "[1, 2]", "want"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			input := filepath.Join(t.TempDir(), "in.jsonl")
			os.WriteFile(Path(input), []byte(c.body), 0o644)
			_, err := Load(input)
			if err == nil || !strings.Contains(err.Error(), Path(input)) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one naming the file and %q", err, c.want)
			}
			var sc Sidecar
			sc.path = Path(input)
			sc.Bookmarks.Add(5, "default")
			if err := sc.Save(); err == nil {
				t.Fatal("Save replaced a sidecar that cannot be read")
			}
			if got, _ := os.ReadFile(Path(input)); string(got) != c.body {
				t.Errorf("the sidecar changed:\n%s", got)
			}
		})
	}
}

func TestSidecar_UnwritableDirectoryFailsNamingTheFile(t *testing.T) {
	input := filepath.Join(t.TempDir(), "missing-dir", "in.jsonl")
	sc, err := Load(input)
	if err != nil {
		t.Fatal(err)
	}
	sc.Bookmarks.Add(1, "x")
	err = sc.Save()
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "in.jsonl.glidepath.json") {
		t.Fatalf("error %v, want one naming the sidecar", err)
	}
}

// FuzzLoad: no input panics; whatever loads saves and loads back the same.
func FuzzLoad(f *testing.F) {
	seed, _ := os.ReadFile("testdata/cliff.jsonl.glidepath.json")
	f.Add(seed)
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"bookmarks":[{"tick":0,"label":""}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		input := filepath.Join(dir, "in")
		os.WriteFile(Path(input), data, 0o644)
		sc, err := Load(input)
		if err != nil {
			return
		}
		os.Remove(Path(input))
		if err := sc.Save(); err != nil {
			t.Fatal(err)
		}
		back, err := Load(input)
		if err != nil {
			t.Fatalf("a saved sidecar does not load: %v", err)
		}
		if !reflect.DeepEqual(back.Bookmarks.List(), sc.Bookmarks.List()) {
			t.Fatalf("round trip: %v, want %v", back.Bookmarks.List(), sc.Bookmarks.List())
		}
	})
}
