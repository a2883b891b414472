// Reporting a check: the table on standard output (or JSON), JUnit XML —
// one test case per behaviour, a failure carrying the first diverging tick
// and retail's cause chain there, a skip for one not covered — and a
// Markdown summary for a CI job's page. All three list the same behaviours
// with the same results.

package conformcmd

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"glidepath/internal/cli"
	"glidepath/internal/plural"
)

func writeOutputs(o Options, res *Result, stdout io.Writer) error {
	if o.JUnit != "" {
		if err := cli.WriteAtomically(o.JUnit, func(w io.Writer) error { return WriteJUnit(w, res) }); err != nil {
			return err
		}
	}
	if o.Markdown != "" {
		if err := cli.WriteAtomically(o.Markdown, func(w io.Writer) error { return WriteMarkdown(w, res) }); err != nil {
			return err
		}
	}
	if o.JSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return WriteTable(stdout, res)
}

// failureText is a failure on one line: where, what differed, what retail
// did and why.
func failureText(f *Failure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s tick %d (%s): ", f.Input, f.Tick, f.GUID)
	b.WriteString(fieldsText(f))
	b.WriteString("; retail: " + strings.Join(f.Retail, "; "))
	if len(f.Causes) > 0 {
		b.WriteString("; why: " + strings.Join(f.Causes, "; "))
	}
	return b.String()
}

func fieldsText(f *Failure) string {
	var parts []string
	for _, field := range f.Fields {
		switch field {
		case "missing":
			parts = append(parts, "no client row")
		case "position":
			parts = append(parts, "position "+strconv.FormatFloat(f.Error, 'f', 3, 64)+" m off")
		default:
			parts = append(parts, field+" differs")
		}
	}
	s := strings.Join(parts, ", ")
	if f.Line > 0 {
		s += " (client line " + strconv.Itoa(f.Line) + ")"
	}
	return s
}

func resultText(r string) string {
	switch r {
	case Pass:
		return "pass"
	case Fail:
		return "FAIL"
	}
	return "not covered"
}

