// The outputs a command line names are checked together before any work
// (internal/atomicfile decides what each path gets): an output naming a
// directory, two output flags naming one file, or an output naming an input
// is a usage error (exit 2), so a run never starts that would write one
// table over another, its trace over its recording, or a file into a
// directory's place.

package cli

import (
	"io"

	"glidepath/internal/atomicfile"
)

// Output is one output flag and the path it names.
type Output struct {
	Flag, Path string
}

// CheckOutputs checks outs against each other and against inputs; cmd
// names the subcommand in the message. Empty paths (flags not given) are
// skipped; an output "-" is standard output and an input "-" standard
// input, compared as the files they are.
func CheckOutputs(cmd string, inputs []string, outs ...Output) error {
	var seen []Output
	var targets []atomicfile.Target
	for _, o := range outs {
		if o.Path == "" {
			continue
		}
		path := o.Path
		if path == "-" {
			path = "/dev/stdout" // -trace -: compared as standard output
		}
		// Every problem Resolve finds is in the path as named: a
		// directory, a block device, a loop of links, a descriptor not open.
		t, err := atomicfile.Resolve(path)
		if err != nil {
			return BadInput("%s: %s %s: %v", cmd, o.Flag, o.Path, UnwrapPath(err))
		}
		for i, prev := range targets {
			if atomicfile.Same(prev, t) {
				return BadInput("%s: %s %s and %s %s name the same file; give each output a file of its own", cmd, seen[i].Flag, seen[i].Path, o.Flag, o.Path)
			}
		}
		for _, in := range inputs {
			if atomicfile.SameAsInput(t, in) {
				if in == "-" {
					in = "- (standard input)"
				}
				return BadInput("%s: %s %s would overwrite the input %s", cmd, o.Flag, o.Path, in)
			}
		}
		seen, targets = append(seen, o), append(targets, t)
	}
	return nil
}

// ReportTo is where a command prints its report: standard error when one
// of outs is standard output (-trace -, -o /dev/stdout, or the file the
// shell sent standard output to), so that the report never runs into the
// output; standard output otherwise.
func ReportTo(stdout, stderr io.Writer, outs ...string) io.Writer {
	for _, p := range outs {
		if p == "-" || p != "" && WritesStdout(p) {
			return stderr
		}
	}
	return stdout
}

// WritesStdout reports whether the output path is the process's standard
// output: named as a descriptor (/dev/stdout, /dev/fd/1), or the same
// file. A device shared by name (a terminal, /dev/null) does not count:
// `-trace /dev/null > /dev/null` keeps its report where it was.
func WritesStdout(path string) bool {
	t, err := atomicfile.Resolve(path)
	if err != nil || t.CharDevice() {
		return false
	}
	out, err := atomicfile.Resolve("/dev/stdout")
	return err == nil && atomicfile.Same(t, out)
}

// SamePath reports whether out, once resolved (links followed), is the
// input file in: the same path or the same device and inode. An output that
// cannot be resolved is not the input (its own error comes when it is
// written).
func SamePath(out, in string) bool {
	t, err := atomicfile.Resolve(out)
	if err != nil {
		return false
	}
	return atomicfile.SameAsInput(t, in)
}
