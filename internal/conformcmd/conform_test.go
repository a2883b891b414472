package conformcmd

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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

// matches reports that a trace event row is the spec's event.
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

// Every behaviour of the table is exercised by an input, and the retail
// trace of that input (read here independently of the engine) logs the
// manifest's event at every tick the manifest names.
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

// A tick belongs to one behaviour of an input at most, so one diverging
// row fails one behaviour.
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
func TestJUnit_CountsMatchTheTable(t *testing.T) {
	dir := corpus(t)
	client := copyTraces(t, dir, "legacy")
	os.Remove(filepath.Join(client, "routing"+TraceExt))
	junit := filepath.Join(t.TempDir(), "conform.xml")
	md := filepath.Join(t.TempDir(), "conform.md")
	res, err := check(t, Options{Dir: dir, Client: client, JUnit: junit, Markdown: md})
	if exitCode(err) != 1 {
		t.Fatalf("exit %d (%v)", exitCode(err), err)
	}
	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	validJUnit(t, b)
	var doc struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Errors   int    `xml:"errors,attr"`
			Skipped  int    `xml:"skipped,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				ClassName string `xml:"classname,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Skipped *struct{} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Suites) != 1 {
		t.Fatalf("%d test suites", len(doc.Suites))
	}
	s := doc.Suites[0]
	fails, skips := 0, 0
	for i, c := range s.Cases {
		want := res.Behaviours[i]
		if c.Name != want.ID {
			t.Errorf("case %d is %s, table row %s", i, c.Name, want.ID)
		}
		switch {
		case c.Failure != nil:
			fails++
			if want.Result != Fail || !strings.Contains(c.Failure.Text, "retail did:") {
				t.Errorf("%s: failure %q, table %s", c.Name, c.Failure.Text, want.Result)
			}
		case c.Skipped != nil:
			skips++
			if want.Result != NotCovered {
				t.Errorf("%s: skipped, table %s", c.Name, want.Result)
			}
		}
	}
	sum := res.Summary
	if len(s.Cases) != sum.Behaviours || s.Tests != sum.Behaviours || doc.Tests != sum.Behaviours ||
		fails != sum.Fail || s.Failures != sum.Fail || doc.Failures != sum.Fail ||
		skips != sum.NotCovered || s.Skipped != sum.NotCovered || s.Errors != 0 || sum.NotCovered == 0 || s.Name == "" {
		t.Errorf("junit cases %d tests %d failures %d/%d skipped %d/%d; table %+v", len(s.Cases), s.Tests, fails, s.Failures, skips, s.Skipped, sum)
	}
	mb, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(string(mb), "\n| `"); rows != sum.Behaviours {
		t.Errorf("markdown has %d behaviour rows, want %d", rows, sum.Behaviours)
	}
}

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
	// Without -strict a missing trace leaves its behaviours not covered.
	client := copyTraces(t, dir, "seed")
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
func TestConform_TeamEntryWithoutTicks(t *testing.T) {
	src := corpus(t)
	dir := t.TempDir()
	m, err := ReadManifest(src)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(src, "inputs", "far.jsonl"))
	os.WriteFile(filepath.Join(dir, "ours.jsonl"), b, 0o666)
	m.Inputs = []ManifestInput{{Name: "ours", File: "ours.jsonl", Behaviours: []Exercised{{ID: "enqueue.far_prearm"}}}}
	data, _ := m.encode()
	os.WriteFile(filepath.Join(dir, ManifestName), data, 0o666)
	client := t.TempDir()
	legacy, _ := os.ReadFile(filepath.Join(src, RetailDir, "legacy", "far.jsonl"))
	os.WriteFile(filepath.Join(client, "ours.jsonl"), bytes.Replace(legacy, []byte(`"input":"far.jsonl"`), []byte(`"input":"ours.jsonl"`), 1), 0o666)
	res, err := check(t, Options{Dir: dir, Client: client})
	if exitCode(err) != 1 || res == nil || len(res.Behaviours) != 1 || res.Behaviours[0].Failure == nil || res.Behaviours[0].Failure.Tick != 5 {
		t.Fatalf("%v %+v", err, res)
	}
}

