//go:build !js

// Export from the window: the E key asks for the ticks between two
// bookmarks; this runs `viewer export` for it as a child process (the
// window keeps its own state and goes on working) with the window's
// readings, camera and selection, writing NAME-ticksFROM-TO.gif next to the
// input.

package launch

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/ui"
)

// windowExporter returns the ui's ExportRange under readings (the selected
// first).
func windowExporter(readings []string) func(ui.ExportRequest) string {
	return func(r ui.ExportRequest) string {
		file := r.File
		exe, err := os.Executable()
		if err != nil {
			return "export failed: " + err.Error()
		}
		out := exportName(file, r.From, r.To)
		args := []string{"export", "-from", fmt.Sprint(r.From), "-to", fmt.Sprint(r.To), "-camera", r.Camera.String(), "-o", out}
		if len(readings) > 1 {
			args = append(args, "-reading", readings[0], "-compare", strings.Join(readings, ","))
		} else if len(readings) == 1 {
			args = append(args, "-reading", readings[0])
		}
		if r.Select != 0 {
			args = append(args, "-select", hexid.String(r.Select))
		}
		cmd := exec.Command(exe, append(args, file)...)
		var errs bytes.Buffer
		cmd.Stderr = &errs
		if err := cmd.Run(); err != nil {
			msg := strings.TrimSpace(errs.String())
			if msg == "" {
				msg = err.Error()
			}
			return "export failed: " + strings.TrimPrefix(msg, "viewer: ")
		}
		return "exported ticks " + fmt.Sprint(r.From) + "–" + fmt.Sprint(r.To) + " to " + out
	}
}

// exportName is where E's export goes: beside the input, named after it
// and the range.
func exportName(file string, from, to int) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	base = strings.TrimSuffix(base, ".jsonl")
	return filepath.Join(filepath.Dir(file), fmt.Sprintf("%s-ticks%d-%d.gif", base, from, to))
}
