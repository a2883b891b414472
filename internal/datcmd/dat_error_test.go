package datcmd

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
