// conform end to end on the corpus init writes: byte-identical reruns,
// retail traces passing, the legacy worked example, one perturbed row,
// bad input.

package conformcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"glidepath/internal/cli"
	"glidepath/interp"
)

var (
	corpusOnce sync.Once
	corpusDir  string
	corpusErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if corpusDir != "" {
		os.RemoveAll(filepath.Dir(corpusDir))
	}
	os.Exit(code)
}

// corpus is one corpus `conform init` wrote for the package's tests.
func corpus(t *testing.T) string {
	t.Helper()
	corpusOnce.Do(func() {
		var tmp string
		if tmp, corpusErr = os.MkdirTemp("", "conform-test"); corpusErr == nil {
			corpusDir = filepath.Join(tmp, "corpus")
			corpusErr = Init(corpusDir, io.Discard)
		}
	})
	if corpusErr != nil {
		t.Fatal(corpusErr)
	}
	return corpusDir
}

func reading(t *testing.T, name string) interp.Reading {
	t.Helper()
	r, err := interp.ReadingByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// check runs conform and returns its JSON result and error.
func check(t *testing.T, o Options) (*Result, error) {
	t.Helper()
	o.JSON = true
	if o.Tolerance == 0 {
		o.Tolerance = 0.01
	}
	if o.Reading.Name == "" {
		o.Reading = reading(t, "seed")
	}
	var out bytes.Buffer
	err := Run(o, &out, io.Discard)
	if out.Len() == 0 {
		return nil, err
	}
	var res Result
	if jerr := json.Unmarshal(out.Bytes(), &res); jerr != nil {
		t.Fatalf("conform -json printed what is not JSON: %v\n%s", jerr, out.String())
	}
	return &res, err
}

func resultsOf(res *Result, want string) []string {
	var ids []string
	for _, b := range res.Behaviours {
		if b.Result == want {
			ids = append(ids, b.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

func resultOf(res *Result, id string) string {
	for _, b := range res.Behaviours {
		if b.ID == id {
			return b.Result
		}
	}
	return ""
}

func exitCode(err error) int {
	var se cli.StatusError
	var ue cli.UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &se):
		return se.Code
	case errors.As(err, &ue):
		return 2
	}
	return 1
}

// Running init twice writes byte-identical folders (the corpus is built
// from explicit events, its traces are deterministic runs).
func TestInit_TwiceIsByteIdentical(t *testing.T) {
	a := corpus(t)
	b := filepath.Join(t.TempDir(), "again")
	if err := Init(b, io.Discard); err != nil {
		t.Fatal(err)
	}
	files := 0
	err := filepath.WalkDir(a, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, path)
		x, _ := os.ReadFile(path)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			t.Errorf("%s: not written the second time: %v", rel, err)
		} else if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs of init", rel)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 1 + len(Corpus)*(1+len(interp.ReadingNames()))
	if files != want {
		t.Errorf("%d files, want %d (manifest, inputs, a trace per reading)", files, want)
	}
}

// traceEvents reads a Trace v1 file with its own JSON decoding (not the
// engine's reader): the event rows by tick.
// matches reports that a trace event row is the spec's event.
// Every behaviour of the table is exercised by an input, and the retail
// trace of that input (read here independently of the engine) logs the
// manifest's event at every tick the manifest names.
// A tick belongs to one behaviour of an input at most, so one diverging
// row fails one behaviour.
// Retail's own traces, under each reading, pass every behaviour when
// compared under that reading.
func TestConform_RetailTracesPassUnderTheirReading(t *testing.T) {
	dir := corpus(t)
	for _, rn := range interp.ReadingNames() {
		res, err := check(t, Options{Dir: dir, Client: filepath.Join(dir, RetailDir, rn), Reading: reading(t, rn)})
		if err != nil {
			t.Fatalf("%s: %v", rn, err)
		}
		if res.Summary.Pass != len(Behaviours) || res.Summary.Behaviours != len(Behaviours) {
			t.Errorf("%s: %+v, want all %d pass; failing %v", rn, res.Summary, len(Behaviours), resultsOf(res, Fail))
		}
	}
}

// The worked example: the prior port (the legacy reading, seed 000 §7 and
// READINGS.md) fails exactly the behaviours the seeds list as its bugs and
// passes the rest.
func TestConform_LegacyFailsExactlyThePriorPortBugs(t *testing.T) {
	dir := corpus(t)
	res, err := check(t, Options{Dir: dir, Client: filepath.Join(dir, RetailDir, "legacy")})
	if exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1", exitCode(err), err)
	}
	var bugs []string
	for _, b := range Behaviours {
		if b.PriorPortBug != "" {
			bugs = append(bugs, b.ID)
		}
	}
	sort.Strings(bugs)
	if got := resultsOf(res, Fail); !reflect.DeepEqual(got, bugs) {
		t.Errorf("legacy fails %v, want exactly the prior port's bugs %v", got, bugs)
	}
	for _, want := range []string{"enqueue.far_prearm", "enqueue.prune_loop", "stall.fail_pops_head", "interp.contact_gate"} {
		if !contains(bugs, want) {
			t.Errorf("%s (seed 000 §7) is not marked a prior-port bug", want)
		}
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range m.Behaviours {
		if got := resultOf(res, b.ID); got != b.Legacy {
			t.Errorf("manifest says legacy %s %s, conform says %s", b.Legacy, b.ID, got)
		}
	}
	if res.Summary.Pass+res.Summary.Fail != len(Behaviours) {
		t.Errorf("%+v: every behaviour should be judged", res.Summary)
	}
	for _, b := range res.Behaviours {
		if b.Result == Fail && (b.Failure == nil || len(b.Failure.Retail) == 0) {
			t.Errorf("%s fails without the tick's retail events: %+v", b.ID, b.Failure)
		}
	}
}

// copyTraces copies the retail traces of reading into a new folder.
func copyTraces(t *testing.T, dir, reading string) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join(dir, RetailDir, reading)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// perturb moves the state row of guid at tick 1 m east in a trace file.
func perturb(t *testing.T, path, guid string, tick int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	done := false
	for i, l := range lines {
		var row map[string]any
		if json.Unmarshal([]byte(l), &row) != nil || row["event"] != nil || row["guid"] != guid || row["tick"] != float64(tick) {
			continue
		}
		o := row["origin"].([]any)
		o[0] = o[0].(float64) + 1
		nb, _ := json.Marshal(row)
		lines[i] = string(nb) + "\n"
		done = true
	}
	if !done {
		t.Fatalf("%s: no state row of %s at tick %d", path, guid, tick)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o666); err != nil {
		t.Fatal(err)
	}
}

// One row perturbed at a behaviour's tick fails that behaviour alone, at
// that tick.
func TestConform_OnePerturbedRowFailsThatBehaviourAlone(t *testing.T) {
	dir := corpus(t)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := map[string]bool{}
	for _, in := range m.Inputs {
		for _, ex := range in.Behaviours {
			if done[ex.ID] {
				continue
			}
			done[ex.ID] = true
			tick := ex.Ticks[len(ex.Ticks)-1]
			client := copyTraces(t, dir, "seed")
			perturb(t, filepath.Join(client, in.Name+TraceExt), ex.GUID, tick)
			res, err := check(t, Options{Dir: dir, Client: client})
			if exitCode(err) != 1 {
				t.Errorf("%s: exit %d (%v), want 1", ex.ID, exitCode(err), err)
				continue
			}
			if got := resultsOf(res, Fail); !reflect.DeepEqual(got, []string{ex.ID}) {
				t.Errorf("row %s tick %d of %s perturbed: failing %v, want [%s]", ex.GUID, tick, in.Name, got, ex.ID)
				continue
			}
			for _, b := range res.Behaviours {
				if b.ID == ex.ID && (b.Failure.Tick != tick || b.Failure.Input != in.Name || b.Failure.Fields[0] != "position") {
					t.Errorf("%s: failure %+v, want %s tick %d position", ex.ID, b.Failure, in.Name, tick)
				}
			}
		}
	}
}

// JUnit XML as CI systems read it: testsuites > testsuite > testcase, a
// failure per failing behaviour, a skip per one not covered, and counts
// equal to the table's.
// Bad input: a trace for no input, an input without a trace under
// -strict, no trace at all, a trace of another input, a folder that is not
// a corpus.
func TestConform_BadInput(t *testing.T) {
	dir := corpus(t)
	cases := map[string]func(client string) Options{
		"trace for no input": func(client string) Options {
			os.WriteFile(filepath.Join(client, "nothing"+TraceExt), []byte("{}\n"), 0o666)
			return Options{Dir: dir, Client: client}
		},
		"strict without a trace": func(client string) Options {
			os.Remove(filepath.Join(client, "walk"+TraceExt))
			return Options{Dir: dir, Client: client, Strict: true}
		},
		"no trace at all": func(string) Options {
			return Options{Dir: dir, Client: t.TempDir()}
		},
		"trace of another input": func(client string) Options {
			b, _ := os.ReadFile(filepath.Join(client, "walk"+TraceExt))
			os.WriteFile(filepath.Join(client, "prune"+TraceExt), b, 0o666)
			return Options{Dir: dir, Client: client}
		},
		"client is a file": func(client string) Options {
			return Options{Dir: dir, Client: filepath.Join(client, "walk"+TraceExt)}
		},
		"not a corpus": func(client string) Options {
			return Options{Dir: client, Client: client}
		},
	}
	for name, mk := range cases {
		client := copyTraces(t, dir, "seed")
		_, err := check(t, mk(client))
		if exitCode(err) != 2 {
			t.Errorf("%s: exit %d (%v), want 2", name, exitCode(err), err)
		}
	}
	// The one input without a trace is counted as one.
	client := copyTraces(t, dir, "seed")
	os.Remove(filepath.Join(client, "walk"+TraceExt))
	if _, err := check(t, Options{Dir: dir, Client: client, Strict: true}); err == nil || !strings.Contains(err.Error(), "no trace of 1 input (-strict): walk"+TraceExt) {
		t.Errorf("-strict with one trace missing: %v", err)
	}
	// Without -strict a missing trace leaves its behaviours not covered.
	client = copyTraces(t, dir, "seed")
	os.Remove(filepath.Join(client, "walk"+TraceExt))
	res, err := check(t, Options{Dir: dir, Client: client})
	if err != nil {
		t.Fatal(err)
	}
	if got := resultsOf(res, NotCovered); !reflect.DeepEqual(got, []string{"catchup.arrival", "enqueue.arrived", "enqueue.near", "stall.window_pass"}) {
		t.Errorf("not covered %v", got)
	}
}

// A team's own entry may list behaviours without ticks: conform finds them
// by running the input under the manifest's reading.
// manifest.json problems name the file and the field.
// A client writing Client trace v1 itself — CSV of the state rows with the
// route branch, or gzip-compressed JSON Lines of the bare rows, written here
// from the retail trace by hand rather than by Glidepath's writer — passes
// every behaviour; a second trace of the same input is bad input.
// junitSchema is the Jenkins JUnit schema (jenkinsci/xunit-plugin,
// junit-10.xsd) as element → parents allowed, attributes allowed and
// attributes required.
// validJUnit checks b against junitSchema: every element known, under an
// allowed parent, with allowed attributes and the required ones, times in
// the schema's SUREFIRE_TIME form.
// docs/clients.md stays true: its table lists every behaviour (and marks
// the prior port's bugs as failing), and its worked example's summary is
// what the legacy traces give.

// conform init's line counts as counts read: "1 reading", "2 readings".
func TestInitLine_CountsRead(t *testing.T) {
	if got, want := initLine("c", 1, 1, 1), "conform init: c: 1 input, 1 behaviour, retail traces under 1 reading (manifest.json)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := initLine("c", 13, 25, 4), "conform init: c: 13 inputs, 25 behaviours, retail traces under 4 readings (manifest.json)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A client folder's entries that are not traces are warned of, counted as
// counts read: "1 entry … was not read", "2 entries … were not read".
func TestClientTraces_IgnoredEntriesCounted(t *testing.T) {
	m := &Manifest{Inputs: []ManifestInput{{Name: "walk"}}}
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{"notes.txt"}, ": 1 entry not named NAME" + TraceExt + " (or NAME" + TraceExt + ".gz, NAME.csv) was not read: notes.txt\n"},
		{[]string{"a.txt", "b.txt"}, ": 2 entries not named NAME" + TraceExt + " (or NAME" + TraceExt + ".gz, NAME.csv) were not read: a.txt, b.txt\n"},
	} {
		dir := t.TempDir()
		for _, f := range append(c.files, "walk"+TraceExt) {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o666); err != nil {
				t.Fatal(err)
			}
		}
		var stderr bytes.Buffer
		if _, err := clientTraces(dir, "corpus", m, &stderr); err != nil || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: err %v, stderr %q, want %q", c.files, err, stderr.String(), c.want)
		}
	}
}

