package datcmd

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat/dattest"
	"glidepath/internal/cli"
)

// An unreadable dat folder or file is bad input naming its path (exit 2),
// as `viewer run -dat` says (cmd/viewer/world.go): the user named it
// (issue 37 item 8). A permission error is built here, since the tests may
// run as root, for whom no mode bit makes a file unreadable.
func TestDatError_UnreadableIsBadInputWithItsPath(t *testing.T) {
	for _, err := range []error{
		&fs.PathError{Op: "open", Path: "/dats/client_portal.dat", Err: fs.ErrPermission},
		&fs.PathError{Op: "open", Path: "/dats", Err: fs.ErrPermission},
		errors.New("client_portal.dat: is a directory"),
	} {
		got := datError("/dats", err)
		var u cli.UsageError
		if !errors.As(got, &u) {
			t.Errorf("%v: %T, want a cli.UsageError (exit 2)", err, got)
		}
		if !strings.Contains(got.Error(), "/dats") {
			t.Errorf("%q does not name the folder", got)
		}
	}
}

// The same through Write, on a folder whose dat file is a directory (the
// unreadable file any user can make), and, when not root, on a folder
// without read permission.
func TestWrite_UnreadableDatsAreBadInput(t *testing.T) {
	dir := t.TempDir()
	dats := filepath.Join(dir, "dats")
	if err := os.MkdirAll(filepath.Join(dats, "client_portal.dat"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []string{dats}
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o000); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(locked, 0o755) })
		cases = append(cases, locked)
	}
	for _, d := range cases {
		err := Write(io.Discard, d, false, 0, false)
		var u cli.UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), d) {
			t.Errorf("%s: %v (%T), want bad input naming the folder", d, err, err)
		}
	}
}

// An id that neither file holds was looked for in both, so the error names
// both, not the portal dat alone; and a folder whose name is part of a
// file's name ("dat", "cell") is still named in front of the message,
// which names only the file.
func TestDat_EntryInNeitherFileNamesBothAndTheFolder(t *testing.T) {
	parent := t.TempDir()
	for _, name := range []string{"dat", "cell", "dats"} {
		dir := filepath.Join(parent, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := dattest.WriteStandard(dir); err != nil {
			t.Fatal(err)
		}
		t.Chdir(parent)
		for _, id := range []string{"0x02000999", "0x7F7F0100"} {
			code, _, errs := datRun(t, true, name, id)
			want := "dat: " + name + ": entry " + id + ": in neither client_portal.dat nor client_cell_1.dat"
			if code == 0 || !strings.HasPrefix(errs, want) {
				t.Errorf("%s -entry %s: exit %d, %q; want an error starting %q", name, id, code, errs, want)
			}
		}
		// An id of the cell dat's kind alone still names that file.
		code, _, errs := datRun(t, true, name, "0x7F7FFFFF")
		if want := "dat: " + name + ": client_cell_1.dat: entry 0x7F7FFFFF"; code == 0 || !strings.HasPrefix(errs, want) {
			t.Errorf("%s -entry 0x7F7FFFFF: exit %d, %q; want an error starting %q", name, code, errs, want)
		}
	}
}
