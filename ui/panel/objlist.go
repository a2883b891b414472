// The object list: one row per live object, in creation order, filtered by
// the filter box; click selects, the wheel scrolls. Rows are drawn by the
// viewer, not as widgets, so a crowd of hundreds costs a few quads and the
// visible rows' text; the live metrics are worked out for visible rows only.

package panel

import (
	"image"
	"image/color"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/ui/inspect"
	"glidepath/ui/render"
	"glidepath/ui/session"
)

var (
	RowSelected = color.RGBA{0x34, 0x4a, 0x60, 0xff}
	RowHover    = color.RGBA{0x2a, 0x30, 0x38, 0xff}
	TextColor   = color.RGBA{0xe8, 0xea, 0xec, 0xff}
	DimColor    = color.RGBA{0x94, 0x9a, 0xa0, 0xff}
	HeadColor   = color.RGBA{0x9a, 0xc8, 0xf0, 0xff}
)

// ObjectList holds the rows and the scroll.
type ObjectList struct {
	Rows    []inspect.Row
	Visible []int // indices into rows passing the filter
	Scroll  Scroller
	filter  string
	tick    int
	count   int
	sel     uint32
	hover   int // visible index under the mouse, −1
	// Dirty forces a rebuild: the scroll moved, so other rows are visible.
	Dirty bool
	// order is the objects' order in the list (listOrder).
	order []int
}

// listOrder is the order of the object list: creation order, each held
// item (a Parent among the live objects) right after its holder and the
// holder's earlier held items — held items are listed under their holder.
// An object in a cycle of holders (hostile input) is listed in creation
// order after the rest.
func listOrder(objs []engine.ObjectView, dst []int) []int {
	idx := make(map[uint32]int, len(objs))
	for i := range objs {
		idx[objs[i].GUID] = i
	}
	children := make([][]int, len(objs))
	holder := make([]int, len(objs))
	for i := range objs {
		holder[i] = -1
		if j, ok := idx[objs[i].Parent]; ok && objs[i].Parent != 0 && j != i {
			holder[i] = j
			children[j] = append(children[j], i)
		}
	}
	done := make([]bool, len(objs))
	var add func(i int)
	add = func(i int) {
		if done[i] {
			return
		}
		done[i] = true
		dst = append(dst, i)
		for _, j := range children[i] {
			add(j)
		}
	}
	for i := range objs {
		if holder[i] < 0 {
			add(i)
		}
	}
	for i := range objs {
		add(i) // a cycle of holders
	}
	return dst
}

// heldUnder says whether row k of order is a held item listed under its
// holder (the holder, or another item of it, is a row above).
func heldUnder(objs []engine.ObjectView, order []int, k int) bool {
	p := objs[order[k]].Parent
	for _, i := range order[:k] {
		if objs[i].GUID == p {
			return true
		}
	}
	return false
}

// Update rebuilds the rows when the cursor, the object set, the filter or
// the selection changed: r's objects whose row matches filter and which
// keeps keeps (the filter box's events), sel the selection, in rect.
func (l *ObjectList) Update(r *session.Run, filter string, sel uint32, rect image.Rectangle, keeps func(guid uint32) bool) {
	s := &r.Snap
	if !l.Dirty && l.Rows != nil && l.tick == s.Tick && l.count == len(s.Objects) && l.filter == filter && l.sel == sel {
		return
	}
	l.Dirty = false
	newSel := l.sel != sel && sel != 0
	l.tick, l.count, l.filter, l.sel = s.Tick, len(s.Objects), filter, sel
	l.Rows = l.Rows[:0]
	l.Visible = l.Visible[:0]
	first, last := l.Scroll.Y/RowHeight, (l.Scroll.Y+rect.Dy())/RowHeight+1
	l.order = listOrder(s.Objects, l.order[:0])
	for _, i := range l.order {
		o := &s.Objects[i]
		row := inspect.Row{GUID: o.GUID, Name: o.Name}
		row.ID = hexid.String(o.GUID)
		if row.Name == "" {
			row.Name = row.ID
		}
		if row.Matches(filter) && keeps(o.GUID) {
			if k := len(l.Visible); k >= first && k <= last {
				row = inspect.MakeRow(o, inspect.Count(r.Index, o.GUID, s.Tick))
			}
			l.Visible = append(l.Visible, len(l.Rows))
		}
		if o.Parent != 0 && heldUnder(s.Objects, l.order, len(l.Rows)) {
			row.Name = "  ↳ " + row.Name // held by the row above
		}
		l.Rows = append(l.Rows, row)
	}
	l.Scroll.SetContent(len(l.Visible)*RowHeight, rect.Dy())
	if newSel {
		// A selection made elsewhere (-select, the viewport, a lane, the
		// go-to box) scrolls its row into view; the rows then in view are
		// built again with their counts.
		for k, ri := range l.Visible {
			if l.Rows[ri].GUID != sel {
				continue
			}
			before := l.Scroll.Y
			l.Reveal(k)
			if l.Scroll.Y != before {
				l.Dirty = true
				l.Update(r, filter, sel, rect, keeps)
			}
			break
		}
	}
}

// Reveal scrolls so visible row k shows.
func (l *ObjectList) Reveal(k int) {
	top := k * RowHeight
	switch {
	case top < l.Scroll.Y:
		l.Scroll.Y = top
	case top+RowHeight > l.Scroll.Y+l.Scroll.View():
		l.Scroll.Y = top + RowHeight - l.Scroll.View()
	}
	l.Scroll.Clamp()
	l.Dirty = true
}

// Mouse handles the mouse at pt over the list in rect, and returns the
// object a click picked.
func (l *ObjectList) Mouse(rect image.Rectangle, pt image.Point, wheel float64, clicked bool) (picked uint32, ok bool) {
	if wheel != 0 {
		l.Scroll.Wheel(wheel)
		l.Dirty = true
	}
	k := (pt.Y - rect.Min.Y + l.Scroll.Y) / RowHeight
	l.hover = -1
	if k >= 0 && k < len(l.Visible) {
		l.hover = k
		if clicked {
			return l.Rows[l.Visible[k]].GUID, true
		}
	}
	return 0, false
}

// Draw draws the visible rows in rect.
func (l *ObjectList) Draw(f *render.Flat, rect image.Rectangle, selected uint32) {
	lh := f.LineHeight()
	for k, i := range l.Visible {
		y := rect.Min.Y + k*RowHeight - l.Scroll.Y
		if y+RowHeight <= rect.Min.Y || y >= rect.Max.Y {
			continue
		}
		if y < rect.Min.Y || y+RowHeight > rect.Max.Y {
			continue // partly hidden rows are left out rather than clipped
		}
		row := &l.Rows[i]
		x, fy, w := float32(rect.Min.X), float32(y), float32(rect.Dx())
		switch {
		case row.GUID == selected:
			f.Rect(x, fy, w, RowHeight-2, RowSelected)
		case k == l.hover:
			f.Rect(x, fy, w, RowHeight-2, RowHover)
		}
		f.Text(x+4, fy+1, row.Name, TextColor)
		f.Text(x+w-f.Measure(row.ID)-4, fy+1, row.ID, DimColor)
		// A narrow panel shortens the stats with "…"; the inspector has them all.
		f.Text(x+4, fy+1+lh, FitLine(f, row.Stats, w-4), DimColor)
	}
	if len(l.Visible) == 0 {
		f.Text(float32(rect.Min.X)+4, float32(rect.Min.Y)+4, "no objects match", DimColor)
	}
}