// A trace cut short — the client's harness stopped after tick 0 of walk —
// agrees in every row it has, yet its behaviours fail as missing; the
// input's line, under the table and in the Markdown, says how many ticks
// of retail's run it left without a row instead of a bare "no
// divergence", and -json gives the count. A whole trace leaves none.
func TestConform_TraceCutShortSaysWhatItLeftUncompared(t *testing.T) {
	dir := corpus(t)
	client := t.TempDir()
	b, err := os.ReadFile(filepath.Join(dir, RetailDir, "seed", "walk"+TraceExt))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	var whole, kept int
	for _, l := range lines {
		if strings.HasPrefix(l, `{"tick":`) && !strings.Contains(l, `"event"`) {
			whole++
		}
	}
	if err := os.WriteFile(filepath.Join(client, "walk"+TraceExt), []byte(lines[0]+lines[1]), 0o666); err != nil {
		t.Fatal(err)
	}
	kept = 1
	md := filepath.Join(t.TempDir(), "conform.md")
	res, err := check(t, Options{Dir: dir, Client: client, Markdown: md})
	if exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1: the walk's behaviours have no client row", exitCode(err), err)
	}
	var walk *InputResult
	for i := range res.Inputs {
		if res.Inputs[i].Name == "walk" {
			walk = &res.Inputs[i]
		}
	}
	if walk == nil || walk.Rows != kept || walk.Diverged || walk.MissingTicks != whole-kept || walk.MissingObjects != 0 {
		t.Fatalf("walk: %+v, want %d row compared, no divergence, %d ticks missing", walk, kept, whole-kept)
	}
	want := fmt.Sprintf("1 row compared, no divergence in them; %d ticks an object lived in retail without a client row", whole-kept)
	if got := inputText(walk); got != want {
		t.Errorf("walk's line %q, want %q", got, want)
	}
	var table bytes.Buffer
	if err := WriteTable(&table, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "  walk: "+want+"\n") {
		t.Errorf("the table does not say what walk left uncompared:\n%s", table.String())
	}
	mb, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mb), "- `walk`: "+want+"\n") || !strings.Contains(string(mb), "| not covered | no trace of routing |") {
		t.Errorf("the Markdown does not say what was compared:\n%s", mb)
	}
	// The object logged under another guid from tick 5: those rows are
	// the trace's own object, not compared, and the line names it.
	var renamed strings.Builder
	for i, l := range lines {
		if i > 0 && strings.Contains(l, `"guid":"0x80000C01"`) && !strings.HasPrefix(l, `{"tick":0,`) && !strings.HasPrefix(l, `{"tick":1,`) &&
			!strings.HasPrefix(l, `{"tick":2,`) && !strings.HasPrefix(l, `{"tick":3,`) && !strings.HasPrefix(l, `{"tick":4,`) {
			l = strings.Replace(l, `"guid":"0x80000C01"`, `"guid":"0x80000C02"`, 1)
		}
		renamed.WriteString(l)
	}
	if err := os.WriteFile(filepath.Join(client, "walk"+TraceExt), []byte(renamed.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	res, err = check(t, Options{Dir: dir, Client: client})
	if exitCode(err) != 1 {
		t.Fatalf("renamed: exit %d (%v), want 1", exitCode(err), err)
	}
	for i := range res.Inputs {
		if in := &res.Inputs[i]; in.Name == "walk" {
			if got := inputText(in); !strings.HasSuffix(got, "; the trace's 0x80000C02 not in the input (not compared)") ||
				!strings.Contains(got, "no divergence in them") {
				t.Errorf("renamed guid: walk's line %q does not name the trace's own object", got)
			}
		}
	}
	// The whole trace: nothing left out, the line as before.
	whole1 := InputResult{Name: "walk", Compared: true, Rows: whole}
	if got := inputText(&whole1); got != fmt.Sprintf("%d rows compared, no divergence", whole) {
		t.Errorf("a whole trace's line %q", got)
	}
}
