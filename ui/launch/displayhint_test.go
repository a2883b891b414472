package launch

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func TestDisplayHint(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the hint is for X11/Wayland systems")
	}
	base := errors.New("ui: no window system is available")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("DISPLAY", "")
	err := displayHint(base)
	if !errors.Is(err, base) || !strings.Contains(err.Error(), "xvfb-run -a viewer") {
		t.Errorf("without a display: got %v, want the error kept and the xvfb-run hint", err)
	}
	if displayHint(nil) != nil {
		t.Error("no error: got one")
	}
	t.Setenv("DISPLAY", ":99")
	if err := displayHint(base); err != base {
		t.Errorf("with DISPLAY set: got %v, want the error unchanged", err)
	}
}
