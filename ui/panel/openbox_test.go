package panel

import (
	"os"
	"path/filepath"
	"testing"
)

// The open box: typed characters and Backspace edit the path, Tab
// completes it, Enter hands it back and closes the box, Esc closes it
// handing nothing back.
func TestOpenBox_TypeCompleteAndOpen(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "crowd.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var o OpenBox
	o.Start(dir + string(filepath.Separator))
	if _, open := o.Type([]rune("crx"), true, false, false, false); open || string(o.Text) != filepath.Join(dir, "cr") {
		t.Fatalf("after typing crx and Backspace: %q (open %v)", string(o.Text), open)
	}
	o.Type(nil, false, true, false, false) // Tab
	if string(o.Text) != filepath.Join(dir, "crowd.yaml") || !o.Active {
		t.Fatalf("Tab completed to %q", string(o.Text))
	}
	if path, open := o.Type(nil, false, false, true, false); !open || path != filepath.Join(dir, "crowd.yaml") || o.Active {
		t.Fatalf("Enter: %q open %v active %v", path, open, o.Active)
	}
	o.Start("x")
	if _, open := o.Type(nil, false, false, false, true); open || o.Active {
		t.Errorf("Esc: open %v active %v; want the box closed, nothing opened", open, o.Active)
	}
}
