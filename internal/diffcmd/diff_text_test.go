package diffcmd

import (
	"strings"
	"testing"

	"glidepath/engine/clientdiff"
)

// The first divergence's line names each field with retail's value and the
// client's; a position apart is the client's distance from retail's, not an
// error of retail's, and a cell indoors gives both cells.
func TestDivergenceSummary_NamesEachSide(t *testing.T) {
	cq, rq := 1, 12
	var rh, ch float32 = 90, 180.5
	d := &clientdiff.Divergence{Fields: []string{"position", "cell", "heading", "queue"}, Error: 0.3,
		Retail: clientdiff.Retail{Cell: "0xA9B40105", Queue: rq, Heading: &rh},
		Client: clientdiff.Client{Cell: "0xA9B40106", Queue: &cq, Heading: &ch}}
	want := "position 0.300 m from retail's, retail cell 0xA9B40105 (client 0xA9B40106), retail heading 90° (client 180.5°), retail queue 12 (client 1)"
	if got := divergenceSummary(d); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// The closing line says "no divergence" only when every object was
// compared and none diverged; an object the client never logged is counted
// as not compared, and under -strict-objects the text agrees with the exit
// status (-vs's too: it said "no divergence" while exiting 1).
func TestClosingLine_SaysWhatWasNotCompared(t *testing.T) {
	row := func(guid string, rows int) *clientdiff.Object {
		return &clientdiff.Object{GUID: guid, Rows: rows, ComparedRows: rows}
	}
	only := []clientdiff.ClientOnly{{GUID: "0x00000009", Rows: 4, FirstLine: 2}}
	for _, tc := range []struct {
		name string
		r    clientdiff.Result
		vs   bool
		want string
	}{
		{"all compared", clientdiff.Result{Objects: []*clientdiff.Object{row("0x1", 3), row("0x2", 3)}}, false, "\nno divergence\n"},
		{"one never logged", clientdiff.Result{Objects: []*clientdiff.Object{row("0x1", 3), row("0x2", 0)}}, false,
			"\nno divergence in the 1 object compared; 1 object not in the client trace, not compared\n"},
		{"strict", clientdiff.Result{StrictObjects: true, Diverged: true, Objects: []*clientdiff.Object{row("0x1", 3)},
			Missing: clientdiff.Missing{NotInRecording: only}}, false,
			"\nno divergence of the run's objects; 1 client object the run never has (-strict-objects)\n"},
		{"-vs: one never in B", clientdiff.Result{Objects: []*clientdiff.Object{row("0x1", 3)},
			Missing: clientdiff.Missing{Objects: []clientdiff.MissingObject{{GUID: "0x2"}}}}, true,
			"over 1 of 2 objects of A\nno divergence in the 1 object compared; 1 object never in B, not compared\n"},
		{"-vs strict", clientdiff.Result{StrictObjects: true, Diverged: true, Objects: []*clientdiff.Object{row("0x1", 3)},
			Missing: clientdiff.Missing{NotInRecording: only}}, true,
			"\nno divergence of A's objects; 1 client object in B never in A (-strict-objects)\n"},
	} {
		var b strings.Builder
		write := writeDiffText
		if tc.vs {
			write = writeVersusText
		}
		if err := write(&b, &tc.r); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(b.String(), tc.want) {
			t.Errorf("%s: the text ends\n%q\nwant it to end\n%q", tc.name, b.String()[max(0, b.Len()-120):], tc.want)
		}
	}
}
