// Reading an evidence pack zip: the README heading packcmd writes gives the
// moment, the object and the reading; the recording is extracted whole;
// anything else is bad input naming the zip and the entry (docs/web.md
// "Opening an evidence pack").

package packzip

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if !Is(p) {
		t.Fatal("Is: a zip named .zip not recognised")
	}
	m, err := Open(p, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if m.Tick != 187 || m.GUID != "0x80000A02" || m.Reading != "ace+foo" || m.Heading != "Evidence pack: blip of 0x80000A02 at tick 187" {
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
	for i := range MaxEntries {
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
		_, err := Open(p, t.TempDir())
		var ue *Error
		if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want bad input naming %s and %q", c.name, err, p, c.want)
		}
	}
	notZip := filepath.Join(t.TempDir(), "notes.zip")
	if err := os.WriteFile(notZip, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if Is(notZip) {
		t.Error("Is: a .zip without a zip header recognised")
	}
}

// hostileZip builds a zip of one README and one recording whose recording
// entry is named name and claims size bytes inflated (a lie the header
// tells; archive/zip's raw writer keeps it).
func hostileZip(t *testing.T, name string, size uint64) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("README.md")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("# Evidence pack: snap of 0x80000A02 at tick 5\n\nInput `x`, reading `seed`.\n"))
	w, err = zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Store, CompressedSize64: 2, UncompressedSize64: size})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("x\n"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Hostile zips (issue 43): a recording claiming a terabyte, an entry named
// ../x, and a zip cut in half are bad input naming the zip and the entry
// (or, for the cut zip whose directory of entries is gone, saying so).
func TestOpenPackZip_HostileZips(t *testing.T) {
	good := hostileZip(t, "recording.jsonl", 2)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"huge size claimed", hostileZip(t, "recording.jsonl", 1<<40), "recording.jsonl: 1099511627776 bytes inflated: over the limit"},
		{"path traversal", hostileZip(t, "../x", 2), `entry 2 "../x": a path outside the pack's folder`},
		{"absolute path", hostileZip(t, "/etc/x", 2), `entry 2 "/etc/x": a path outside`},
		{"truncated", good[:len(good)/2], "not a readable zip (cut short"},
	} {
		p := filepath.Join(t.TempDir(), "hostile.zip")
		if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(p, t.TempDir())
		var ue *Error
		if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want bad input naming %s and %q", c.name, err, p, c.want)
		}
	}
	// The same zip with an honest recording entry opens.
	p := filepath.Join(t.TempDir(), "ok.zip")
	if err := os.WriteFile(p, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(p, t.TempDir()); err != nil {
		t.Errorf("the honest zip: %v", err)
	}
}

// FuzzOpen: whatever bytes a .zip holds, opening it as a pack ends
// in a moment with its recording extracted or in bad input naming the zip,
// never a panic or another kind of error.
func FuzzOpen(f *testing.F) {
	var tt testing.T
	f.Add(hostileZip(&tt, "recording.jsonl", 2))
	f.Add(hostileZip(&tt, "../x", 2))
	f.Add(hostileZip(&tt, "recording.jsonl", 1<<40))
	f.Add([]byte("PK\x03\x04"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "f.zip")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		m, err := Open(p, out)
		if err != nil {
			var ue *Error
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), p) {
				t.Fatalf("%v: want bad input naming %s", err, p)
			}
			return
		}
		if _, err := os.Stat(m.Recording); err != nil || m.Reading == "" || !strings.HasPrefix(m.GUID, "0x") || m.Tick < 0 {
			t.Fatalf("opened %+v (%v): want an extracted recording, a reading, a guid and a tick", m, err)
		}
	})
}
