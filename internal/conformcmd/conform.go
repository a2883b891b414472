// Checking a client: each corpus input run under the reading beside the
// client's trace of it, compared row by row as `viewer diff` compares
// (engine/clientdiff), and each behaviour judged on the rows of the ticks
// where it shows: pass when the client agrees at every one of them, fail at
// the first that differs (with what retail did there and why), not covered
// when no trace of an input showing it was given.

package conformcmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/explain"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/plural"
	"glidepath/interp"
)

// TraceExt is the ending of a client trace's file name: TRACES_DIR/NAME.jsonl
// (or NAME.jsonl.gz, NAME.csv: traceStem).
const TraceExt = ".jsonl"

// Options are what conform checks and how it reports.
type Options struct {
	// Dir is the corpus folder, Client the folder of the client's traces.
	Dir, Client string
	// Reading is the reading retail runs under.
	Reading interp.Reading
	// Tolerance is the largest position error, metres, that agrees.
	Tolerance float64
	// Strict makes an input without a trace bad input.
	Strict bool
	// JUnit and Markdown are the files to write ("" for none); JSON prints
	// the result as JSON instead of the table.
	JUnit, Markdown string
	JSON            bool
}

// Result statuses of a behaviour.
const (
	Pass       = "pass"
	Fail       = "fail"
	NotCovered = "not_covered"
)

// Result is a whole check, as `conform -json` prints it.
type Result struct {
	Corpus     string            `json:"corpus"`
	Client     string            `json:"client"`
	Reading    string            `json:"reading"`
	Tolerance  float64           `json:"tolerance"`
	Summary    Summary           `json:"summary"`
	Behaviours []BehaviourResult `json:"behaviours"`
	Inputs     []InputResult     `json:"inputs"`
}

// Summary counts the behaviours by result.
type Summary struct {
	Behaviours int `json:"behaviours"`
	Pass       int `json:"pass"`
	Fail       int `json:"fail"`
	NotCovered int `json:"not_covered"`
}

// BehaviourResult is one behaviour's verdict.
type BehaviourResult struct {
	ID          string `json:"id"`
	Description string `json:"description"`
	Source      string `json:"source"`
	// Result is "pass", "fail" or "not_covered".
	Result string `json:"result"`
	// Inputs are the inputs exercising it; Compared those with a trace.
	Inputs   []string `json:"inputs"`
	Compared []string `json:"compared"`
	// Ticks is the number of client rows it was judged on.
	Ticks        int      `json:"ticks_compared"`
	Failure      *Failure `json:"failure,omitempty"`
	PriorPortBug string   `json:"prior_port_bug,omitempty"`
}

// Failure is the first tick where the client left retail inside a
// behaviour.
type Failure struct {
	Input string `json:"input"`
	GUID  string `json:"guid"`
	Tick  int    `json:"tick"`
	// Fields are what differed ("position", "cell", "heading", "queue", "contact", "branch"),
	// or "missing" when the client gave no row of the object at the tick.
	Fields []string `json:"fields"`
	// Error is the position error, metres; Line the client row's line (0
	// when missing).
	Error float64 `json:"error"`
	Line  int     `json:"client_line"`
	// Retail is what the pipeline did at the tick; Causes retail's cause
	// chains of the object in the ticks up to it.
	Retail []string `json:"retail"`
	Causes []string `json:"causes"`
}

// InputResult is one input's comparison as a whole.
type InputResult struct {
	Name  string `json:"name"`
	Trace string `json:"trace,omitempty"`
	// Compared says a trace was given; Rows the client rows compared.
	Compared bool `json:"compared"`
	Rows     int  `json:"compared_rows"`
	// Diverged says the client left retail somewhere (inside a behaviour
	// or not); FirstDivergence is the earliest tick of any object.
	Diverged        bool `json:"diverged"`
	FirstDivergence *int `json:"first_divergence,omitempty"`
	// MissingTicks counts the ticks objects of the trace lived in retail's
	// run without a client row (a trace cut short, rows left out);
	// MissingObjects the run's objects the trace never gave. A
	// behaviour's tick among them fails ("missing"), so an input whose
	// rows all agree still says what it left uncompared.
	MissingTicks   int `json:"missing_ticks"`
	MissingObjects int `json:"missing_objects"`
	// ClientOnly are the trace's objects the input does not have (a guid
	// logged wrong), whose rows were not compared.
	ClientOnly []string `json:"client_only,omitempty"`
}

// rowKey is one object at one tick.
type rowKey struct {
	guid uint32
	tick int
}

type rowResult struct {
	line   int
	err    float64
	fields []string
}

// contextTicks is how many ticks before a failure its causes may come from
// (viewer diff's default -context).
const contextTicks = 5

