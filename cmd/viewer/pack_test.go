package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/internal/packcmd"
)

// packFilesWithoutGIF are the files every pack holds when no display is
// there to make the GIF.
var packFilesWithoutGIF = []string{packcmd.FileReadme, packcmd.FileRecording, packcmd.FileStates, packcmd.FileEvents, packcmd.FileCauseText, packcmd.FileCauseJSON, packcmd.FileMessages, packcmd.FileRaw, packcmd.FileReading, packcmd.FileVersion, packcmd.FileOpen}

// readmeCommands are the README's reproduce commands, split into
// arguments (without "viewer"), and the file a "> FILE" names.
func readmeCommands(t *testing.T, readme string) (cmds [][]string, outs []string) {
	t.Helper()
	_, block, _ := strings.Cut(readme, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		if strings.HasPrefix(line, "xvfb-run") || strings.HasPrefix(line, "# ") {
			continue
		}
		line, out, _ := strings.Cut(line, " > ")
		var args []string
		for rest := strings.TrimPrefix(line, "viewer "); rest != ""; {
			rest = strings.TrimLeft(rest, " ")
			if strings.HasPrefix(rest, "'") {
				end := strings.Index(rest[1:], "'")
				args = append(args, rest[1:1+end])
				rest = rest[2+end:]
				continue
			}
			word, tail, _ := strings.Cut(rest, " ")
			args, rest = append(args, word), tail
		}
		cmds, outs = append(cmds, args), append(outs, out)
	}
	return cmds, outs
}

// TestPack_HoldsEveryFileAndItsCommandsRemakeThem: a pack of far_jump's
// blip holds every listed file (the GIF left out without a display, as
// the README says); the README gives a command for every file, with paths
// relative to the pack (issue 37 item 4), and running them in an empty
// folder beside the pack remakes the recording, the tables and the cause
// chains byte for byte, and the whole pack (messages, reading) again.
func TestPack_HoldsEveryFileAndItsCommandsRemakeThem(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	input, err := filepath.Abs(farJump)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "pack")
	code, _, errs := viewer(t, "pack", "-at", "32", "-o", dir, input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "no display") {
		t.Errorf("no warning about the GIF: %s", errs)
	}
	for _, f := range packFilesWithoutGIF {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	readme, _ := os.ReadFile(filepath.Join(dir, packcmd.FileReadme))
	if !strings.Contains(string(readme), "blip of 0x80000A01 at tick 30") || !strings.Contains(string(readme), "xvfb-run -a viewer export") {
		t.Errorf("README:\n%s", readme)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, packcmd.FileRaw))
	if !strings.Contains(string(raw), `"raw":"48f70000`) {
		t.Errorf("raw messages at tick 30 lack the 0xF748 opcode: %s", raw)
	}
	msgs, _ := os.ReadFile(filepath.Join(dir, packcmd.FileMessages))
	if !strings.Contains(string(msgs), `"type":"position"`) || !strings.Contains(string(msgs), `"origin":[140,90,0]`) {
		t.Errorf("messages at tick 30: %s", msgs)
	}
	// Every file of the pack is named above a command, and no command
	// names a path outside the pack but the input, relative to it.
	_, block, _ := strings.Cut(string(readme), "```sh\n")
	for _, f := range append(packFilesWithoutGIF, packcmd.FileGIF) {
		found := false
		for _, line := range strings.Split(block, "\n") {
			if strings.HasPrefix(line, "# ") && strings.Contains(line+",", " "+f+",") {
				found = true
			}
		}
		if !found {
			t.Errorf("the README gives no command for %s:\n%s", f, readme)
		}
	}
	rel, _ := filepath.Rel(dir, input)
	if strings.Contains(block, " "+input) || !strings.Contains(block, " "+filepath.ToSlash(rel)+"\n") {
		t.Errorf("the README's commands do not name the input relative to the pack (%s):\n%s", rel, readme)
	}
	again := filepath.Join(filepath.Dir(dir), "again")
	if err := os.Mkdir(again, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(again)
	cmds, outs := readmeCommands(t, string(readme))
	if len(cmds) != 5 {
		t.Fatalf("%d commands in the README, want 5:\n%s", len(cmds), readme)
	}
	for i, args := range cmds {
		code, stdout, errs := viewer(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if outs[i] != "" {
			if err := os.WriteFile(outs[i], []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, f := range []string{packcmd.FileRecording, packcmd.FileStates, packcmd.FileEvents, packcmd.FileCauseText, packcmd.FileCauseJSON} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, err := os.ReadFile(filepath.Join(again, f))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: remade differs (%d and %d bytes, %v)", f, len(a), len(b), err)
		}
	}
	for _, f := range []string{packcmd.FileMessages, packcmd.FileRaw, packcmd.FileReading} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "pack-again", f))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: the pack made again differs (%d and %d bytes, %v)", f, len(a), len(b), err)
		}
	}
}

