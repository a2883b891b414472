// The entries a pack zip is opened by (internal/packzip) are the ones
// viewer pack writes (internal/packcmd).

package launch

import (
	"testing"

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
