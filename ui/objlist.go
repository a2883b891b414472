// The object list: one row per live object, in creation order, filtered by
// the filter box; click selects, the wheel scrolls. Rows are drawn by the
// viewer, not as widgets, so a crowd of hundreds costs a few quads and the
// visible rows' text; the live metrics are worked out for visible rows only.

package ui

import (
	"image"
	"image/color"

	"glidepath/engine/hexid"
	"glidepath/ui/inspect"
	"glidepath/ui/model"
	"glidepath/ui/render"
	"glidepath/ui/session"
)

var (
	rowSelected = color.RGBA{0x34, 0x4a, 0x60, 0xff}
	rowHover    = color.RGBA{0x2a, 0x30, 0x38, 0xff}
	textColor   = color.RGBA{0xe8, 0xea, 0xec, 0xff}
	dimColor    = color.RGBA{0x94, 0x9a, 0xa0, 0xff}
	headColor   = color.RGBA{0x9a, 0xc8, 0xf0, 0xff}
)

// objectList holds the rows and the scroll.
type objectList struct {
	rows    []inspect.Row
	visible []int // indices into rows passing the filter
	scroll  scroller
	filter  string
	tick    int
	count   int
	sel     uint32
	hover   int // visible index under the mouse, −1
	// dirty forces a rebuild: the scroll moved, so other rows are visible.
	dirty bool
	// order is the objects' order in the list (listOrder).
	order []int
}

// listOrder is the order of the object list: creation order, each held
// item (a Parent among the live objects) right after its holder and the
// holder's earlier held items — held items are listed under their holder.
// An object in a cycle of holders (hostile input) is listed in creation
// order after the rest.
func listOrder(objs []model.Object, dst []int) []int {
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
func heldUnder(objs []model.Object, order []int, k int) bool {
	p := objs[order[k]].Parent
	for _, i := range order[:k] {
		if objs[i].GUID == p {
			return true
		}
	}
	return false
}

// update rebuilds the rows when the cursor, the object set, the filter or
// the selection changed.
func (l *objectList) update(a *app, r *session.Run) {
	filter := a.gui.filter.GetText()
	s := &r.Snap
	if !l.dirty && l.rows != nil && l.tick == s.Tick && l.count == len(s.Objects) && l.filter == filter && l.sel == a.sel.GUID {
		return
	}
	l.dirty = false
	newSel := l.sel != a.sel.GUID && a.sel.GUID != 0
	l.tick, l.count, l.filter, l.sel = s.Tick, len(s.Objects), filter, a.sel.GUID
	l.rows = l.rows[:0]
	l.visible = l.visible[:0]
	first, last := l.scroll.y/rowHeight, (l.scroll.y+a.lay.list.Dy())/rowHeight+1
	l.order = listOrder(s.Objects, l.order[:0])
	for _, i := range l.order {
		o := &s.Objects[i]
		row := inspect.Row{GUID: o.GUID, Name: o.Name}
		row.ID = hexid.String(o.GUID)
		if row.Name == "" {
			row.Name = row.ID
		}
		if row.Matches(filter) && a.keeps(r, o.GUID) { // filterbox.go
			if k := len(l.visible); k >= first && k <= last {
				row = inspect.MakeRow(o, inspect.Count(r.Index, o.GUID, s.Tick))
			}
			l.visible = append(l.visible, len(l.rows))
		}
		if o.Parent != 0 && heldUnder(s.Objects, l.order, len(l.rows)) {
			row.Name = "  ↳ " + row.Name // held by the row above
		}
		l.rows = append(l.rows, row)
	}
	l.scroll.setContent(len(l.visible)*rowHeight, a.lay.list.Dy())
	if newSel {
		// A selection made elsewhere (-select, the viewport, a lane, the
		// go-to box) scrolls its row into view; the rows then in view are
		// built again with their counts.
		for k, ri := range l.visible {
			if l.rows[ri].GUID != a.sel.GUID {
				continue
			}
			before := l.scroll.y
			l.reveal(k)
			if l.scroll.y != before {
				l.dirty = true
				l.update(a, r)
			}
			break
		}
	}
}

// reveal scrolls so visible row k shows.
func (l *objectList) reveal(k int) {
	top := k * rowHeight
	switch {
	case top < l.scroll.y:
		l.scroll.y = top
	case top+rowHeight > l.scroll.y+l.scroll.view():
		l.scroll.y = top + rowHeight - l.scroll.view()
	}
	l.scroll.clamp()
	l.dirty = true
}

// mouse handles the mouse over the list.
func (l *objectList) mouse(a *app, pt image.Point, wheel float64, clicked bool) {
	if wheel != 0 {
		l.scroll.wheel(wheel)
		l.dirty = true
	}
	k := (pt.Y - a.lay.list.Min.Y + l.scroll.y) / rowHeight
	l.hover = -1
	if k >= 0 && k < len(l.visible) {
		l.hover = k
		if clicked {
			a.selectObject(l.rows[l.visible[k]].GUID)
			a.sel.SetFollow(true) // picked from the list: the camera keeps it
		}
	}
}

// draw draws the visible rows in rect.
func (l *objectList) draw(f *render.Flat, rect image.Rectangle, selected uint32) {
	lh := f.LineHeight()
	for k, i := range l.visible {
		y := rect.Min.Y + k*rowHeight - l.scroll.y
		if y+rowHeight <= rect.Min.Y || y >= rect.Max.Y {
			continue
		}
		if y < rect.Min.Y || y+rowHeight > rect.Max.Y {
			continue // partly hidden rows are left out rather than clipped
		}
		row := &l.rows[i]
		x, fy, w := float32(rect.Min.X), float32(y), float32(rect.Dx())
		switch {
		case row.GUID == selected:
			f.Rect(x, fy, w, rowHeight-2, rowSelected)
		case k == l.hover:
			f.Rect(x, fy, w, rowHeight-2, rowHover)
		}
		f.Text(x+4, fy+1, row.Name, textColor)
		f.Text(x+w-f.Measure(row.ID)-4, fy+1, row.ID, dimColor)
		// A narrow panel shortens the stats with "…"; the inspector has them all.
		f.Text(x+4, fy+1+lh, fitLine(f, row.Stats, w-4), dimColor)
	}
	if len(l.visible) == 0 {
		f.Text(float32(rect.Min.X)+4, float32(rect.Min.Y)+4, "no objects match", dimColor)
	}
}
