package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat/dattest"
)

// A batch warns of the dats' fallbacks as a single run does (issue 37
// item 9: a fallback is never silent), each under its input's name.
func TestRunBatch_WarnsOfDatFallbacks(t *testing.T) {
	dir := t.TempDir()
	// The standard cell dat beside a portal dat without the Region: every
	// landblock falls back (the Region's fallback).
	good := filepath.Join(dir, "no-region")
	_, cell := dattest.Standard()
	portal := dattest.New(1024, dattest.PortalDataSet)
	for _, s := range dattest.StandardSetups() {
		portal.Add(s.ID, dattest.Setup(s))
	}
	if err := os.MkdirAll(good, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := dattest.WriteDir(good, portal, cell); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "second.jsonl")
	if err := os.WriteFile(second, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, single := viewer(t, "run", "-dat", good, farJump)
	if code != 0 || !strings.Contains(single, "the dat files lack") {
		t.Fatalf("single run: exit %d, stderr %q: want a fallback warning to compare with", code, single)
	}
	code, _, batch := viewer(t, "run", "-dat", good, "-metrics", filepath.Join(dir, "m.csv"), farJump, second)
	if code != 0 {
		t.Fatalf("batch: exit %d: %s", code, batch)
	}
	for _, in := range []string{farJump, second} {
		if !strings.Contains(batch, "viewer: warning: "+in+": the dat files lack") {
			t.Errorf("batch stderr lacks %s's fallback warning:\n%s", in, batch)
		}
	}
	if !strings.Contains(single, "region 0x13000000") || !strings.Contains(single, "no Region 0x13000000, so no height table") {
		t.Errorf("single run: the fallback does not name the missing Region:\n%s", single)
	}
	// The same items as the single run lists.
	for _, line := range strings.Split(single, "\n") {
		if strings.HasPrefix(line, "  ") && !strings.Contains(batch, line) {
			t.Errorf("batch stderr lacks the single run's %q", line)
		}
	}
}
