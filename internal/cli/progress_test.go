//go:build !js

package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A run shows its progress on a terminal only, and never under -quiet.
func TestShowProgress_TerminalAndNotQuietOnly(t *testing.T) {
	for _, c := range []struct{ terminal, quiet, want bool }{
		{true, false, true},
		{true, true, false},
		{false, false, false},
		{false, true, false},
	} {
		if got := ShowProgress(c.terminal, c.quiet); got != c.want {
			t.Errorf("ShowProgress(terminal %v, quiet %v) = %v", c.terminal, c.quiet, got)
		}
	}
}

// On a buffer, a file or a pipe the progress is off and writes nothing.
func TestTickProgress_WritesNothingWhereStderrIsNoTerminal(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var buf bytes.Buffer
	for _, c := range []struct {
		name   string
		stderr io.Writer
	}{{"buffer", &buf}, {"file", file}, {"pipe", w}} {
		p := NewTickProgress(c.stderr, false, "running x", 9000)
		if p.bar != nil {
			t.Errorf("%s: a progress bar on no terminal", c.name)
		}
		p.At(1000)
		p.Finish()
	}
	var none *TickProgress // a caller with no progress to tell
	none.At(1)
	none.Finish()
	w.Close()
	var piped bytes.Buffer
	piped.ReadFrom(r)
	st, _ := file.Stat()
	if buf.Len() != 0 || piped.Len() != 0 || st.Size() != 0 {
		t.Errorf("written: buffer %q, pipe %q, file %d bytes", buf.String(), piped.String(), st.Size())
	}
}
