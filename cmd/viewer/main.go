// Command viewer is Glidepath: with no subcommand it opens the visual
// debugger; subcommands run the pipeline headless. main stays thin: it parses
// the command line and hands off to the packages that do the work.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"glidepath/internal/cli"
	"glidepath/internal/memguard"
	"glidepath/ui/mainthread"
)

// Exit statuses: the one rule every subcommand keeps (exitRule says it to
// the user; exit_test.go holds every subcommand to it). cli says what each
// means.
const (
	exitOK      = cli.ExitOK
	exitFailure = cli.ExitFailure
	exitUsage   = cli.ExitUsage
)

// exitRule is the exit-status rule as `viewer -h` and the README state it.
const exitRule = `exit status:
  0    success
  1    the environment failed: reading or writing a file (permissions, a
       missing directory, a full disk), or out of memory
  2    bad input or usage: flags, flag values that name nothing in the input,
       empty lists, out-of-range ticks, a malformed or over-limit input file
  130  interrupted by SIGINT, 143 by SIGTERM (partial outputs are removed)
  viewer diff also exits 1 when the traces differ.`

func main() {
	cli.WatchSignals(os.Stderr, doing(os.Args[1:]))
	if err := memguard.Guard(os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "viewer: %v\n", err)
		os.Exit(exitUsage)
	}
	// The command off the main thread, which Ebitengine's init locks: the
	// window alone needs it (ui/mainthread).
	os.Exit(mainthread.Serve(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) }))
}

// command is one subcommand of viewer.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands is the explicit table of subcommands, in the order usage lists them.
func commands() []command {
	return []command{
		{"open", "open the visual debugger (the default when no subcommand is given)", runOpen},
		{"run", "replay a recording, scenario or capture (.pcap, .pcapng, datagram JSONL) headless: trace and glide metrics", runRun},
		{"compile", "compile a scenario into a recording", runCompile},
		{"synth", "write a synthetic crowd recording (the benchmarks' load)", runSynth},
		{"import", "import a network capture (.pcap, .pcapng, datagram JSONL) into a recording and summarise it", runImport},
		{"diff", "compare a client's per-tick trace with the retail pipeline on the same input", runDiff},
		{"conform", "check a client's traces of the conformance corpus behaviour by behaviour (JUnit, Markdown)", runConform},
		{"shot", "render the viewer at one tick to a PNG and exit (needs a display)", runShot},
		{"export", "render a range of ticks to an animated GIF or numbered PNGs (needs a display)", runExport},
		{"whatif", "re-run an input beside itself under changed network conditions or reading choices", runWhatif},
		{"shrink", "delta-debug an input down to the fewest events that still show a condition", runShrink},
		{"pack", "write an evidence pack for one moment: shrunk recording, tables, cause chain, messages, GIF", runPack},
		{"dat", "show what a folder of client dat files holds, or decode one entry", runDat},
		{"live", "run the pipeline beside a client while it plays: a capture being written or an interface, its trace followed; alarms and packs", runLive},
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := commands()[0]
	if len(args) > 0 {
		for _, c := range commands() {
			if args[0] == c.name {
				cmd, args = c, args[1:]
				break
			}
		}
	}
	err := cmd.run(args, stdout, stderr)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, new(cli.StatusError)):
		var se cli.StatusError
		errors.As(err, &se)
		return se.Code
	default:
		fmt.Fprintf(stderr, "viewer: %v\n", err)
		var ue cli.UsageError
		var ie *cli.InterruptedError
		switch {
		case errors.As(err, &ie):
			return ie.ExitCode()
		case errors.As(err, &ue):
			return exitUsage
		}
		return exitFailure
	}
}

// newFlagSet returns a flag set that reports errors instead of exiting and
// prints usage naming the subcommand.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n", synopsis)
		if s := summary(name); s != "" {
			fmt.Fprintf(stderr, "\n%s\n\n", s)
		}
		if name == "viewer" {
			fmt.Fprintf(stderr, "\nsubcommands:\n")
			for _, c := range commands()[1:] {
				fmt.Fprintf(stderr, "  %-8s %s\n", c.name, c.summary)
			}
			fmt.Fprintf(stderr, "\nflags:\n")
		}
		fs.PrintDefaults()
		if name == "viewer" {
			fmt.Fprintf(stderr, "\n%s\n", exitRule)
		}
	}
	return fs
}

// conformInitSummary is what viewer conform init does, for its usage.
const conformInitSummary = "write the conformance corpus into DIR: its inputs, their retail traces and a manifest of the ticks where each behaviour shows"

// summary is the one line that says what the flag set's command does, from
// the commands table: the first line of its -h, after the synopsis.
func summary(name string) string {
	if name == "conform init" {
		return conformInitSummary
	}
	if name == "viewer" {
		name = "open"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.summary
		}
	}
	return ""
}

// parseFlags parses args, turning a flag error into a usage error (exit 2);
// -h and -help return flag.ErrHelp (exit 0) after printing usage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := checkRepeats(fs, args, false); err != nil {
		return err
	}
	if err := parseOnce(fs, args); err != nil {
		return err
	}
	// The flag package ends the flags at the first file: a flag after it
	// would be opened as a file ("open -tick: no such file").
	for _, a := range fs.Args() {
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if len(a) > 1 && a[0] == '-' && fs.Lookup(name) != nil {
			return cli.BadInput("%s comes after the files: give the flags before them (FILE may be ./%s if it is a file)", a, a)
		}
	}
	return nil
}

// doing names the subcommand a command line runs, for the watchdog's message.
func doing(args []string) string {
	if len(args) > 0 {
		for _, c := range commands()[1:] {
			if args[0] == c.name {
				return "running viewer " + c.name
			}
		}
	}
	return "running the viewer"
}

// parseOnce parses args up to the first file, turning a flag error into a
// usage error (exit 2); -h and -help return flag.ErrHelp.
func parseOnce(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return cli.UsageError{Err: err}
	}
	return nil
}

// checkRepeats refuses a flag given twice with two values (viewer compile
// IN -o a.jsonl -o b.jsonl): the flag package keeps the last value
// silently, so one of the two would be dropped without a word. The same
// value given again (-quiet -quiet, from a script's common flags) drops
// nothing and passes. Flags whose usage says "(repeatable)" (-truth-from,
// -set) collect every value and may repeat.
// With interspersed, flags may follow the files (parseInterspersed);
// otherwise the first file ends the flags, as in the flag package.
func checkRepeats(fs *flag.FlagSet, args []string, interspersed bool) error {
	seen := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if !interspersed {
				return nil
			}
			i++ // the next argument is a file, whatever it looks like
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			if !interspersed {
				return nil
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			continue // fs.Parse reports it
		}
		if !hasValue && !isBoolFlag(f) && i+1 < len(args) {
			i++
			value = args[i]
		}
		if strings.Contains(f.Usage, "(repeatable)") {
			continue
		}
		if first, ok := seen[name]; ok && first != value {
			prefix := ""
			if fs.Name() != "viewer" {
				prefix = fs.Name() + ": "
			}
			values := ""
			if first != "" || value != "" {
				values = " (" + strconv.Quote(first) + ", then " + strconv.Quote(value) + ")"
			}
			return cli.BadInput("%s-%s is given twice%s: give it once; only the flags -h marks (repeatable) may repeat",
				prefix, name, values)
		}
		seen[name] = value
	}
	return nil
}

// isBoolFlag says whether f stands alone (-quiet) rather than taking the
// next argument as its value.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
