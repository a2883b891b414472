// Opening an evidence pack zip: the README heading packcmd writes gives the
// moment, the object and the reading; the recording is extracted whole;
// anything else is bad input naming the zip and the entry (docs/web.md
// "Opening an evidence pack").

package launch

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/internal/cli"
)

func writeTestZip(t *testing.T, files map[string]string, order []string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range order {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			t.Fatal(err)
		}
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

func TestOpenPackZip_ReadsTheMomentAndExtractsTheRecording(t *testing.T) {
	rec := "{\"format\":\"glidepath-recording\"}\n{\"t\":1}\n"
	readme := "# Evidence pack: blip of 0x80000A02 at tick 187\n\nInput `x.jsonl`, reading `ace+foo`, the moment asked for: tick 180.\n"
	p := writeTestZip(t, map[string]string{"README.md": readme, "recording.jsonl": rec}, []string{"README.md", "recording.jsonl"})
	if !isPackZip(p) {
		t.Fatal("isPackZip: a zip named .zip not recognised")
	}
	m, err := openPackZip(p, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if m.Tick != 187 || m.GUID != "0x80000A02" || m.Reading != "ace+foo" {
		t.Errorf("moment %+v, want tick 187, 0x80000A02, ace+foo", m)
	}
	got, err := os.ReadFile(m.Recording)
	if err != nil || string(got) != rec {
		t.Errorf("extracted %q (%v), want %q", got, err, rec)
	}
}

func TestOpenPackZip_BadPacksAreBadInput(t *testing.T) {
	good := "# Evidence pack: snap of 0x80000A02 at tick 5\n\nInput `x`, reading `seed`.\n"
	many := map[string]string{"README.md": good, "recording.jsonl": "x\n"}
	two := []string{"README.md", "recording.jsonl"}
	order := append([]string(nil), two...)
	for i := range packZipMaxEntries {
		n := fmt.Sprintf("extra%d", i)
		many[n] = ""
		order = append(order, n)
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		order []string
		want  string
	}{
		{"no README", map[string]string{"recording.jsonl": "x\n"}, []string{"recording.jsonl"}, "not an evidence pack"},
		{"no recording", map[string]string{"README.md": good}, []string{"README.md"}, "not an evidence pack"},
		{"bad heading", map[string]string{"README.md": "# Something else\n", "recording.jsonl": "x\n"}, two, "README.md:1: heading"},
		{"no reading", map[string]string{"README.md": "# Evidence pack: snap of 0x80000A02 at tick 5\n", "recording.jsonl": "x\n"}, two, "names no reading"},
		{"too many entries", many, order, "entries"},
	} {
		p := writeTestZip(t, c.files, c.order)
		_, err := openPackZip(p, t.TempDir())
		var ue cli.UsageError
		if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want bad input naming %s and %q", c.name, err, p, c.want)
		}
	}
	notZip := filepath.Join(t.TempDir(), "notes.zip")
	if err := os.WriteFile(notZip, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if isPackZip(notZip) {
		t.Error("isPackZip: a .zip without a zip header recognised")
	}
}
