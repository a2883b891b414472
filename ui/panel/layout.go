// Layout: where the top bar, the object list, the inspector and pipeline
// panel, the timeline and the viewport go for a window size and the panels'
// collapsed states. A pure function of its inputs, recomputed when the
// window is resized or a panel is collapsed.

package panel

import (
	"image"

	"glidepath/ui/timeline"
)

// Panel sizes, pixels.
const (
	TopBarHeight   = 34
	LeftWidth      = 280
	RightWidth     = 380
	MinViewport    = 240
	panelPad       = 8
	titleHeight    = 18
	filterHeight   = 26
	stageBarHeight = 26
	MinListRows    = 2 // object rows kept when the left panel is short
)

// Open says which panels are open, and the sizes dragged
// (the window's resize edges); State changes it.
type Open struct {
	Left, Right, Timeline bool
	// RightW is the right column's width, pixels; Split the inspector's
	// share of it, per mille. 0 is the default.
	RightW, Split int
}

// Layout is every rectangle of the window.
type Layout struct {
	W, H      int
	Top       image.Rectangle
	Left      image.Rectangle
	Right     image.Rectangle
	Timeline  image.Rectangle
	Viewport  image.Rectangle
	ObjTitle  image.Rectangle
	Filter    image.Rectangle
	List      image.Rectangle
	LayTitle  image.Rectangle
	Legend    image.Rectangle
	InsTitle  image.Rectangle
	Inspector image.Rectangle
	PipeTitle image.Rectangle
	StageBar  image.Rectangle
	Pipeline  image.Rectangle
}

// ComputeLayout lays out a w×h window. Panels narrow on small windows so the
// viewport keeps at least minViewport pixels of width where it can.
func ComputeLayout(w, h int, p Open) Layout {
	l := Layout{W: w, H: h}
	l.Top = image.Rect(0, 0, w, min(TopBarHeight, h))
	bottom := h
	if p.Timeline {
		th := min(timeline.Height, max(h-TopBarHeight-MinViewport/2, 0))
		l.Timeline = image.Rect(0, h-th, w, h)
		bottom = h - th
	}
	lw, rw := 0, 0
	if p.Left {
		lw = LeftWidth
	}
	if p.Right {
		rw = RightWidth
		if p.RightW > 0 {
			rw = p.RightW
		}
	}
	if spare := w - MinViewport; lw+rw > spare {
		// Shrink both in proportion; a very small window gives them nothing.
		total := lw + rw
		lw, rw = max(spare, 0)*lw/total, max(spare, 0)*rw/total
	}
	mid := max(bottom, l.Top.Max.Y)
	l.Left = image.Rect(0, l.Top.Max.Y, lw, mid)
	l.Right = image.Rect(w-rw, l.Top.Max.Y, w, mid)
	l.Viewport = image.Rect(lw, l.Top.Max.Y, w-rw, mid)

	// The object list: title, filter, rows; the layers legend below.
	x0, x1 := l.Left.Min.X+panelPad, l.Left.Max.X-panelPad
	y := l.Left.Min.Y + panelPad
	l.ObjTitle = image.Rect(x0, y, x1, y+titleHeight)
	y += titleHeight + 4
	l.Filter = image.Rect(x0, y, x1, y+filterHeight)
	y += filterHeight + 6
	legendH := LegendHeight(x1-x0) * LegendRowH
	// A short panel keeps two object rows and cuts the legend at its
	// bottom (legend.draw leaves out rows that do not fit) rather than
	// laying the legend's title over the filter box.
	legendTop := max(l.Left.Max.Y-panelPad-legendH, y+MinListRows*RowHeight+6+titleHeight+4)
	l.LayTitle = image.Rect(x0, legendTop-titleHeight-4, x1, legendTop-4)
	l.Legend = image.Rect(x0, legendTop, x1, min(legendTop+legendH, l.Left.Max.Y))
	l.List = image.Rect(x0, y, x1, max(l.LayTitle.Min.Y-6, y))

	// The inspector above, the pipeline panel below.
	x0, x1 = l.Right.Min.X+panelPad, l.Right.Max.X-panelPad
	y = l.Right.Min.Y + panelPad
	share := DefaultSplit
	if p.Split > 0 {
		share = p.Split
	}
	split := l.Right.Min.Y + l.Right.Dy()*share/1000
	l.InsTitle = image.Rect(x0, y, x1, y+titleHeight)
	l.Inspector = image.Rect(x0, y+titleHeight+4, x1, max(split, y+titleHeight+4))
	y = split + 4
	l.PipeTitle = image.Rect(x0, y, x1, y+titleHeight)
	y += titleHeight + 4
	l.StageBar = image.Rect(x0, y, x1, y+stageBarHeight)
	y += stageBarHeight + 4
	l.Pipeline = image.Rect(x0, y, x1, max(l.Right.Max.Y-panelPad, y))
	return l
}

// The inspector's share of the right column.
const (
	// MinSplit and MaxSplit bound the inspector's share of the right
	// column, per mille.
	MinSplit, MaxSplit = 150, 850
	// DefaultSplit is the inspector's share when nothing was dragged.
	DefaultSplit = 400
)
