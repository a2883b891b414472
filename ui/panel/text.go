// Text in a panel of a given width: shortened with "…", wrapped, or
// clipped at either end.

package panel

import (
	"strings"

	"glidepath/ui/render"
	"glidepath/ui/timeline"
)

// Ellipsis ends a shortened line.
const Ellipsis = "…"

// FitLine returns s, or its longest prefix that fits width with "…"
// appended, as f measures them.
func FitLine(f *render.Flat, s string, width float32) string {
	if f.Measure(s) <= width {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs) // the longest fitting prefix is in [lo, hi)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if f.Measure(string(rs[:mid])+Ellipsis) <= width {
			lo = mid
		} else {
			hi = mid
		}
	}
	return string(rs[:lo]) + Ellipsis
}

// Wrap breaks s into lines no wider than width (a word wider than the
// width is cut between characters, so nothing runs past a panel's edge).
func Wrap(f *render.Flat, s string, width float32) []string {
	return timeline.WrapText(f, s, width)
}

// Clip shortens s with an Ellipsis to fit w pixels.
func Clip(measure func(string) float32, s string, w float32) string {
	if measure(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && measure(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// ClipLeft keeps the end of s (a path's file name matters most) within w.
func ClipLeft(measure func(string) float32, s string, w float32) string {
	if measure(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && measure("…"+string(r)) > w {
		r = r[1:]
	}
	return "…" + string(r)
}
