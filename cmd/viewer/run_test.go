// Tests of the headless subcommands (run, compile), called through run()
// exactly as main does: exit statuses, messages, usage. None needs a
// display.

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// viewer runs the command line args and returns the exit status and output.
func viewer(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

const (
	farJump     = "../../engine/testdata/far_jump.jsonl"
	farJumpWant = "../../engine/testdata/far_jump.trace.golden"
)

// scenarioFile writes a shipped scenario to a temporary .yaml file.
func scenarioFile(t *testing.T, name string) string {
	t.Helper()
	data, err := scenario.ReadAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRun_RecordingPrintsMetrics(t *testing.T) {
	t.Setenv("DISPLAY", "")
	// The long form (-long): a table per object, a row per metric, a
	// column per reading. The one-table form is run_table_test.go's.
	code, out, errs := viewer(t, "run", "-long", farJump)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"far_jump.jsonl: 105 ticks at 30 Hz", "0x80000A01 Jumper", "seed", "enqueue far", "blips"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRun_TraceIsTheGoldenTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.trace")
	code, out, errs := viewer(t, "run", "-quiet", "-trace", path, farJump)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errs)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(farJumpWant)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("viewer run -trace differs from the engine's golden trace")
	}
	// "-" writes the trace to stdout and the metrics to stderr.
	code, out, errs = viewer(t, "run", "-trace", "-", farJump)
	if code != 0 || out != string(want) || !strings.Contains(errs, "Jumper") {
		t.Fatalf("-trace -: exit %d, stdout %d bytes, stderr %q", code, len(out), errs)
	}
}

func TestRun_ScenarioTicksAndJSON(t *testing.T) {
	code, out, errs := viewer(t, "run", "-ticks", "90", "-json", scenarioFile(t, "far-blip"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Input    string
		Ticks    int
		Readings []string
		Objects  []struct {
			GUID string
			Runs []struct {
				Reading string
				Updates int
				Routes  map[string]int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.Input != "far-blip.yaml" || rep.Ticks != 90 || len(rep.Readings) != 1 || len(rep.Objects) != 1 {
		t.Fatalf("report %+v", rep)
	}
	r := rep.Objects[0].Runs[0]
	if r.Reading != "seed" || r.Updates == 0 || r.Routes["interpolate"] != r.Updates {
		t.Fatalf("run %+v", r)
	}
}

func TestRun_CompareReadingsSideBySide(t *testing.T) {
	code, out, errs := viewer(t, "run", "-long", "-compare", "seed,ace,hexrays,legacy", farJump)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	header := ""
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "0x80000A01") {
			header = line
		}
	}
	if f := strings.Fields(header); len(f) != 6 || f[2] != "seed" || f[3] != "ace" || f[4] != "hexrays" || f[5] != "legacy" {
		t.Fatalf("object header %q: want the four readings as columns\n%s", header, out)
	}
}

func TestRun_BadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.jsonl")
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = strings.Replace(lines[2], `"origin":[21,90,0]`, `"origin":[21,90]`, 1)
	if err := os.WriteFile(broken, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	badScenario := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badScenario, []byte("duration: 10\nremotes:\n  - guid: 0x1\n    position: [1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"run"}, "want one FILE"},
		{"two files with -trace", []string{"run", "-trace", filepath.Join(dir, "t"), farJump, farJump}, "-trace writes one input's trace"},
		{"bad table extension", []string{"run", "-states", filepath.Join(dir, "s.json"), farJump}, "s.json: the table format is named by the extension"},
		{"missing file", []string{"run", filepath.Join(dir, "nope.jsonl")}, "nope.jsonl"},
		{"malformed line", []string{"run", broken}, "broken.jsonl:3: position.origin: want 3 numbers, got 2"},
		{"bad scenario", []string{"run", badScenario}, "bad.yaml:4:"},
		{"unknown reading", []string{"run", "-reading", "retail", farJump}, `"retail"`},
		{"unknown reading option", []string{"run", "-compare", "seed,seed+slerp", farJump}, `unknown option "slerp"`},
		{"unknown flag", []string{"run", "-speed", "2", farJump}, "flag provided but not defined: -speed"},
		{"negative ticks", []string{"run", "-ticks", "-3", farJump}, "-ticks -3"},
		{"compare twice", []string{"run", "-compare", "seed,seed", farJump}, "twice"},
		{"compare and trace", []string{"run", "-compare", "seed,ace", "-trace", filepath.Join(dir, "t"), farJump}, "cannot be combined"},
		{"compile without -o", []string{"compile", scenarioFile(t, "jump")}, "-o OUT.jsonl[.gz] is required"},
		{"compile bad scenario", []string{"compile", badScenario, "-o", filepath.Join(dir, "x.jsonl")}, "bad.yaml:4:"},
		{"compile recording", []string{"compile", farJump, "-o", filepath.Join(dir, "x.jsonl")}, "far_jump.jsonl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := viewer(t, tc.args...)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr %s", code, errs)
			}
			if !strings.Contains(errs, tc.want) {
				t.Fatalf("stderr %q lacks %q", errs, tc.want)
			}
			if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic") {
				t.Fatalf("stderr has a stack trace: %s", errs)
			}
		})
	}
}