// manifest.json problems name the file and the field.
func TestReadManifest_Errors(t *testing.T) {
	for name, tc := range map[string]struct{ text, want string }{
		"not json":         {`{"format":`, "manifest.json: unexpected EOF"},
		"format":           {`{"format":"x","version":1}`, "manifest.json: format: want"},
		"unknown id":       {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"nope"}]}]}`, `inputs[0].behaviours[0].id: unknown behaviour "nope"`},
		"bad name":         {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"../a","file":"a.jsonl","behaviours":[{"id":"route.teleport"}]}]}`, "inputs[0].name"},
		"ticks down":       {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport","guid":"0x1","ticks":[3,2]}]}]}`, "inputs[0].behaviours[0].ticks[1]"},
		"bad guid":         {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport","guid":"12","ticks":[3]}]}]}`, "inputs[0].behaviours[0].guid"},
		"duplicate":        {`{"format":"glidepath-conform","version":1,"inputs":[{"name":"a","file":"a.jsonl","behaviours":[{"id":"route.teleport"}]},{"name":"A","file":"b.jsonl","behaviours":[{"id":"route.teleport"}]}]}`, "inputs[1].name"},
		"wrong type":       {`{"format":"glidepath-conform","version":"1"}`, "version"},
		"no inputs":        {`{"format":"glidepath-conform","version":1}`, "inputs: no inputs"},
		"trailing garbage": {`{"format":"glidepath-conform","version":1} {}`, "more than one JSON value"},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, ManifestName), []byte(tc.text), 0o666)
		_, err := ReadManifest(dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), ManifestName) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// A client writing Client trace v1 itself — CSV of the state rows with the
// route branch, or gzip-compressed JSON Lines of the bare rows, written here
// from the retail trace by hand rather than by Glidepath's writer — passes
// every behaviour; a second trace of the same input is bad input.
func TestConform_ClientTracesFromAnotherWriter(t *testing.T) {
	dir := corpus(t)
	for _, format := range []string{"csv", "jsonl.gz"} {
		client := t.TempDir()
		for _, in := range Corpus {
			src, err := os.ReadFile(filepath.Join(dir, RetailDir, "seed", in.Name+TraceExt))
			if err != nil {
				t.Fatal(err)
			}
			type row struct {
				tick               int
				guid, cell, branch string
				x, y, z            json.Number
				queue              int
				contact            bool
			}
			var rows []*row
			last := map[string]*row{}
			dec := json.NewDecoder(bytes.NewReader(src))
			dec.UseNumber()
			for dec.More() {
				var v struct {
					Tick    int           `json:"tick"`
					GUID    string        `json:"guid"`
					Cell    string        `json:"cell"`
					Origin  []json.Number `json:"origin"`
					Queue   int           `json:"queue"`
					Contact bool          `json:"contact"`
					Event   string        `json:"event"`
					Branch  string        `json:"branch"`
					Format  string        `json:"format"`
				}
				if err := dec.Decode(&v); err != nil {
					t.Fatal(err)
				}
				switch {
				case v.Format != "":
				case v.Event == "route":
					last[v.GUID].branch = v.Branch
				case v.Event == "":
					r := &row{tick: v.Tick, guid: v.GUID, cell: v.Cell, x: v.Origin[0], y: v.Origin[1], z: v.Origin[2], queue: v.Queue, contact: v.Contact}
					rows = append(rows, r)
					last[v.GUID] = r
				}
			}
			var b bytes.Buffer
			if format == "csv" {
				b.WriteString("guid,tick,cell,x,y,z,queue,contact,branch\n")
				for _, r := range rows {
					fmt.Fprintf(&b, "%s,%d,%s,%s,%s,%s,%d,%t,%s\n", r.guid, r.tick, r.cell, r.x, r.y, r.z, r.queue, r.contact, r.branch)
				}
				os.WriteFile(filepath.Join(client, in.Name+".csv"), b.Bytes(), 0o666)
				continue
			}
			zw := gzip.NewWriter(&b)
			for _, r := range rows {
				fmt.Fprintf(zw, `{"guid":%q,"tick":%d,"cell":%q,"origin":[%s,%s,%s]}`+"\n", r.guid, r.tick, r.cell, r.x, r.y, r.z)
			}
			zw.Close()
			os.WriteFile(filepath.Join(client, in.Name+".jsonl.gz"), b.Bytes(), 0o666)
		}
		res, err := check(t, Options{Dir: dir, Client: client})
		if err != nil || res.Summary.Pass != len(Behaviours) {
			t.Fatalf("%s: %v %+v failing %v", format, err, res.Summary, resultsOf(res, Fail))
		}
		os.WriteFile(filepath.Join(client, "walk.jsonl"), []byte{}, 0o666)
		if _, err := check(t, Options{Dir: dir, Client: client}); exitCode(err) != 2 || !strings.Contains(err.Error(), "two traces of input walk") {
			t.Errorf("%s: a second trace of walk: %v", format, err)
		}
	}
}