// Run checks the client's traces in o.Client against the corpus in o.Dir,
// prints the table (or JSON) to stdout and writes the JUnit and Markdown
// files. Any failing behaviour ends it with status 1; bad input with 2.
func Run(o Options, stdout, stderr io.Writer) error {
	m, err := ReadManifest(o.Dir)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	traces, err := clientTraces(o.Client, o.Dir, m, stderr)
	if err != nil {
		return err
	}
	// -junit and -md may not name a file conform reads: an input the
	// manifest names or a client trace (the manifest itself is checked
	// before it is read).
	read := []string{filepath.Join(o.Dir, ManifestName)}
	for i := range m.Inputs {
		read = append(read, inputPath(o.Dir, &m.Inputs[i]))
		if t := traces[m.Inputs[i].Name]; t != "" {
			read = append(read, t)
		}
	}
	if err := cli.CheckOutputs("conform", read, cli.Output{Flag: "-junit", Path: o.JUnit}, cli.Output{Flag: "-md", Path: o.Markdown}); err != nil {
		return err
	}
	var missing []string
	for i := range m.Inputs {
		if traces[m.Inputs[i].Name] == "" {
			missing = append(missing, m.Inputs[i].Name+TraceExt)
		}
	}
	if len(missing) == len(m.Inputs) {
		return cli.BadInput("conform: %s: no trace of any input of %s (want NAME%s for the inputs %s): nothing was compared",
			o.Client, o.Dir, TraceExt, strings.Join(inputNames(m), ", "))
	}
	if o.Strict && len(missing) > 0 {
		return cli.BadInput("conform: %s: no trace of %s (-strict): %s", o.Client, plural.Count(len(missing), "input"), strings.Join(missing, ", "))
	}
	res := &Result{Corpus: o.Dir, Client: o.Client, Reading: o.Reading.Name, Tolerance: o.Tolerance,
		Behaviours: []BehaviourResult{}, Inputs: []InputResult{}}
	byID := map[string]*BehaviourResult{}
	for i := range Behaviours {
		b := &Behaviours[i]
		byID[b.ID] = &BehaviourResult{ID: b.ID, Description: b.Description, Source: b.Source, Result: NotCovered,
			Inputs: []string{}, Compared: []string{}, PriorPortBug: b.PriorPortBug}
	}
	for i := range m.Inputs {
		in := &m.Inputs[i]
		ir, err := checkInput(o, m, in, traces[in.Name], byID)
		if err != nil {
			return err
		}
		res.Inputs = append(res.Inputs, ir)
	}
	for i := range Behaviours {
		br := byID[Behaviours[i].ID]
		if len(br.Inputs) == 0 {
			continue // no input of this corpus exercises it
		}
		res.Behaviours = append(res.Behaviours, *br)
		res.Summary.Behaviours++
		switch br.Result {
		case Pass:
			res.Summary.Pass++
		case Fail:
			res.Summary.Fail++
		default:
			res.Summary.NotCovered++
		}
	}
	if err := writeOutputs(o, res, stdout); err != nil {
		return err
	}
	if res.Summary.Fail > 0 {
		return cli.StatusError{Code: cli.ExitFailure}
	}
	return nil
}

// inputPath is the file of the manifest's input in, in the corpus dir.
func inputPath(dir string, in *ManifestInput) string {
	if filepath.IsAbs(in.File) {
		return in.File
	}
	return filepath.Join(dir, filepath.FromSlash(in.File))
}

func inputNames(m *Manifest) []string {
	var out []string
	for i := range m.Inputs {
		out = append(out, m.Inputs[i].Name)
	}
	return out
}

