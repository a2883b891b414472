// conform -junit and -md: the XML against the Jenkins JUnit schema, and
// the counts of both against the table.

package conformcmd

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

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