// junitSchema is the Jenkins JUnit schema (jenkinsci/xunit-plugin,
// junit-10.xsd) as element → parents allowed, attributes allowed and
// attributes required.
var junitSchema = map[string]struct {
	parents, attrs, required []string
}{
	"testsuites": {nil, []string{"name", "time", "tests", "failures", "errors"}, nil},
	"testsuite": {[]string{"testsuites", "testsuite", ""}, []string{"name", "tests", "failures", "errors", "group", "time", "skipped",
		"timestamp", "hostname", "id", "package", "file", "log", "url"}, []string{"name", "tests", "failures", "errors"}},
	"properties": {[]string{"testsuite"}, nil, nil},
	"property":   {[]string{"properties"}, []string{"name", "value"}, []string{"name", "value"}},
	"testcase":   {[]string{"testsuite"}, []string{"name", "time", "classname", "group"}, []string{"name"}},
	"failure":    {[]string{"testcase"}, []string{"type", "message"}, nil},
	"error":      {[]string{"testcase"}, []string{"type", "message"}, nil},
	"skipped":    {[]string{"testcase"}, []string{"type", "message"}, nil},
	"system-out": {[]string{"testcase", "testsuite"}, nil, nil},
	"system-err": {[]string{"testcase", "testsuite"}, nil, nil},
}

// validJUnit checks b against junitSchema: every element known, under an
// allowed parent, with allowed attributes and the required ones, times in
// the schema's SUREFIRE_TIME form.
func validJUnit(t *testing.T, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []string
	timeRE := regexp.MustCompile(`^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$`)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("junit: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			name := el.Name.Local
			rule, ok := junitSchema[name]
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			if !ok || len(stack) == 0 && name != "testsuites" && name != "testsuite" || len(stack) > 0 && !contains(rule.parents, parent) {
				t.Errorf("junit: <%s> under <%s>", name, parent)
			}
			have := map[string]bool{}
			for _, a := range el.Attr {
				have[a.Name.Local] = true
				if !contains(rule.attrs, a.Name.Local) {
					t.Errorf("junit: <%s %s=…>: not in the schema", name, a.Name.Local)
				}
				if a.Name.Local == "time" && !timeRE.MatchString(a.Value) {
					t.Errorf("junit: <%s time=%q>", name, a.Value)
				}
			}
			for _, r := range rule.required {
				if !have[r] {
					t.Errorf("junit: <%s> without %s", name, r)
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

// docs/clients.md stays true: its table lists every behaviour (and marks
// the prior port's bugs as failing), and its worked example's summary is
// what the legacy traces give.
func TestDocs_ClientsPageMatchesTheKit(t *testing.T) {
	page, err := os.ReadFile("../../docs/clients.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	for _, b := range Behaviours {
		row := ""
		for _, l := range strings.Split(doc, "\n") {
			if strings.HasPrefix(l, "| `"+b.ID+"` |") {
				row = l
			}
		}
		if row == "" {
			t.Errorf("docs/clients.md: no table row for %s", b.ID)
		} else if strings.Contains(row, "| fails") != (b.PriorPortBug != "") {
			t.Errorf("docs/clients.md: %s's row says the prior port fails: %v; the table: %q", b.ID, strings.Contains(row, "| fails"), b.PriorPortBug)
		}
	}
	dir := corpus(t)
	res, _ := check(t, Options{Dir: dir, Client: filepath.Join(dir, RetailDir, "legacy")})
	s := res.Summary
	want := fmt.Sprintf("%d behaviours: %d pass, %d fail, %d not covered", s.Behaviours, s.Pass, s.Fail, s.NotCovered)
	if !strings.Contains(doc, want) {
		t.Errorf("docs/clients.md's worked example lacks %q", want)
	}
	if want := fmt.Sprintf("%d inputs, %d behaviours", len(Corpus), len(Behaviours)); !strings.Contains(doc, want) {
		t.Errorf("docs/clients.md lacks %q", want)
	}
}