// WriteTable prints the behaviour table and the inputs compared.
func WriteTable(w io.Writer, res *Result) error {
	p := &cli.ErrWriter{W: w}
	p.Printf("conform: %s against %s (reading %s, tolerance %s m)\n\n", res.Client, res.Corpus, res.Reading,
		strconv.FormatFloat(res.Tolerance, 'g', -1, 64))
	tw := tabwriter.NewWriter(p, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "behaviour\tinputs\tresult\tfirst failure\n")
	for i := range res.Behaviours {
		b := &res.Behaviours[i]
		first := ""
		if b.Failure != nil {
			first = failureText(b.Failure)
		} else if b.Result == NotCovered {
			first = "no trace of " + strings.Join(b.Inputs, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", b.ID, strings.Join(b.Inputs, ", "), resultText(b.Result), first)
	}
	tw.Flush()
	s := &res.Summary
	p.Printf("\n%s: %d pass, %d fail, %d not covered\n", plural.Count(s.Behaviours, "behaviour"), s.Pass, s.Fail, s.NotCovered)
	for i := range res.Inputs {
		p.Printf("  %s: %s\n", res.Inputs[i].Name, inputText(&res.Inputs[i]))
	}
	return p.Err
}

// inputText is what one input's comparison found, as a whole: its rows
// compared, its first divergence, and what of retail's run the trace left
// without a row.
func inputText(in *InputResult) string {
	if !in.Compared {
		return "no trace"
	}
	missing := in.MissingTicks > 0 || in.MissingObjects > 0 || len(in.ClientOnly) > 0
	s := plural.Count(in.Rows, "row") + " compared, "
	switch {
	case in.FirstDivergence != nil:
		s += fmt.Sprintf("first divergence at tick %d (`viewer diff` shows it whole)", *in.FirstDivergence)
	case missing:
		s += "no divergence in them"
	default:
		s += "no divergence"
	}
	if in.MissingTicks > 0 {
		s += "; " + plural.Count(in.MissingTicks, "tick") + " an object lived in retail without a client row"
	}
	if in.MissingObjects > 0 {
		s += "; " + plural.Count(in.MissingObjects, "object") + " of retail's run never logged"
	}
	if len(in.ClientOnly) > 0 {
		s += "; the trace's " + strings.Join(in.ClientOnly, ", ") + " not in the input (not compared)"
	}
	return s
}

// JUnit XML (the common testsuites/testsuite/testcase/failure/skipped
// shape CI systems read).
// (The root carries no "skipped": the Jenkins schema, junit-10.xsd, allows
// it on a testsuite only.)
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure"`
	Skipped   *junitSkipped `xml:"skipped"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes res as JUnit XML: one test case per behaviour.
func WriteJUnit(w io.Writer, res *Result) error {
	s := &res.Summary
	suite := junitSuite{Name: "glidepath conform (reading " + res.Reading + ")", Tests: s.Behaviours, Failures: s.Fail,
		Skipped: s.NotCovered, Time: "0",
		Properties: []junitProperty{{"corpus", res.Corpus}, {"client", res.Client}, {"reading", res.Reading},
			{"tolerance", strconv.FormatFloat(res.Tolerance, 'g', -1, 64)}}}
	for i := range res.Behaviours {
		b := &res.Behaviours[i]
		c := junitCase{Name: b.ID, ClassName: "conform." + strings.SplitN(b.ID, ".", 2)[0], Time: "0"}
		switch b.Result {
		case Fail:
			f := b.Failure
			var text strings.Builder
			fmt.Fprintf(&text, "%s\nsource: %s\ninput %s, object %s, tick %d: %s\n", b.Description, b.Source, f.Input, f.GUID, f.Tick, fieldsText(f))
			for _, r := range f.Retail {
				fmt.Fprintf(&text, "retail did: %s\n", r)
			}
			for _, c := range f.Causes {
				fmt.Fprintf(&text, "why (retail): %s\n", c)
			}
			c.Failure = &junitFailure{Message: f.Input + " tick " + strconv.Itoa(f.Tick) + ": " + fieldsText(f), Type: "divergence", Text: text.String()}
		case NotCovered:
			c.Skipped = &junitSkipped{Message: "not covered: no client trace of " + strings.Join(b.Inputs, ", ")}
		}
		suite.Cases = append(suite.Cases, c)
	}
	doc := junitSuites{Name: "glidepath conform", Tests: s.Behaviours, Failures: s.Fail, Time: "0", Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteMarkdown writes res as a Markdown summary.
func WriteMarkdown(w io.Writer, res *Result) error {
	p := &cli.ErrWriter{W: w}
	s := &res.Summary
	p.Printf("## Glidepath conformance: %d of %s pass\n\n", s.Pass, plural.Count(s.Behaviours, "behaviour"))
	p.Printf("Reading `%s`, tolerance %s m: %d pass, %d fail, %d not covered.\n\n", res.Reading,
		strconv.FormatFloat(res.Tolerance, 'g', -1, 64), s.Pass, s.Fail, s.NotCovered)
	p.Printf("| behaviour | inputs | result | first failure |\n|---|---|---|---|\n")
	for i := range res.Behaviours {
		b := &res.Behaviours[i]
		first := ""
		if b.Failure != nil {
			first = failureText(b.Failure)
		} else if b.Result == NotCovered {
			first = "no trace of " + strings.Join(b.Inputs, ", ")
		}
		p.Printf("| `%s` | %s | %s | %s |\n", b.ID, mdCell(strings.Join(b.Inputs, ", ")), resultText(b.Result), mdCell(first))
	}
	p.Printf("\nInputs:\n\n")
	for i := range res.Inputs {
		p.Printf("- `%s`: %s\n", res.Inputs[i].Name, mdCell(inputText(&res.Inputs[i])))
	}
	return p.Err
}

// mdCell keeps a table cell on one line and its pipes literal.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
