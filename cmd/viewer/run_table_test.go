package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tableRows returns the lines of the one table that start with a guid,
// split into their cells, and the heading.
func tableRows(out string) (head []string, rows [][]string) {
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && f[0] == "guid":
			head = f
		case len(f) > 0 && strings.HasPrefix(f[0], "0x") && head != nil:
			rows = append(rows, f)
		}
	}
	return head, rows
}

// `viewer run` prints one table (issue 30 item 8): a row per object, a
// column per metric, columns zero in every row named in one line, objects
// without updates summarized in one line.
func TestRun_OneTable(t *testing.T) {
	t.Setenv("DISPLAY", "")
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	// Add nine objects that never move: they fit one line, not nine rows.
	lines := strings.SplitAfter(string(data), "\n")
	for i := range 9 {
		lines = append(lines, `{"t":2,"type":"create","entity":{"guid":"0x8000B00`+string(rune('1'+i))+`","name":"Idle","position":{"cell":"0xA9B40004","origin":[30,90,0]},"seq":{"instance":1}}}`+"\n")
	}
	in := filepath.Join(t.TempDir(), "idle.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := viewer(t, "run", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	head, rows := tableRows(out)
	if len(rows) != 1 || rows[0][0] != "0x80000A01" || rows[0][1] != "Jumper" {
		t.Fatalf("rows %q, want the Jumper's alone:\n%s", rows, out)
	}
	col := map[string]string{}
	for i, h := range head {
		if i < len(rows[0]) {
			col[h] = rows[0][i]
		}
	}
	// far_jump: the 119 m update takes the far branch and blips (seed 000 §3, §6).
	if col["far"] != "1" || col["blips"] != "1" || col["updates"] != "3" {
		t.Errorf("far %q blips %q updates %q:\n%s", col["far"], col["blips"], col["updates"], out)
	}
	if _, ok := col["snaps"]; ok {
		t.Errorf("the snaps column is zero in every row yet shown:\n%s", out)
	}
	for _, want := range []string{
		"idle.jsonl: 120 ticks at 30 Hz, 10 objects\n",
		"0 in every row: ", "snaps",
		"9 objects with no updates: 0x8000B001, 0x8000B002, 0x8000B003, 0x8000B004, 0x8000B005, 0x8000B006, 0x8000B007, 0x8000B008 and 1 more\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\n"); n > 8 {
		t.Errorf("%d lines for 10 objects:\n%s", n, out)
	}
	// -long keeps the table per object: the idle ones get theirs.
	_, long, _ := viewer(t, "run", "-long", in)
	if !strings.Contains(long, "0x8000B009 Idle") || !strings.Contains(long, "enqueue far") {
		t.Errorf("-long lost the per-object tables:\n%s", long)
	}
}

// Under -compare each object has a row per reading, and a value the
// readings differ on is marked *.
func TestRun_OneTableCompare(t *testing.T) {
	t.Setenv("DISPLAY", "")
	code, out, errs := viewer(t, "run", "-compare", "seed,legacy", scenarioFile(t, "runner"))
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	head, rows := tableRows(out)
	if len(rows) != 2 || head[2] != "reading" || rows[0][2] != "seed" || rows[1][2] != "legacy" {
		t.Fatalf("head %q rows %q:\n%s", head, rows, out)
	}
	if !strings.Contains(out, "*") || !strings.Contains(out, "* the readings differ in this value") {
		t.Errorf("no value marked:\n%s", out)
	}
}