func TestRunAndCompile_Help(t *testing.T) {
	for _, sub := range []string{"run", "compile"} {
		code, _, errs := viewer(t, sub, "-h")
		if code != 0 || !strings.Contains(errs, "usage: viewer "+sub) {
			t.Errorf("%s -h: exit %d, stderr %q", sub, code, errs)
		}
	}
	code, _, errs := viewer(t, "-h")
	if code != 0 || !strings.Contains(errs, "  run ") || !strings.Contains(errs, "  compile ") {
		t.Errorf("viewer -h: exit %d, stderr %q; want run and compile listed", code, errs)
	}
}

func TestCompile_WritesTheRecording(t *testing.T) {
	for _, out := range []string{"jump.jsonl", "jump.jsonl.gz"} {
		path := filepath.Join(t.TempDir(), out)
		code, _, errs := viewer(t, "compile", scenarioFile(t, "jump"), "-o", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		got, err := recording.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := scenario.CompileAsset(assets.FS(), "jump")
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Events) != len(want.Events) || len(got.Header.Entities) != len(want.Header.Entities) {
			t.Fatalf("%s: %d events, %d entities; compiled %d, %d", out, len(got.Events), len(got.Header.Entities), len(want.Events), len(want.Header.Entities))
		}
		// The written recording replays like the scenario itself.
		code, a, _ := viewer(t, "run", "-json", path)
		_, b, _ := viewer(t, "run", "-json", scenarioFile(t, "jump"))
		// The scenario's report adds its expectations, which a recording
		// does not carry; everything else must match.
		var ra, rb map[string]any
		if err := json.Unmarshal([]byte(strings.Replace(a, out, "jump.yaml", 1)), &ra); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(b), &rb); err != nil {
			t.Fatal(err)
		}
		if _, ok := rb["expectations"]; !ok {
			t.Errorf("jump.yaml's report has no expectations")
		}
		delete(rb, "expectations")
		if code != 0 || !reflect.DeepEqual(ra, rb) {
			t.Fatalf("%s: replaying the compiled recording differs from running the scenario", out)
		}
	}
}

