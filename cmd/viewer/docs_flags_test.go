// The command line and its docs agree: every flag a subcommand's -h prints
// is documented (docs/viewer.md, or the page that documents that
// subcommand), every flag a documented command line gives exists on its
// subcommand, and each -h says in one line what the subcommand does.

package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// helpFlags runs `viewer ARGS -h` and returns the flags its usage lists
// and the usage text.
func helpFlags(t *testing.T, args ...string) (map[string]bool, string) {
	t.Helper()
	code, _, stderr := viewerCmd(append(args, "-h")...)
	if code != exitOK {
		t.Fatalf("viewer %s -h: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([\w-]+)`).FindAllStringSubmatch(stderr, -1) {
		flags[m[1]] = true
	}
	return flags, stderr
}

// flagDocs are the pages, besides docs/viewer.md, that document a
// subcommand's flags.
var flagDocs = map[string][]string{
	"run":     {"docs/formats.md", "docs/real-sessions.md"},
	"diff":    {"docs/formats.md", "docs/real-sessions.md"},
	"import":  {"docs/real-sessions.md", "docs/formats.md"},
	"whatif":  {"docs/formats.md"},
	"synth":   {"README.md", "docs/benchmarks.md"},
	"conform": {"docs/clients.md"},
	"dat":     {"docs/world.md"},
	"live":    {"docs/live.md"},
	"shot":    {"docs/web.md"},
}

// docFlagRE is a flag written in a doc: `-name`, not part of a word, a
// number (-5) or a longer flag.
var docFlagRE = regexp.MustCompile(`(?:^|[\s\x60(\[|,])-([a-z][a-z0-9-]*)`)

func readDoc(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docFlags is every flag written in the docs named.
func docFlags(t *testing.T, docs ...string) map[string]bool {
	out := map[string]bool{}
	for _, d := range docs {
		for _, m := range docFlagRE.FindAllStringSubmatch(readDoc(t, d), -1) {
			out[m[1]] = true
		}
	}
	return out
}

func TestDocs_EveryHelpFlagIsDocumented(t *testing.T) {
	for _, c := range commands() {
		args := []string{c.name}
		if c.name == "open" {
			args = nil
		}
		flags, _ := helpFlags(t, args...)
		if len(flags) == 0 {
			t.Errorf("viewer %s -h lists no flags", c.name)
		}
		documented := docFlags(t, append([]string{"docs/viewer.md"}, flagDocs[c.name]...)...)
		var missing []string
		for f := range flags {
			if !documented[f] {
				missing = append(missing, "-"+f)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("viewer %s -h prints %s, which docs/viewer.md %v never mention", c.name, strings.Join(missing, ", "), flagDocs[c.name])
		}
	}
}

// Each subcommand's -h says in one line what it does: the commands table's
// summary, right after the synopsis.
func TestUsage_SaysWhatTheSubcommandDoes(t *testing.T) {
	cases := map[string][]string{"open": nil, "conform init": {"conform", "init"}}
	for _, c := range commands() {
		if _, ok := cases[c.name]; !ok {
			cases[c.name] = []string{c.name}
		}
	}
	for name, args := range cases {
		_, usage := helpFlags(t, args...)
		want := summary(name)
		if want == "" || strings.Contains(want, "\n") {
			t.Errorf("%s: summary %q: want one line", name, want)
			continue
		}
		// The synopsis (one or more lines), a blank line, the summary.
		parts := strings.SplitN(usage, "\n\n", 3)
		if len(parts) < 2 || !strings.HasPrefix(parts[0], "usage: ") || parts[1] != want {
			t.Errorf("viewer %s -h: want the synopsis, then %q on a line of its own; got:\n%s", name, want, clipOutput(usage))
		}
	}
}

// docCommandRE finds a command line in a doc: in backticks or at the start
// of a line of a code block (after an optional "$ ").
var docCommandRE = regexp.MustCompile("(?m)(?:`|^\\$ |^)(?:go run \\./cmd/viewer|viewer)((?: [^`\\n]*)?)")

func TestDocs_EveryDocumentedFlagExists(t *testing.T) {
	flags := map[string]map[string]bool{}
	for _, c := range commands() {
		args := []string{c.name}
		if c.name == "open" {
			args = nil
		}
		flags[c.name], _ = helpFlags(t, args...)
	}
	docs := []string{"README.md", "DEVELOPERS.md"}
	mds, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	for _, m := range mds {
		docs = append(docs, "docs/"+filepath.Base(m))
	}
	quoted := regexp.MustCompile(`'[^']*'|"[^"]*"`)
	checked := 0
	for _, d := range docs {
		for _, m := range docCommandRE.FindAllStringSubmatch(readDoc(t, d), -1) {
			line := strings.ReplaceAll(m[1], `\|`, "|")
			// What the command line runs ends at a pipe, a redirection, a
			// comment or the prose after it.
			if i := strings.IndexAny(line, "|<>#;"); i >= 0 {
				line = line[:i]
			}
			words := strings.Fields(quoted.ReplaceAllString(line, "''"))
			sub := "open"
			if len(words) > 0 && flags[words[0]] != nil {
				sub, words = words[0], words[1:]
			}
			for _, w := range words {
				if !strings.HasPrefix(w, "-") || len(w) < 2 || w[1] < 'a' || w[1] > 'z' {
					continue
				}
				// -states/-events/-metrics names three flags.
				for _, name := range strings.Split(w, "/") {
					name = strings.TrimPrefix(name, "-")
					if i := strings.IndexAny(name, "=[,.…)"); i >= 0 {
						name = name[:i]
					}
					if name == "" || name == "h" || name == "help" {
						continue
					}
					checked++
					if !flags[sub][name] {
						t.Errorf("%s: `viewer%s`: viewer %s has no flag -%s", d, m[1], sub, name)
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d flags of documented command lines: the docs' command lines were not found", checked)
	}
}

// synopsisFlagRE is a flag named in a usage line: -name after a space, a
// bracket, a parenthesis or a bar ([-tick N], (-at TICK | -bookmark NAME)).
var synopsisFlagRE = regexp.MustCompile(`(?:^|[\s\[(|])-([a-z][a-z0-9-]*)`)

// oldNameRE is the help of a flag kept under its old name: it names the
// flag that took its place.
var oldNameRE = regexp.MustCompile(`^the old name of -([a-z][a-z0-9-]*)`)

// helpEntries are the flags PrintDefaults lists in usage, each with its
// help text (on its own line, or on the flag's line for a one-letter flag).
func helpEntries(usage string) map[string]string {
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^  -([\w-]+)[^\n\t]*(?:\t([^\n]*)|\n\s+\t?([^\n]*))`)
	for _, m := range re.FindAllStringSubmatch(usage, -1) {
		out[m[1]] = strings.TrimSpace(m[2] + m[3])
	}
	return out
}

// The usage line (the synopsis `viewer X -h` prints first) names every
// flag the subcommand takes: a flag left out of it was found only by
// reading on through the defaults (viewer run's -snappy and -truth-from
// were). A flag kept under an old name (shot's and export's -follow, the
// old name of -track) needs only the new name there.
func TestUsage_SynopsisNamesEveryFlag(t *testing.T) {
	cases := map[string][]string{"open": nil, "conform init": {"conform", "init"}}
	for _, c := range commands() {
		if _, ok := cases[c.name]; !ok {
			cases[c.name] = []string{c.name}
		}
	}
	checked := 0
	for name, args := range cases {
		_, usage := helpFlags(t, args...)
		synopsis, _, _ := strings.Cut(usage, "\n\n")
		named := map[string]bool{}
		for _, m := range synopsisFlagRE.FindAllStringSubmatch(synopsis, -1) {
			named[m[1]] = true
		}
		entries := helpEntries(usage)
		if name != "conform init" && len(entries) == 0 {
			t.Errorf("viewer %s -h: no flags found in:\n%s", name, clipOutput(usage))
		}
		var missing []string
		for f, help := range entries {
			checked++
			if named[f] {
				continue
			}
			if m := oldNameRE.FindStringSubmatch(help); m != nil && named[m[1]] {
				continue
			}
			missing = append(missing, "-"+f)
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("viewer %s -h: the usage line %q does not name %s", name, synopsis, strings.Join(missing, ", "))
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d flags: the usage texts were not read", checked)
	}
}

// TestUsage_HelpEntries: the reader of PrintDefaults' text the test above
// relies on, on text written by the flag package itself (a one-letter
// flag's help on its line, a longer one's on the next, a bool's with no
// type).
func TestUsage_HelpEntries(t *testing.T) {
	var b strings.Builder
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(&b)
	fs.String("o", "", "write to `file`")
	fs.Bool("o2", false, "a bool")
	fs.Int("tick", 0, "tick `N`")
	fs.Bool("follow", false, "the old name of -track here")
	fs.PrintDefaults()
	got := helpEntries(b.String())
	want := map[string]string{"o": "write to file", "o2": "a bool", "tick": "tick N", "follow": "the old name of -track here"}
	if len(got) != len(want) {
		t.Fatalf("helpEntries = %q, want %q\nfrom:\n%s", got, want, b.String())
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("helpEntries[%q] = %q, want %q\nfrom:\n%s", k, got[k], v, b.String())
		}
	}
}
