// The entries a pack zip is opened by (internal/packzip) are the ones
// viewer pack writes (internal/packcmd).

package launch

import (
	"archive/zip"
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/internal/cli"
	"glidepath/internal/packcmd"
	"glidepath/internal/packzip"
)

// TestPackEntryNames: the entries a pack zip is opened by are the names
// viewer pack writes them under. They are spelled twice so that the web
// build links no pack subcommand (docs/web.md "What the web build holds");
// a rename on either side fails here.
func TestPackEntryNames(t *testing.T) {
	if packzip.EntryRecording != packcmd.FileRecording {
		t.Errorf("packzip.EntryRecording = %q, viewer pack writes %q", packzip.EntryRecording, packcmd.FileRecording)
	}
	if packzip.EntryReadme != packcmd.FileReadme {
		t.Errorf("packzip.EntryReadme = %q, viewer pack writes %q", packzip.EntryReadme, packcmd.FileReadme)
	}
}

// A pack zip as the window's one input: its moment, object and reading
// become the flags' defaults and its extracted recording the input; a zip
// that is no pack is bad input (exit status 2) naming it, an error
// packzip.Open gives as its own.
func TestOpenPackArgs_MomentOrBadInput(t *testing.T) {
	write := func(readme string) string {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, f := range [][2]string{{packzip.EntryReadme, readme}, {packzip.EntryRecording, "x\n"}} {
			w, err := zw.Create(f[0])
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(f[1]))
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "pack.zip")
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	flags := func(arg string) *flag.FlagSet {
		fs := flag.NewFlagSet("viewer", flag.ContinueOnError)
		fs.Int("tick", 0, "")
		fs.String("select", "", "")
		fs.String("reading", "", "")
		if err := fs.Parse([]string{arg}); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	good := write("# Evidence pack: snap of 0x80000A02 at tick 5\n\nInput `x`, reading `seed`.\n")
	fs := flags(good)
	title, err := openPackArgs(fs, io.Discard)
	if err != nil || !strings.HasSuffix(title, "Evidence pack: snap of 0x80000A02 at tick 5") ||
		fs.Lookup("tick").Value.String() != "5" || fs.Lookup("select").Value.String() != "0x80000A02" ||
		filepath.Base(fs.Arg(0)) != packzip.EntryRecording {
		t.Errorf("the pack: title %q, err %v, tick %s, select %s, input %s", title, err, fs.Lookup("tick").Value, fs.Lookup("select").Value, fs.Arg(0))
	}
	bad := write("# Something else\n")
	_, err = openPackArgs(flags(bad), io.Discard)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), bad) {
		t.Errorf("a zip that is no pack: %v, want bad input naming %s", err, bad)
	}
}
