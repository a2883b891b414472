// Layout: where the top bar, the object list, the inspector and pipeline
// panel, the timeline and the viewport go for a window size and the panels'
// collapsed states. A pure function of its inputs, recomputed when the
// window is resized or a panel is collapsed.

package ui

import (
	"image"

	"glidepath/ui/panel"
	"glidepath/ui/timeline"
)

// Panel sizes, pixels.
const (
	topBarHeight   = 34
	leftWidth      = 280
	rightWidth     = 380
	minViewport    = 240
	panelPad       = 8
	titleHeight    = 18
	filterHeight   = 26
	stageBarHeight = 26
	minListRows    = 2 // object rows kept when the left panel is short
)

// openPanels says which panels are open, and the sizes dragged
// (resize.go); panelState changes it.
type openPanels struct {
	left, right, timeline bool
	// rightW is the right column's width, pixels; split the inspector's
	// share of it, per mille. 0 is the default.
	rightW, split int
}

// layout is every rectangle of the window.
type layout struct {
	w, h      int
	top       image.Rectangle
	left      image.Rectangle
	right     image.Rectangle
	timeline  image.Rectangle
	viewport  image.Rectangle
	objTitle  image.Rectangle
	filter    image.Rectangle
	list      image.Rectangle
	layTitle  image.Rectangle
	legend    image.Rectangle
	insTitle  image.Rectangle
	inspector image.Rectangle
	pipeTitle image.Rectangle
	stageBar  image.Rectangle
	pipeline  image.Rectangle
}

// computeLayout lays out a w×h window. Panels narrow on small windows so the
// viewport keeps at least minViewport pixels of width where it can.
func computeLayout(w, h int, p openPanels) layout {
	l := layout{w: w, h: h}
	l.top = image.Rect(0, 0, w, min(topBarHeight, h))
	bottom := h
	if p.timeline {
		th := min(timeline.Height, max(h-topBarHeight-minViewport/2, 0))
		l.timeline = image.Rect(0, h-th, w, h)
		bottom = h - th
	}
	lw, rw := 0, 0
	if p.left {
		lw = leftWidth
	}
	if p.right {
		rw = rightWidth
		if p.rightW > 0 {
			rw = p.rightW
		}
	}
	if spare := w - minViewport; lw+rw > spare {
		// Shrink both in proportion; a very small window gives them nothing.
		total := lw + rw
		lw, rw = max(spare, 0)*lw/total, max(spare, 0)*rw/total
	}
	mid := max(bottom, l.top.Max.Y)
	l.left = image.Rect(0, l.top.Max.Y, lw, mid)
	l.right = image.Rect(w-rw, l.top.Max.Y, w, mid)
	l.viewport = image.Rect(lw, l.top.Max.Y, w-rw, mid)

	// The object list: title, filter, rows; the layers legend below.
	x0, x1 := l.left.Min.X+panelPad, l.left.Max.X-panelPad
	y := l.left.Min.Y + panelPad
	l.objTitle = image.Rect(x0, y, x1, y+titleHeight)
	y += titleHeight + 4
	l.filter = image.Rect(x0, y, x1, y+filterHeight)
	y += filterHeight + 6
	legendH := panel.LegendRows * panel.LegendRowH
	// A short panel keeps two object rows and cuts the legend at its
	// bottom (legend.draw leaves out rows that do not fit) rather than
	// laying the legend's title over the filter box.
	legendTop := max(l.left.Max.Y-panelPad-legendH, y+minListRows*panel.RowHeight+6+titleHeight+4)
	l.layTitle = image.Rect(x0, legendTop-titleHeight-4, x1, legendTop-4)
	l.legend = image.Rect(x0, legendTop, x1, min(legendTop+legendH, l.left.Max.Y))
	l.list = image.Rect(x0, y, x1, max(l.layTitle.Min.Y-6, y))

	// The inspector above, the pipeline panel below.
	x0, x1 = l.right.Min.X+panelPad, l.right.Max.X-panelPad
	y = l.right.Min.Y + panelPad
	share := defaultSplit
	if p.split > 0 {
		share = p.split
	}
	split := l.right.Min.Y + l.right.Dy()*share/1000
	l.insTitle = image.Rect(x0, y, x1, y+titleHeight)
	l.inspector = image.Rect(x0, y+titleHeight+4, x1, max(split, y+titleHeight+4))
	y = split + 4
	l.pipeTitle = image.Rect(x0, y, x1, y+titleHeight)
	y += titleHeight + 4
	l.stageBar = image.Rect(x0, y, x1, y+stageBarHeight)
	y += stageBarHeight + 4
	l.pipeline = image.Rect(x0, y, x1, max(l.right.Max.Y-panelPad, y))
	return l
}
