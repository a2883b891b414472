// The exit-status rule (main.go, exitRule; README "The viewer command"),
// held over every subcommand by one table: 0 success, 1 a failure of the
// environment, 2 bad input or usage. A subcommand added to commands() without
// rows here fails TestExitStatus_EverySubcommandIsCovered.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
)

// exitCase is one command line and the status it must exit with.
type exitCase struct {
	name string
	args []string
	code int
	// want is a piece of the message on stderr (exit ≠ 0).
	want string
}

func exitCases(t *testing.T) []exitCase {
	dir := t.TempDir()
	jump := scenarioFile(t, "jump")
	copyOf := filepath.Join(dir, "copy.jsonl")
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copyOf, data, 0o644); err != nil {
		t.Fatal(err)
	}
	badClient := filepath.Join(dir, "bad-client.jsonl")
	if err := os.WriteFile(badClient, []byte(`{"tick":0,"guid":"A01","cell":"0x1","origin":[0,0,0]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	strangerClient := filepath.Join(dir, "stranger-client.jsonl")
	if err := os.WriteFile(strangerClient, []byte(`{"tick":0,"guid":"0x12345678","cell":"0xA9B4001F","origin":[0,0,0]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noDir := filepath.Join(dir, "no-such-dir")
	missing := filepath.Join(dir, "missing.jsonl")
	pcap, _ := enginetest.CaptureFile(t, "teleport", "teleport.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	badDat := damagedDatDir(t)
	// A copy of the capture named as a recording and as a table, to be
	// read by -truth-from.
	truthCopy, truthCSV := filepath.Join(dir, "truth.jsonl"), filepath.Join(dir, "truth.csv")
	if data, err := os.ReadFile(pcap); err != nil {
		t.Fatal(err)
	} else {
		for _, p := range []string{truthCopy, truthCSV} {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return append([]exitCase{
		// -dat (docs/world.md): a damaged dat or a folder without dats is
		// bad input naming the file or folder, for every subcommand that
		// runs the pipeline.
		{"open bad dat", []string{"-dat", badDat, farJump}, 2, "client_cell_1.dat"},
		{"run bad dat", []string{"run", "-dat", badDat, farJump}, 2, "client_cell_1.dat"},
		{"run dat folder missing", []string{"run", "-dat", noDir, farJump}, 2, "no-such-dir"},
		{"diff bad dat", []string{"diff", "-dat", badDat, farJump, badClient}, 2, "client_cell_1.dat"},
		{"shot bad dat", []string{"shot", "-dat", badDat, "-o", filepath.Join(dir, "s.png"), farJump}, 2, "client_cell_1.dat"},
		{"export bad dat", []string{"export", "-dat", badDat, "-o", filepath.Join(dir, "e.gif"), farJump}, 2, "client_cell_1.dat"},
		// -fps 0 is no frame rate: taken as the default, it wrote a GIF.
		{"export fps 0", []string{"export", "-fps", "0", "-o", filepath.Join(dir, "e.gif"), farJump}, 2, "-fps 0: want 1 to 50"},

		// viewer (open): success would open a window, so only failures here.
		{"open help", []string{"-h"}, 0, ""},
		{"open unknown flag", []string{"-speed", "2"}, 2, "-speed"},
		{"open missing input", []string{missing}, 2, "missing.jsonl"},
		{"open compare comma", []string{"-compare", ",", farJump}, 2, `-compare ","`},
		{"open compare empty", []string{"-compare=", farJump}, 2, `-compare ""`},
		{"open select absent", []string{"-select", "0x12345678", farJump}, 2, "-select 0x12345678"},
		{"open follow scenario", []string{"-follow", jump}, 2, "follow reads a recording"},
		{"open follow select absent in a scenario", []string{"-follow", "-select", "0x12345678", jump}, 2, "-select 0x12345678"},
		{"open track bad value", []string{"-track=maybe", farJump}, 2, "-track"},
		{"shot track bad value", []string{"shot", "-track=maybe", farJump}, 2, "-track"},
		{"open follow missing capture", []string{"-follow", "live.pcap"}, 2, "live.pcap"},
		{"run follow missing capture", []string{"run", "-follow", "live.pcap"}, 2, "live.pcap"},
		{"open follow nothing", []string{"-follow"}, 2, "name the recording to follow"},
		{"open follow missing", []string{"-follow", missing}, 2, "missing.jsonl"},
		{"open tick out of range", []string{"-tick", "100000", farJump}, 2, "-tick 100000"},

		{"run help", []string{"run", "-h"}, 0, ""},
		{"run", []string{"run", "-quiet", farJump}, 0, ""},
		{"run trace", []string{"run", "-quiet", "-trace", filepath.Join(dir, "t.jsonl"), farJump}, 0, ""},
		{"run no file", []string{"run"}, 2, "want one FILE"},
		{"diff vs one trace", []string{"diff", "-vs", farJumpWant}, 2, "-vs wants TRACE_A and TRACE_B, got 1 file\n"},
		{"diff vs with reading", []string{"diff", "-vs", "-reading", "seed", farJumpWant, farJumpWant}, 2, "-reading does not apply"},
		{"diff vs missing trace", []string{"diff", "-vs", farJumpWant, missing}, 2, "missing.jsonl"},
		{"diff vs bad trace", []string{"diff", "-vs", farJumpWant, badClient}, 2, "bad-client.jsonl:1"},
		{"diff vs stranger", []string{"diff", "-vs", farJumpWant, strangerClient}, 2, "nothing was compared"},
		{"diff vs same", []string{"diff", "-vs", farJumpWant, farJumpWant}, 0, ""},
		{"run bad filter", []string{"run", "-explain", "-filter", "error>>2", farJump}, 2, `"error>>2": at column 7`},
		{"run filter unknown kind", []string{"run", "-explain", "-filter", "blpi", farJump}, 2, `unknown kind "blpi"`},
		{"run filter batch without events", []string{"run", "-explain", "-filter", "blip", farJump, farJump}, 2, "give -events FILE"},
		{"run filter alone", []string{"run", "-filter", "blip", farJump}, 2, "give one of them"},
		{"run explain bad kinds", []string{"run", "-explain=blip,,snap", farJump}, 2, "kind= has an empty value"},
		{"run explain kinds disagree", []string{"run", "-explain=blip", "-explain-kinds", "snap", farJump}, 2, "disagree"},
		{"run missing input", []string{"run", missing}, 2, "missing.jsonl"},
		{"run compare empty", []string{"run", "-compare=", farJump}, 2, `-compare ""`},
		{"run compare comma", []string{"run", "-compare", ",", farJump}, 2, `-compare ","`},
		{"run negative ticks", []string{"run", "-ticks", "-1", farJump}, 2, "-ticks -1"},
		// -ticks 0 runs no tick: taken as the default, it ran the whole input.
		{"run zero ticks", []string{"run", "-ticks", "0", farJump}, 2, "-ticks 0: want a positive number"},
		{"run zero ticks, several inputs", []string{"run", "-ticks=0", "-metrics", filepath.Join(dir, "z.csv"), farJump, farJump}, 2, "-ticks 0: want a positive number"},
		// One reading compares nothing: it printed a plain run.
		{"run compare one reading", []string{"run", "-compare", " ace, ", farJump}, 2, `-compare " ace, " names one reading: nothing to compare it with; give two or more (-compare ace,seed)`},
		{"run compare one reading, select", []string{"run", "-compare", "seed", "-select", "0x1", farJump}, 2, `-compare "seed" names one reading`},
		{"run compare one reading, several inputs", []string{"run", "-compare", "seed", "-quiet", farJump, farJump}, 2, `-compare "seed" names one reading`},
		{"run ticks past 48 h", []string{"run", "-ticks", "1000000000000", farJump}, 2, "more than the limit of 5184000 ticks"},
		{"run trace over input", []string{"run", "-trace", copyOf, copyOf}, 2, "would overwrite the input"},
		{"run two tables in one file", []string{"run", "-states", filepath.Join(dir, "same.csv"), "-events", filepath.Join(dir, "same.csv"), farJump}, 2, "name the same file"},
		{"run follow scenario", []string{"run", "-follow", jump}, 2, "follow reads a recording"},
		{"run follow missing input", []string{"run", "-follow", missing}, 2, "missing.jsonl"},
		{"run follow with trace", []string{"run", "-follow", "-trace", filepath.Join(dir, "t.jsonl"), farJump}, 2, "cannot be combined with -trace"},
		{"run idle without follow", []string{"run", "-idle", "5s", farJump}, 2, "-idle works with -follow only"},
		{"run follow several inputs", []string{"run", "-follow", farJump, farJump}, 2, "-follow follows one FILE"},
		{"run follow with tables", []string{"run", "-follow", "-metrics", filepath.Join(dir, "m.csv"), farJump}, 2, "cannot be combined with -states"},
		{"run follow idle", []string{"run", "-follow", "-idle", "100ms", "-quiet", farJump}, 0, ""},
		// Standard input is read to its writer's end: -idle would be dropped.
		{"run follow idle on standard input", []string{"run", "-follow", "-idle", "1s", "-"}, 2, "-idle 1s: standard input is a stream"},
		{"run trace in missing directory", []string{"run", "-trace", filepath.Join(noDir, "t.jsonl"), farJump}, 1, "no-such-dir"},

		{"compile help", []string{"compile", "-h"}, 0, ""},
		{"compile", []string{"compile", jump, "-o", filepath.Join(dir, "jump.jsonl")}, 0, ""},
		{"compile without -o", []string{"compile", jump}, 2, "-o OUT.jsonl[.gz] is required"},
		{"compile missing input", []string{"compile", filepath.Join(dir, "missing.yaml"), "-o", filepath.Join(dir, "x.jsonl")}, 2, "missing.yaml"},
		{"compile over input", []string{"compile", jump, "-o", jump}, 2, "would overwrite the input"},
		{"compile in missing directory", []string{"compile", jump, "-o", filepath.Join(noDir, "x.jsonl")}, 1, "no-such-dir"},

		{"import help", []string{"import", "-h"}, 0, ""},
		{"import", []string{"import", pcap, "-o", filepath.Join(dir, "imported.jsonl")}, 0, ""},
		{"import events table", []string{"import", pcap, "-o", filepath.Join(dir, "imported2.jsonl"), "-events", filepath.Join(dir, "imported.parquet")}, 0, ""},
		{"import events table format", []string{"import", pcap, "-o", filepath.Join(dir, "x.jsonl"), "-events", filepath.Join(dir, "e.json")}, 2, "e.json"},
		{"import events over recording", []string{"import", pcap, "-o", filepath.Join(dir, "x.csv"), "-events", filepath.Join(dir, "x.csv")}, 2, "name the same file"},
		{"import events in missing directory", []string{"import", pcap, "-o", filepath.Join(dir, "x.jsonl"), "-events", filepath.Join(noDir, "e.csv")}, 1, "no-such-dir"},
		{"import without -o", []string{"import", pcap}, 2, "-o OUT.jsonl[.gz] is required"},
		{"import not a capture", []string{"import", farJump, "-o", filepath.Join(dir, "x.jsonl")}, 2, "not a capture"},
		{"import missing input", []string{"import", filepath.Join(dir, "missing.pcap"), "-o", filepath.Join(dir, "x.jsonl")}, 2, "missing.pcap"},
		{"import bad player", []string{"import", pcap, "-player", "zz", "-o", filepath.Join(dir, "x.jsonl")}, 2, "-player"},
		{"import absent player", []string{"import", pcap, "-player", "0x12345678", "-o", filepath.Join(dir, "x.jsonl")}, 2, "-player 0x12345678"},
		{"import over input", []string{"import", pcap, "-o", pcap}, 2, "would overwrite the input"},
		{"import in missing directory", []string{"import", pcap, "-o", filepath.Join(noDir, "x.jsonl")}, 1, "no-such-dir"},
		{"run capture", []string{"run", "-quiet", pcap}, 0, ""},
		// Port 0 is no port: taken as the default, it read every port.
		// An output over a file read beside the input — a -truth-from
		// capture, shrink's client trace — replaced it.
		{"import over its truth capture", []string{"import", pcap, "-truth-from", truthCopy, "-o", truthCopy}, 2, "-o " + truthCopy + " would overwrite the input"},
		{"run trace over its truth capture", []string{"run", "-quiet", "-trace", truthCopy, "-truth-from", truthCopy, pcap}, 2, "-trace " + truthCopy + " would overwrite the input"},
		{"diff table over its truth capture", []string{"diff", "-states", truthCSV, "-truth-from", truthCSV, pcap, strangerClient}, 2, "-states " + truthCSV + " would overwrite the input"},
		{"whatif table over its truth capture", []string{"whatif", "-metrics", truthCSV, "-truth-from", truthCSV, pcap}, 2, "-metrics " + truthCSV + " would overwrite the input"},
		{"shrink over its truth capture", []string{"shrink", "-keep", "blip", "-truth-from", truthCopy, "-o", truthCopy, pcap}, 2, "-o " + truthCopy + " would overwrite the input"},
		{"shrink over its client trace", []string{"shrink", "-keep-divergence", copyOf, "-o", copyOf, farJump}, 2, "-o " + copyOf + " would overwrite the input"},
		// The window's -whatif sets reading fields only: a constant is
		// refused naming the subcommand that takes it.
		{"open whatif constant", []string{"-whatif", "-set max_interpolated_velocity=10", farJump}, 2, "-set max_interpolated_velocity: a retail constant: the window's -whatif sets reading fields only; `viewer whatif -set max_interpolated_velocity=10` runs it headless"},
		{"run capture port 0", []string{"run", "-quiet", "-server-port", "0", pcap}, 2, "-server-port 0: want a UDP port, 1–65535"},
		{"import capture port 0", []string{"import", pcap, "-server-port=0", "-o", filepath.Join(dir, "port0.jsonl")}, 2, "-server-port 0: want a UDP port"},

		{"synth help", []string{"synth", "-h"}, 0, ""},
		{"synth", []string{"synth", "-objects", "2", "-minutes", "0.1", "-o", filepath.Join(dir, "crowd.jsonl")}, 0, ""},
		{"synth without -o", []string{"synth", "-objects", "2", "-minutes", "1"}, 2, "-o FILE is required"},
		{"synth no objects", []string{"synth", "-objects", "0", "-minutes", "1", "-o", filepath.Join(dir, "c.jsonl")}, 2, "-objects"},
		{"synth in missing directory", []string{"synth", "-objects", "2", "-minutes", "0.1", "-o", filepath.Join(noDir, "c.jsonl")}, 1, "no-such-dir"},

		{"diff help", []string{"diff", "-h"}, 0, ""},
		{"diff own trace", []string{"diff", farJump, farJumpWant}, 0, ""},
		{"diff other reading", []string{"diff", "-reading", "legacy", farJump, farJumpWant}, 1, ""},
		{"diff tables", []string{"diff", "-states", filepath.Join(dir, "diff-s.parquet"), "-events", filepath.Join(dir, "diff-e.csv"),
			"-metrics", filepath.Join(dir, "diff-m.csv.gz"), farJump, farJumpWant}, 0, ""},
		{"diff table format", []string{"diff", "-states", filepath.Join(dir, "s.txt"), farJump, farJumpWant}, 2, "s.txt"},
		{"diff table in missing directory", []string{"diff", "-metrics", filepath.Join(noDir, "m.parquet"), farJump, farJumpWant}, 1, "no-such-dir"},
		{"diff one file", []string{"diff", farJump}, 2, "want INPUT (a recording or scenario) and CLIENT_TRACE, got 1 file\n"},
		{"diff missing client trace", []string{"diff", farJump, missing}, 2, "missing.jsonl"},
		{"diff negative tolerance", []string{"diff", "-tol", "-1", farJump, farJumpWant}, 2, "-tol -1"},
		{"diff stdin twice", []string{"diff", "-", "-"}, 2, "standard input can be read once"},
		{"diff vs stdin twice", []string{"diff", "-vs", "-", "-"}, 2, "standard input can be read once"},

		// shot: success needs a display (shot_test.go); these fail before
		// any window opens.
		{"shot help", []string{"shot", "-h"}, 0, ""},
		{"shot unknown flag", []string{"shot", "-speed", "2"}, 2, "-speed"},
		{"shot not png", []string{"shot", "-o", "x.gif", farJump}, 2, ".png"},
		{"shot bad layout", []string{"shot", "-layout", "tiles", farJump}, 2, `-layout "tiles"`},
		{"export bad layout", []string{"export", "-layout", "tiles", farJump}, 2, `-layout "tiles"`},
		{"shot compare comma", []string{"shot", "-compare", ",", farJump}, 2, `-compare ","`},
		{"shot select absent", []string{"shot", "-select", "0x12345678", farJump}, 2, "has no object with this guid"},
		{"shot tick out of range", []string{"shot", "-tick", "-5", farJump}, 2, "-tick -5"},
		{"shot missing input", []string{"shot", missing}, 2, "missing.jsonl"},
		{"shot against a bad client trace", []string{"shot", "-against", badClient, farJump}, 2, "bad-client.jsonl:1: guid"},
		{"diff bad client trace", []string{"diff", farJump, badClient}, 2, "bad-client.jsonl:1: guid"},
		{"diff nothing compared", []string{"diff", farJump, strangerClient}, 2, "no client row matched"},
		{"diff trace of another input", []string{"diff", jump, farJumpWant}, 2, "far_jump.trace.golden:1: input"},

		// export: success needs a display (export_test.go); these fail
		// before any window opens.
		{"export help", []string{"export", "-h"}, 0, ""},
		{"export no file", []string{"export"}, 2, "want one FILE"},
		{"export select absent", []string{"export", "-select", "0x12345678", "-o", filepath.Join(dir, "x.gif"), farJump}, 2, "-select 0x12345678"},
		{"shot against naming nothing", []string{"shot", "-against", strangerClient, farJump}, 2, "-against " + strangerClient},
		{"run player of a recording", []string{"run", "-player", "0x50000001", farJump}, 2, "-player 0x50000001"},
		{"run absent player", []string{"run", "-player", "0x12345678", pcap}, 2, "-player 0x12345678"},
		{"export from outside the run", []string{"export", "-from", "5000", farJump}, 2, "-from 5000: outside the run, which has ticks 0 to 105"},
		{"export to outside the run", []string{"export", "-to", "-2", farJump}, 2, "-to -2: outside the run"},
		{"export to in seconds outside the run", []string{"export", "-to", "60s", farJump}, 2, "-to 60s: outside the run"},
		{"export from after to", []string{"export", "-from", "50", "-to", "40", farJump}, 2, "-from 50 is after -to 40"},
		{"export bad tick", []string{"export", "-from", "soon", farJump}, 2, `-from "soon"`},
		{"export png file", []string{"export", "-o", "x.png", farJump}, 2, "want OUT.gif"},
		{"export fps", []string{"export", "-fps", "500", farJump}, 2, "-fps 500"},
		{"run select batch", []string{"run", "-compare", "seed,ace", "-select", "0x80000A01", farJump, farJump}, 2, "run: -select 0x80000A01 narrows one input's first difference"},
		{"run explain batch", []string{"run", "-explain", farJump, farJump}, 2, "run: -explain lists one input's cause chains"},
		{"run explain jobs", []string{"run", "-explain=blip", "-jobs", "2", farJump}, 2, "run: -explain lists one input's cause chains"},
		{"run long json", []string{"run", "-long", "-json", farJump}, 2, "run: -long lays out the text report"},
		{"run long quiet", []string{"run", "-long", "-quiet", farJump}, 2, "run: -long lays out the text report"},
		{"run snappy without a parquet table", []string{"run", "-snappy", "-events", filepath.Join(dir, "e.csv"), farJump}, 2, "run: -snappy compresses the events and metrics Parquet tables"},
		{"diff snappy without a table", []string{"diff", "-snappy", farJump, farJump}, 2, "diff: -snappy compresses"},
		{"export fps for numbered PNGs", []string{"export", "-fps", "10", "-o", filepath.Join(dir, "frames"), farJump}, 2, "-fps 10: numbered PNGs have no frame rate"},
		{"export over input", []string{"export", "-o", copyOf, copyOf}, 2, "would overwrite the input"},
		{"export into a directory of other files", []string{"export", "-o", dir, farJump}, 2, "not an exported frame"},
		{"export missing input", []string{"export", missing}, 2, "missing.jsonl"},
		{"export gif in missing directory", []string{"export", "-o", filepath.Join(noDir, "x.gif"), farJump}, 1, "no-such-dir"},
		{"export pngs in missing directory", []string{"export", "-o", filepath.Join(noDir, "frames"), farJump}, 1, "no-such-dir"},
	}, append(append(append(datExitCases(t, dir), issue32ExitCases(t, dir)...), conformExitCases(t, dir)...), liveExitCases(t, dir)...)...)
}

func TestExitStatus_EverySubcommandKeepsTheRule(t *testing.T) {
	t.Setenv("DISPLAY", "") // no case may open a window
	for _, c := range exitCases(t) {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := viewer(t, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.code, errs)
			}
			if c.code != 0 && !strings.Contains(errs, c.want) {
				t.Errorf("stderr %q lacks %q", errs, c.want)
			}
			if strings.Contains(errs, "goroutine ") || strings.Contains(errs, "panic") {
				t.Errorf("stderr has a stack trace: %s", errs)
			}
		})
	}
}

// Every subcommand has rows, including a success or help row and a usage
// row, so a new subcommand cannot skip the rule.
func TestExitStatus_EverySubcommandIsCovered(t *testing.T) {
	seen := map[string]map[int]bool{}
	for _, c := range exitCases(t) {
		sub := "open"
		if len(c.args) > 0 {
			for _, cmd := range commands() {
				if c.args[0] == cmd.name {
					sub = cmd.name
				}
			}
		}
		if seen[sub] == nil {
			seen[sub] = map[int]bool{}
		}
		seen[sub][c.code] = true
	}
	for _, cmd := range commands() {
		if !seen[cmd.name][0] || !seen[cmd.name][2] {
			t.Errorf("subcommand %s: the exit-status table needs a row exiting 0 and one exiting 2 (has %v)", cmd.name, seen[cmd.name])
		}
	}
}

// A failed output leaves nothing behind: not the target, not a temporary
// file.
func TestExitStatus_FailedOutputLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, append(data, []byte("{\"t\":1e9,\"type\":\"note\",\"text\":\"\"}\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.jsonl")
	if code, _, errs := viewer(t, "run", "-trace", out, bad); code != 2 {
		t.Fatalf("exit %d, want 2: %s", code, errs)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("directory holds %d entries, want only bad.jsonl", len(ents))
	}
}

// Events of unknown types are skipped with one warning naming how many,
// their types and the first line; the run still succeeds.
func TestRun_WarnsOfSkippedEventTypes(t *testing.T) {
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	extra := []string{`{"t":0.5,"type":"sound","id":7}` + "\n", `{"t":0.6,"type":"emote"}` + "\n", `{"t":0.7,"type":"sound"}` + "\n"}
	withUnknown := strings.Join(lines[:3], "") + strings.Join(extra, "") + strings.Join(lines[3:], "")
	path := filepath.Join(t.TempDir(), "future.jsonl")
	if err := os.WriteFile(path, []byte(withUnknown), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := viewer(t, "run", "-quiet", path)
	want := "viewer: warning: " + path + ":4: skipped 3 events of unknown type (sound, emote), the first on this line\n"
	if code != 0 || errs != want {
		t.Fatalf("exit %d, stderr %q; want 0 and %q", code, errs, want)
	}
	if code, _, errs := viewer(t, "run", "-quiet", farJump); code != 0 || errs != "" {
		t.Fatalf("without unknown events: exit %d, stderr %q; want no warning", code, errs)
	}
}
