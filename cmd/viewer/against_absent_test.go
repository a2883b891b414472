// -against naming nothing in the input exits 2 before any window (README,
// "Exit status"), as viewer diff does: a client trace none of whose
// objects the input has, and a Glidepath trace of another input.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAgainst_NamingNothingInTheInputExits2(t *testing.T) {
	const runner = "../../assets/scenarios/runner.yaml"
	stranger := filepath.Join(t.TempDir(), "stranger.jsonl")
	if err := os.WriteFile(stranger, []byte(`{"tick":0,"guid":"0x12345678","cell":"0xA9B4001F","origin":[1,2,3]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	strangers := filepath.Join(t.TempDir(), "strangers.jsonl")
	if err := os.WriteFile(strangers, []byte(`{"tick":0,"guid":"0x12345678","cell":"0xA9B4001F","origin":[1,2,3]}`+"\n"+`{"tick":0,"guid":"0x12345679","cell":"0xA9B4001F","origin":[1,2,3]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, wallTrace, _ := ownTrace(t, "wall")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"shot", "-against", stranger, runner}, "-against " + stranger + ": its 1 object is not an object of " + runner},
		{[]string{"-against", stranger, runner}, "-against " + stranger + ": its 1 object is not an object"},
		{[]string{"shot", "-against", strangers, runner}, "-against " + strangers + ": none of its 2 objects is an object of " + runner},
		{[]string{"shot", "-against", wallTrace, runner}, wallTrace + `:1: input: the trace is of "wall.yaml", not of "runner.yaml"`},
	} {
		code, _, errs := viewerCmd(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}