// The pack's title names the event its shrunk recording shows (issue 37
// item 4): runner's blip at tick 79 is kept by a shrunk recording that
// blips at tick 83 (-keep's tick~79 allows ±5), and the title, the summary
// line and the GIF's ticks are those of the shrunk recording, whose own
// cause chains list a blip there.
func TestPack_TitleIsTheShrunkRecordingsEvent(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := filepath.Join(t.TempDir(), "pack")
	code, stdout, errs := viewer(t, "pack", "-at", "79", "-o", dir, "../../assets/scenarios/runner.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cause, _ := os.ReadFile(filepath.Join(dir, packcmd.FileCauseText))
	readme, _ := os.ReadFile(filepath.Join(dir, packcmd.FileReadme))
	title, _, _ := strings.Cut(string(readme), "\n")
	if !strings.Contains(string(cause), "tick 83: blip") || strings.Contains(string(cause), "tick 79: blip") {
		t.Fatalf("the shrunk recording's blip is not at tick 83 (the premise):\n%s", cause)
	}
	if title != "# Evidence pack: blip of 0x80000C01 at tick 83" || !strings.Contains(string(readme), "In the input, the blip nearest it is at tick 79") ||
		!strings.Contains(string(readme), "-from 53 -to 113") {
		t.Errorf("README:\n%s", readme)
	}
	if !strings.Contains(stdout, "blip of 0x80000C01 at tick 83") {
		t.Errorf("stdout %q", stdout)
	}
}

// A new pack directory named with its trailing slash is written there.
func TestPack_DirWithTrailingSlash(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := filepath.Join(t.TempDir(), "pack")
	if code, _, errs := viewer(t, "pack", "-at", "30", "-select", "0x80000A01", "-o", dir+string(filepath.Separator), farJump); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, f := range packFilesWithoutGIF {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the pack lacks %s: %v", f, err)
		}
	}
}

// TestPack_Zip writes the same files into a zip.
func TestPack_Zip(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	out := filepath.Join(t.TempDir(), "pack.zip")
	if code, _, errs := viewer(t, "pack", "-at", "30", "-select", "0x80000A01", "-o", out, farJump); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	have := map[string]bool{}
	for _, f := range zr.File {
		have[f.Name] = true
	}
	for _, f := range packFilesWithoutGIF {
		if !have[f] {
			t.Errorf("the zip lacks %s", f)
		}
	}
}

// TestDocs_PackTableListsEveryFile: docs/viewer.md's table of a pack's
// files names every file a pack holds (open.html was missing from it).
func TestDocs_PackTableListsEveryFile(t *testing.T) {
	doc := readDoc(t, "docs/viewer.md")
	_, table, _ := strings.Cut(doc, "### `viewer pack`: an evidence pack")
	table, _, _ = strings.Cut(table, "\n\n\n")
	var names []string
	for _, line := range strings.Split(table, "\n") {
		if cell, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | "); ok && strings.HasPrefix(line, "| `") {
			names = append(names, cell)
		}
	}
	for _, f := range append(packFilesWithoutGIF, packcmd.FileGIF) {
		found := false
		for _, n := range names {
			found = found || strings.Contains(n, "`"+f+"`")
		}
		if !found {
			t.Errorf("docs/viewer.md's pack table has no row for %s", f)
		}
	}
}
