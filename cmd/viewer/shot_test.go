// viewer shot end to end: the command line run in a subprocess, where it
// may open a window, writing a PNG of the asked size. Needs a display.

package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHelperViewerMain is not a test: run as a subprocess by the tests
// below, it runs the viewer's command line from GLIDEPATH_VIEWER_ARGS (separated by
// U+001F) and
// exits with its status.
func TestHelperViewerMain(t *testing.T) {
	args := os.Getenv("GLIDEPATH_VIEWER_ARGS")
	if args == "" {
		t.Skip("run as a subprocess only")
	}
	os.Exit(run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// viewerProcess runs the viewer's command line in a subprocess, where it
// may open a window.
func viewerProcess(t *testing.T, args ...string) (code int, output string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperViewerMain$")
	cmd.Env = append(os.Environ(), "GLIDEPATH_VIEWER_ARGS="+strings.Join(args, "\x1f"))
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

func needDisplay(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("needs a display: run under xvfb-run (make test-display)")
	}
}

// viewer shot renders a scenario at a tick to a PNG of the asked size and
// exits 0.
func TestShot_WritesAPNGOfTheAskedSize(t *testing.T) {
	needDisplay(t)
	out := filepath.Join(t.TempDir(), "wall.png")
	code, output := viewerProcess(t, "shot", "-tick", "200", "-size", "900x560", "-o", out, "-select", "0x80001301", "../../assets/scenarios/wall.yaml")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, output)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 900 || cfg.Height != 560 {
		t.Errorf("PNG is %d×%d, want 900×560", cfg.Width, cfg.Height)
	}
	if !strings.Contains(output, "wrote "+out) {
		t.Errorf("output %q does not say where", output)
	}
}

// viewer shot with two inputs of different lengths renders the tick past
// the shorter one's end (the cursor spans the longer), and -tick may go up
// to the longer input's last tick.
func TestShot_SeveralInputs(t *testing.T) {
	needDisplay(t)
	out := filepath.Join(t.TempDir(), "two.png")
	code, output := viewerProcess(t, "shot", "-tick", "700", "-size", "640x400", "-o", out, "-select", "0x80000C01",
		"../../assets/scenarios/runner.yaml", "../../ui/testdata/runner-slow.yaml")
	if code != 0 || !strings.Contains(output, "wrote "+out) {
		t.Fatalf("exit %d:\n%s", code, output)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}
