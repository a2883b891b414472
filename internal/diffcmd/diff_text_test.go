package diffcmd

import (
	"testing"

	"glidepath/engine/clientdiff"
)

// The first divergence's line names each field with retail's value and the
// client's; a position apart is the client's distance from retail's, not an
// error of retail's, and a cell indoors gives both cells.
func TestDivergenceSummary_NamesEachSide(t *testing.T) {
	cq, rq := 1, 12
	d := &clientdiff.Divergence{Fields: []string{"position", "cell", "queue"}, Error: 0.3,
		Retail: clientdiff.Retail{Cell: "0xA9B40105", Queue: rq},
		Client: clientdiff.Client{Cell: "0xA9B40106", Queue: &cq}}
	want := "position 0.300 m from retail's, retail cell 0xA9B40105 (client 0xA9B40106), retail queue 12 (client 1)"
	if got := divergenceSummary(d); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
