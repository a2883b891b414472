// Checks that a comparison compared something: a Glidepath trace whose
// header names another input is refused (its rows are of another run, and
// a different landblock or object must never "agree"), and so is a client
// trace none of whose rows matched an object of the run.

package clientdiff

import (
	"strconv"
	"strings"

	"glidepath/engine/clienttrace"
	"glidepath/internal/plural"
)

// inputExtensions are the endings stripped before two input names are
// compared: a scenario compiled to a recording (walk.yaml, walk.jsonl) or
// gzip-compressed (walk.jsonl.gz) is the same input.
var inputExtensions = []string{".gz", ".jsonl", ".json", ".yaml", ".yml", ".pcapng", ".pcap"}

// inputStem is the base name of a path without the input extensions.
func inputStem(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		path = path[i+1:]
	}
	for again := true; again; {
		again = false
		for _, ext := range inputExtensions {
			if len(path) > len(ext) && strings.HasSuffix(strings.ToLower(path), ext) {
				path, again = path[:len(path)-len(ext)], true
			}
		}
	}
	return path
}

// SameInput reports whether a Trace v1 header's input names input (a path
// as given): the same base name once the directory and the input
// extensions (.gz, .jsonl, .json, .yaml, .yml, .pcap, .pcapng) are
// stripped. A header without an input ("") names any.
func SameInput(header, input string) bool {
	return header == "" || inputStem(header) == inputStem(input)
}

// checkInput refuses a Trace v1 file whose header names another input
// than c's Options.Input (when that is set).
func (c *Comparer) checkInput(rd *clienttrace.Reader) error {
	if c.opts.Input == "" {
		return nil
	}
	header, line, ok := rd.Input()
	if !ok || SameInput(header, c.opts.Input) {
		return nil
	}
	return &clienttrace.Error{File: rd.Name(), Line: line, Field: "input",
		Problem: "the trace is of " + strconv.Quote(header) + ", not of " + strconv.Quote(baseName(c.opts.Input)) +
			": a trace of another input is never compared"}
}

// baseName is input's base name.
func baseName(input string) string {
	if i := strings.LastIndexAny(input, `/\`); i >= 0 {
		return input[i+1:]
	}
	return input
}

// NothingComparedError says no row of the client trace matched an object
// of the run: the comparison compared nothing, so it cannot agree.
type NothingComparedError struct {
	// Client is the client trace, Input the run's input.
	Client, Input string
	// Rows is the client's state rows; Objects its objects the run never
	// has; AfterRun its rows past the run's last tick, LastTick.
	Rows, Objects, AfterRun, LastTick int
}

func (e *NothingComparedError) Error() string {
	s := e.Client + ": no client row matched an object of the run"
	if e.Input != "" {
		s += " (" + e.Input + ")"
	}
	rows := plural.Count(e.Rows, "row")
	switch {
	case e.Rows == 0:
		s += ": the trace has no rows"
	case e.AfterRun == e.Rows:
		// Rows past the end are not looked at: whether their objects are
		// the run's is not known.
		s += ": its " + rows + " " + plural.Agree(e.Rows, "comes", "come") + " after the run's last tick, " + strconv.Itoa(e.LastTick)
	case e.AfterRun > 0:
		others := e.Rows - e.AfterRun
		s += ": " + strconv.Itoa(e.AfterRun) + " of its " + rows + " " + plural.Agree(e.AfterRun, "comes", "come") + " after the run's last tick, " +
			strconv.Itoa(e.LastTick) + "; " + plural.Agree(others, "the other names an object", "the others name objects") + " the run never has or " + notAlive(others)
	case e.Objects > 0:
		s += ": its " + rows + " " + plural.Agree(e.Rows, "names", "name") + " " + plural.Count(e.Objects, "object") +
			" the run never has, or " + notAlive(e.Rows)
	default:
		s += ": its " + rows + " " + notAlive(e.Rows)
	}
	return s + "; nothing was compared"
}

// notAlive says that n rows come at ticks their object is not alive.
func notAlive(n int) string {
	return plural.Agree(n, "comes at a tick its object is not alive", "come at ticks their object is not alive")
}
