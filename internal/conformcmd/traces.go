// A client's traces: the folder -client names, one file per corpus input
// (NAME.jsonl, NAME.jsonl.gz or NAME.csv), each a regular file; a file
// naming no input is bad input, never skipped.

package conformcmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"glidepath/internal/cli"
	"glidepath/internal/plural"
)

// clientTraces maps each input's name to its trace in dir. A NAME.jsonl
// that names no input is bad input: it was meant for something this corpus
// does not have, and comparing nothing must never look like agreement.
func clientTraces(dir, corpus string, m *Manifest, stderr io.Writer) (map[string]string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, cli.BadInput("conform: -client %s: %v", dir, unwrapPath(err))
	}
	if !st.IsDir() {
		return nil, cli.BadInput("conform: -client %s: not a folder (want a folder of NAME%s traces, one per input)", dir, TraceExt)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("conform: -client %s: %v", dir, unwrapPath(err))
	}
	names := map[string]string{}
	for i := range m.Inputs {
		names[m.Inputs[i].Name] = m.Inputs[i].Name
	}
	out := map[string]string{}
	var ignored []string
	for _, e := range entries {
		name := e.Name()
		stem, isTrace := traceStem(name)
		if e.IsDir() || !isTrace {
			ignored = append(ignored, name)
			continue
		}
		in, ok := names[stem]
		if !ok {
			return nil, cli.BadInput("conform: %s: a trace for no input of %s (its inputs are %s)",
				filepath.Join(dir, name), corpus, strings.Join(inputNames(m), ", "))
		}
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err != nil {
			return nil, cli.BadInput("conform: %s: %v", path, unwrapPath(err))
		} else if !fi.Mode().IsRegular() {
			return nil, cli.BadInput("conform: %s: %s, not a regular file", path, kindOf(fi.Mode()))
		}
		if other := out[in]; other != "" {
			return nil, cli.BadInput("conform: %s and %s: two traces of input %s", other, path, in)
		}
		out[in] = path
	}
	if len(ignored) > 0 {
		sort.Strings(ignored)
		fmt.Fprintf(stderr, "conform: warning: %s: %s not named NAME%s (or NAME%s, NAME%s) %s not read: %s\n",
			dir, plural.Count(len(ignored), "entry"), TraceExt, TraceExt+".gz", ".csv", plural.Agree(len(ignored), "was", "were"), strings.Join(ignored, ", "))
	}
	return out, nil
}

// traceStem is the input name a client trace's file name gives: NAME.jsonl
// (Client trace v1's JSON Lines or a Trace v1 file), NAME.jsonl.gz
// compressed, or NAME.csv.
func traceStem(name string) (string, bool) {
	for _, ext := range []string{TraceExt, TraceExt + ".gz", ".csv"} {
		if len(name) > len(ext) && strings.HasSuffix(name, ext) {
			return strings.TrimSuffix(name, ext), true
		}
	}
	return "", false
}

// kindOf names a file mode that is not a regular file's.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "is a directory"
	case m&os.ModeNamedPipe != 0:
		return "is a FIFO"
	case m&os.ModeSocket != 0:
		return "is a socket"
	case m&os.ModeDevice != 0:
		return "is a device"
	}
	return "is a special file"
}
