// The capture flags and input names the subcommands share, beside their
// code: -player is read by hexid.Parse's one rule, -server-port is a UDP
// port, and a trace names its input by the file's name alone.

package cmdinput

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/internal/cli"
)

func captureFlags(t *testing.T, args ...string) CaptureFlags {
	t.Helper()
	var c CaptureFlags
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	c.Add(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCaptureFlags_PlayerIsOneRuleOfHex: 0x, 0X or no prefix, 1–8 hex
// digits; anything else is bad usage naming the flag and the text.
func TestCaptureFlags_PlayerIsOneRuleOfHex(t *testing.T) {
	for _, in := range []string{"0x50000001", "0X50000001", "50000001"} {
		c := captureFlags(t, "-player", in)
		o, err := c.Options()
		if err != nil || !o.HasPlayer || o.Player != 0x50000001 {
			t.Errorf("-player %s: %+v, %v", in, o, err)
		}
	}
	for _, in := range []string{"zz", "0x", "0x123456789", "-1"} {
		c := captureFlags(t, "-player="+in)
		_, err := c.Options()
		var ue cli.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), `-player "`+in+`"`) {
			t.Errorf("-player %s: %v, want a usage error naming it", in, err)
		}
	}
	c := captureFlags(t, "-server-port", "70000")
	if _, err := c.Options(); err == nil || !strings.Contains(err.Error(), "-server-port 70000") {
		t.Errorf("-server-port 70000: %v", err)
	}
	c = captureFlags(t)
	if o, err := c.Options(); err != nil || o.HasPlayer || o.ServerPort != 0 {
		t.Errorf("defaults: %+v, %v", o, err)
	}
}

// TestCheckPlayerInput_NamesTheGuid: -player on a recording is refused,
// naming the guid as every writer spells it.
func TestCheckPlayerInput_NamesTheGuid(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "walk.jsonl")
	if err := os.WriteFile(rec, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := captureFlags(t, "-player", "a01")
	o, _ := c.Options()
	err := CheckPlayerInput(rec, o)
	if err == nil || !strings.Contains(err.Error(), "-player 0x00000A01: "+rec+" is not a capture") {
		t.Errorf("%v", err)
	}
	if TraceInputName("dir/sub/walk.jsonl") != "walk.jsonl" || TraceInputName(`c:\runs\walk.jsonl`) != "walk.jsonl" {
		t.Error("TraceInputName keeps the directories")
	}
}
