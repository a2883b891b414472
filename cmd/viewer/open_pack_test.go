// The window's Shift+P: the pack subcommand run as a child process into a
// folder next to the input, its progress and last word for the status line.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/ui"
)

// helperPackCommand runs the viewer's command line in this test binary
// (TestHelperViewerMain), without a display so the pack leaves the GIF out.
func helperPackCommand(args []string) (*exec.Cmd, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperViewerMain$")
	cmd.Env = append(os.Environ(), "GLIDEPATH_VIEWER_ARGS="+strings.Join(args, "\x1f"), "DISPLAY=", "WAYLAND_DISPLAY=")
	return cmd, nil
}

func TestWindowPacker_SavesNextToTheInput(t *testing.T) {
	old := packCommand
	packCommand = helperPackCommand
	t.Cleanup(func() { packCommand = old })
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "far_jump.jsonl")
	if err := os.WriteFile(input, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr, opts := windowOptions(t, "-paused", input)
	if code != exitOK || opts.SavePack == nil {
		t.Fatalf("viewer %s: exit %d, %s; want the window with Shift+P", input, code, stderr)
	}
	windowPacker := opts.SavePack // the window's Shift+P (ui/launch/open_pack.go)
	var steps []string
	msg := windowPacker(ui.PackRequest{File: input, Tick: 32, Reading: "seed"}, func(s string) { steps = append(steps, s) })
	want := filepath.Join(dir, "far_jump-pack-32")
	if !strings.HasPrefix(msg, "saved the evidence pack "+want+" (blip of 0x") {
		t.Fatalf("message %q, want the pack %s of the blip", msg, want)
	}
	for _, f := range packFilesWithoutGIF {
		if _, err := os.Stat(filepath.Join(want, f)); err != nil {
			t.Errorf("the pack lacks %s: %v", f, err)
		}
	}
	if len(steps) == 0 || !strings.HasPrefix(steps[0], "saving far_jump-pack-32: ") {
		t.Errorf("progress %q", steps)
	}
	// No event near the moment: the pack's own reason, nothing written.
	msg = windowPacker(ui.PackRequest{File: input, Tick: 32, Select: 0x80009999, Reading: "seed"}, func(string) {})
	if !strings.HasPrefix(msg, "evidence pack not saved: pack: -select 0x80009999") {
		t.Errorf("message %q, want the pack's reason", msg)
	}
	if _, err := os.Stat(want + "-2"); !os.IsNotExist(err) {
		t.Errorf("a failed pack left %s-2 (%v)", want, err)
	}
	// The what-if run is not an input of its own.
	if msg := windowPacker(ui.PackRequest{File: input, Tick: 32, Reading: "seed@whatif"}, func(string) {}); !strings.Contains(msg, "original") {
		t.Errorf("what-if reading: %q", msg)
	}
}
