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
		if strings.HasPrefix(line, "xvfb-run") {
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
// the README says), and running the README's commands in an empty folder
// remakes the recording, the tables and the cause chains byte for byte.
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
	again := t.TempDir()
	t.Chdir(again)
	cmds, outs := readmeCommands(t, string(readme))
	if len(cmds) != 4 {
		t.Fatalf("%d commands in the README, want 4:\n%s", len(cmds), readme)
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
