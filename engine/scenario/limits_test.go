// Tests of the compiler's limits that come from the recording format.

package scenario

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// Step notes count with the scenario's notes against the recording's limit,
// so a scenario never compiles to a recording the reader would refuse.
func TestCompile_NotesStayWithinTheRecordingLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("duration: 100\ndescription: d\nremotes:\n")
	for r := 0; r < 2; r++ {
		fmt.Fprintf(&b, "  - guid: %d\n    position: [10, 10]\n    script:\n", r+1)
		for i := 0; i < recording.MaxNotes/2; i++ {
			b.WriteString("      - {wait: 0.001, note: n}\n")
		}
	}
	_, err := Compile("notes.yaml", []byte(b.String()), assets.FS())
	var se *Error
	if !errors.As(err, &se) || se.Field != "notes" || !strings.Contains(se.Problem, fmt.Sprintf("more than %d notes", recording.MaxNotes)) {
		t.Fatalf("Compile = %v, want the notes limit", err)
	}
}
