package panel

import (
	"image"
	"testing"

	"glidepath/ui/overlay"
)

// A panel wide enough for two legend columns lists the layers down the
// first column and then down the second, and a click finds the row's
// layer in either; a narrow panel keeps one column.
func TestLegend_TwoColumnsWhereTheyFit(t *testing.T) {
	entries := overlay.Legend()
	wide := image.Rect(8, 100, 8+2*LegendColW, 100+LegendHeight(2*LegendColW)*LegendRowH)
	rows := LegendHeight(wide.Dx())
	if rows != (len(entries)+1)/2 {
		t.Fatalf("two columns of %d layers: %d rows", len(entries), rows)
	}
	var g Legend
	for i, e := range entries {
		col, k := i/rows, i%rows
		pt := image.Pt(wide.Min.X+col*LegendColW+30, wide.Min.Y+k*LegendRowH+LegendRowH/2)
		if got, ok := g.At(wide, pt); !ok || got != e.Layer {
			t.Errorf("wide legend, %q (column %d, row %d): got %v %v", e.Name, col, k, got, ok)
		}
	}
	narrow := image.Rect(8, 100, 8+LegendColW+40, 100+len(entries)*LegendRowH)
	if LegendColumns(narrow.Dx()) != 1 || LegendHeight(narrow.Dx()) != len(entries) {
		t.Fatalf("a %d px panel: %d columns", narrow.Dx(), LegendColumns(narrow.Dx()))
	}
	last := entries[len(entries)-1]
	if got, ok := g.At(narrow, image.Pt(narrow.Min.X+30, narrow.Min.Y+(len(entries)-1)*LegendRowH+2)); !ok || got != last.Layer {
		t.Errorf("narrow legend, last row: got %v %v, want %q", got, ok, last.Name)
	}
}