// checkInput compares one input's run with its trace (when given) and
// judges the behaviours it exercises.
func checkInput(o Options, m *Manifest, in *ManifestInput, trace string, byID map[string]*BehaviourResult) (InputResult, error) {
	ir := InputResult{Name: in.Name, Trace: trace}
	for j := range in.Behaviours {
		br := byID[in.Behaviours[j].ID]
		if !contains(br.Inputs, in.Name) {
			br.Inputs = append(br.Inputs, in.Name)
		}
	}
	if trace == "" {
		return ir, nil
	}
	path := inputPath(o.Dir, in)
	if fi, err := os.Stat(path); err != nil {
		return ir, cli.BadInput("conform: %s: input %s: %v", ManifestName, in.Name, err)
	} else if !fi.Mode().IsRegular() {
		return ir, cli.BadInput("conform: %s: input %s: %s %s, not a regular file", ManifestName, in.Name, path, kindOf(fi.Mode()))
	}
	rec, err := loader.Load(path, assets.FS())
	if err != nil {
		return ir, cli.UsageError{Err: fmt.Errorf("conform: input %s: %w", in.Name, err)}
	}
	if err := findTicks(m, in, rec); err != nil {
		return ir, err
	}
	want := map[rowKey]bool{}
	for j := range in.Behaviours {
		ex := &in.Behaviours[j]
		for _, t := range ex.Ticks {
			want[rowKey{ex.guid, t}] = true
		}
	}
	got := map[rowKey]rowResult{}
	cmp := clientdiff.NewComparer(clientdiff.Options{Tolerance: o.Tolerance, Context: contextTicks, Input: path})
	cmp.Interrupt = func(tick int) error { return cli.Stopped("tick %d of %s", tick, in.Name) }
	cmp.RowCompared = func(tick int, guid uint32, line int, e float64, fields []string) {
		if k := (rowKey{guid, tick}); want[k] {
			got[k] = rowResult{line: line, err: e, fields: fields}
		}
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: o.Reading, EventLog: true, Metrics: true, Explain: true,
		NoCheckpoints: true, Sink: cmp})
	if err != nil {
		return ir, cli.UsageError{Err: fmt.Errorf("conform: input %s: %w", in.Name, err)}
	}
	rd, err := clienttrace.Open(trace, s.TickRate())
	if err != nil {
		return ir, cli.UsageError{Err: err}
	}
	defer rd.Close()
	diff, err := clientdiff.Run(s, cmp, rd)
	if err != nil {
		var ie *cli.InterruptedError
		if errors.As(err, &ie) {
			return ir, err
		}
		return ir, cli.UsageError{Err: err}
	}
	ir.Compared, ir.Rows, ir.Diverged = true, diff.ComparedRows, diff.Diverged
	for _, mt := range diff.Missing.Ticks {
		ir.MissingTicks += mt.Ticks
	}
	ir.MissingObjects = len(diff.Missing.Objects)
	for _, co := range diff.Missing.NotInRecording {
		ir.ClientOnly = append(ir.ClientOnly, co.GUID)
	}
	for _, ob := range diff.Objects {
		if d := ob.FirstDivergence; d != nil && (ir.FirstDivergence == nil || d.Tick < *ir.FirstDivergence) {
			t := d.Tick
			ir.FirstDivergence = &t
		}
	}
	causes := s.Query().Causes()
	for j := range in.Behaviours {
		ex := &in.Behaviours[j]
		br := byID[ex.ID]
		br.Compared = append(br.Compared, in.Name)
		if br.Result == NotCovered {
			br.Result = Pass
		}
		for _, t := range ex.Ticks {
			br.Ticks++
			r, ok := got[rowKey{ex.guid, t}]
			if ok && r.fields == nil {
				continue
			}
			if br.Failure == nil {
				f := &Failure{Input: in.Name, GUID: guidString(ex.guid), Tick: t, Fields: r.fields, Error: r.err, Line: r.line,
					Retail: retailAt(s, ex.guid, t), Causes: causesAt(causes, ex.guid, t)}
				if !ok {
					f.Fields = []string{"missing"}
				}
				br.Failure = f
			}
			br.Result = Fail
			break
		}
	}
	return ir, nil
}

// findTicks gives the behaviours a team's entry lists without their
// object and ticks those of the input run under the manifest's reading.
func findTicks(m *Manifest, in *ManifestInput, rec *recording.Recording) error {
	var ids []string
	for j := range in.Behaviours {
		if len(in.Behaviours[j].Ticks) == 0 {
			ids = append(ids, in.Behaviours[j].ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	r, err := interp.ReadingByName(m.Reading)
	if err != nil {
		return cli.UsageError{Err: &ManifestError{File: ManifestName, Field: "reading", Problem: err.Error()}}
	}
	occ, err := detect(rec, r, ids)
	if err != nil {
		return cli.UsageError{Err: fmt.Errorf("conform: input %s: %w", in.Name, err)}
	}
	k := 0
	for j := range in.Behaviours {
		ex := &in.Behaviours[j]
		if len(ex.Ticks) > 0 {
			continue
		}
		if len(occ[k].Ticks) == 0 {
			return cli.BadInput("conform: %s: input %s: behaviour %s shows at no tick of it under reading %s",
				ManifestName, in.Name, ex.ID, m.Reading)
		}
		ex.guid, ex.Ticks = occ[k].GUID, occ[k].Ticks
		ex.GUID = guidString(ex.guid)
		k++
	}
	return nil
}

// retailAt is what the pipeline did to guid at tick.
func retailAt(s *engine.Sim, guid uint32, tick int) []string {
	out := []string{}
	for _, e := range s.Query().EventsAt(tick) {
		if e.GUID == guid && e.Kind.InTrace() {
			out = append(out, e.Text())
		}
	}
	if len(out) == 0 {
		out = append(out, "nothing logged (an interpolation step only)")
	}
	return out
}

// causesAt are the cause chains of guid in the context ticks up to tick.
func causesAt(causes []explain.Cause, guid uint32, tick int) []string {
	out := []string{}
	for i := range causes {
		c := &causes[i]
		if c.GUID == guid && c.Tick <= tick && c.Tick >= tick-contextTicks {
			out = append(out, c.String())
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