// The example recording shipped in recordings/ stays valid and shows what
// it says: a walker that glides and a jumper that blips.
func TestRun_ExampleRecording(t *testing.T) {
	code, out, errs := viewer(t, "run", "-json", "../../recordings/example.jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Objects []struct {
			Name string
			Runs []struct {
				Blips    int
				Enqueues map[string]int
				Error    *struct{ Ticks int }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Objects) != 2 {
		t.Fatalf("%d objects, want 2", len(rep.Objects))
	}
	walker, jumper := rep.Objects[0].Runs[0], rep.Objects[1].Runs[0]
	if walker.Blips != 0 || walker.Enqueues["near"] != 12 || walker.Error == nil || walker.Error.Ticks == 0 {
		t.Errorf("walker %+v", walker)
	}
	if jumper.Blips != 1 || jumper.Enqueues["far"] != 1 {
		t.Errorf("jumper %+v", jumper)
	}
}

// TestRun_ExpectationsReportAndExitStatus runs a shipped scenario whose
// claims hold (exit 0, the JSON has its expectations) and the same claims
// made false (exit 1, the text says which fails and the message where).
func TestRun_ExpectationsReportAndExitStatus(t *testing.T) {
	runner := "../../assets/scenarios/runner.yaml"
	code, stdout, stderr := viewerCmd("run", "-json", runner)
	if code != exitOK {
		t.Fatalf("runner.yaml: exit %d, %s", code, stderr)
	}
	var rep struct {
		Expectations struct {
			Checked, Failed int
			Checks          []struct {
				Metric string
				Holds  bool
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Expectations.Checked == 0 || rep.Expectations.Failed != 0 || len(rep.Expectations.Checks) != rep.Expectations.Checked {
		t.Errorf("runner.yaml expectations %+v", rep.Expectations)
	}
	data, err := os.ReadFile(runner)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "runner.yaml")
	src := strings.Replace(string(data), "    blips: 9\n", "    blips: 0\n", 1)
	if src == string(data) {
		t.Fatal("runner.yaml no longer claims 9 blips; update the test")
	}
	if err := os.WriteFile(bad, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = viewerCmd("run", bad)
	if code != exitFailure || !strings.Contains(stdout, "FAILS") || !strings.Contains(stderr, "1 of") || !strings.Contains(stderr, "expect[1].blips") {
		t.Errorf("a false claim: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	code, _, _ = viewerCmd("run", "-compare", "seed,legacy", runner)
	if code != exitOK {
		t.Errorf("-compare seed,legacy: exit %d; claims made for seed only must not fail under legacy", code)
	}
}

// The u16 stamp edges (recording-v1 "Delivery semantics", seed 004 §2, §3)
// through viewer run: its trace is the engine's golden, and its metrics
// count one update of each dropped kind.
func TestRun_StampEdges(t *testing.T) {
	const in = "../../engine/testdata/stamp_edges.jsonl"
	path := filepath.Join(t.TempDir(), "out.trace")
	code, out, errs := viewer(t, "run", "-long", "-trace", path, in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../engine/testdata/stamp_edges.trace.golden")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("viewer run -trace differs from the engine's golden trace")
	}
	counts := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			counts[f[0]] = f[1]
		}
	}
	for _, c := range [][2]string{{"stale_position", "1"}, {"stale_teleport", "1"}, {"wrong_instance", "1"}, {"teleport", "1"}, {"interpolate", "5"}} {
		if counts[c[0]] != c[1] {
			t.Errorf("%s = %q, want %s:\n%s", c[0], counts[c[0]], c[1], out)
		}
	}
}

// run -explain lists each jump's cause chain: in text after the metrics, in
// JSON as "causes" of the object's run (seed 004 §3 branch A here).
func TestRun_ExplainListsCauses(t *testing.T) {
	path := scenarioFile(t, "teleport")
	code, out, errs := viewer(t, "run", "-explain", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "why, reading seed:") || !strings.Contains(out, "teleport") ||
		!strings.Contains(out, "newer teleport stamp") {
		t.Errorf("text lacks the teleport's cause:\n%s", out)
	}
	code, out, errs = viewer(t, "run", "-explain", "-json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Objects []struct {
			GUID string `json:"guid"`
			Runs []struct {
				Snaps  int `json:"snaps"`
				Causes []struct {
					Tick  int    `json:"tick"`
					Kind  string `json:"kind"`
					Route string `json:"route"`
					Text  string `json:"text"`
				} `json:"causes"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	run := rep.Objects[0].Runs[0]
	// The teleport's snap is the first cause but for the outdoor cell
	// lines the walk crosses (cell events, engine/transit.go); the 40 m
	// chase after it is a sprint (glide events, engine/glide.go).
	cells := 0
	for len(run.Causes) > 0 && run.Causes[0].Kind == "cell" {
		cells++
		run.Causes = run.Causes[1:]
	}
	if cells == 0 || run.Snaps != 1 || len(run.Causes) < 1 || run.Causes[0].Kind != "snap" || run.Causes[0].Route != "teleport" ||
		!strings.HasPrefix(run.Causes[0].Text, "tick ") {
		t.Fatalf("%d cell causes, then causes %+v", cells, run.Causes)
	}
	for _, c := range run.Causes[1:] {
		if c.Kind == "snap" {
			t.Errorf("a second snap cause %+v", c)
		}
	}
	// Without -explain the JSON keeps its fields and adds none.
	_, out, _ = viewer(t, "run", "-json", path)
	if strings.Contains(out, `"causes"`) {
		t.Error("causes listed without -explain")
	}
}
