// The go-to box (Ctrl+G): a tick (440), a time (14.6s), a move from the
// cursor (+30, -2s) or a bookmark's label, typed and read.

package panel

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"unicode"

	"glidepath/engine/bookmarks"
	"glidepath/ui/render"
)

// ParseGoto reads what the go-to box holds: a tick (`440`), a time in
// seconds (`14.6s`), a move from the cursor in ticks or seconds (`+30`,
// `-30`, `+2s`), or a bookmark's label (exactly, ignoring case; else the
// one label that contains it). The tick is kept within 0…last.
func ParseGoto(text string, cursor, last, rate int, marks []bookmarks.Bookmark) (int, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, fmt.Errorf("type a tick (440), a time (14.6s), a move (+30, -2s) or a bookmark's label")
	}
	rel := 0
	if s[0] == '+' || s[0] == '-' {
		rel = 1
		if s[0] == '-' {
			rel = -1
		}
	}
	num := s
	if rel != 0 {
		num = s[1:]
	}
	if t, ok, err := parseTickOrTime(num, rate); ok {
		if err != nil {
			return 0, err
		}
		if rel != 0 {
			return min(max(cursor+rel*t, 0), last), nil
		}
		if t > last {
			return 0, fmt.Errorf("%q: the run's last tick is %d", s, last)
		}
		return t, nil
	}
	var hits []bookmarks.Bookmark
	for _, b := range marks {
		if strings.EqualFold(b.Label, s) {
			return b.Tick, nil
		}
		if strings.Contains(strings.ToLower(b.Label), strings.ToLower(s)) {
			hits = append(hits, b)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0].Tick, nil
	case 0:
		return 0, fmt.Errorf("%q: not a tick, a time (14.6s), a move (+30) or a bookmark's label", s)
	}
	return 0, fmt.Errorf("%q: %d bookmarks match (%q at tick %d, %q at tick %d…)", s, len(hits), hits[0].Label, hits[0].Tick, hits[1].Label, hits[1].Tick)
}

// parseTickOrTime reads `440` (a tick) or `14.6s` (seconds at rate ticks a
// second, to the nearest tick); ok is false when s is neither shape.
func parseTickOrTime(s string, rate int) (tick int, ok bool, err error) {
	if s == "" || !(unicode.IsDigit(rune(s[0])) || s[0] == '.') {
		return 0, false, nil
	}
	if sec, found := strings.CutSuffix(s, "s"); found {
		v, err := strconv.ParseFloat(sec, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || v > 1e9 {
			return 0, true, fmt.Errorf("%q: want seconds such as 14.6s", s)
		}
		return int(math.Round(v * float64(max(rate, 1)))), true, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, true, fmt.Errorf("%q: want a whole tick such as 440", s)
	}
	return v, true, nil
}

// GoTo is the go-to box.
type GoTo struct {
	On    bool
	text  []rune
	chars []rune
}

// Start opens the box, empty.
func (g *GoTo) Start() { g.On, g.text = true, g.text[:0] }

// Close closes the box.
func (g *GoTo) Close() { g.On = false }

// Keys reads the keyboard for the box.
func (g *GoTo) Keys() BoxKeys {
	k := ReadBoxKeys(g.chars)
	g.chars = k.Chars
	return k
}

// Type applies the keys typed into the box; Enter hands the text back
// (submit true) for the window to go to, Esc closes the box.
func (g *GoTo) Type(chars []rune, backspace, enter, escape bool) (text string, submit bool) {
	g.text, _ = TypeInto(g.text, chars, backspace, bookmarks.MaxLabel)
	switch {
	case escape:
		g.On = false
	case enter:
		return string(g.text), true
	}
	return "", false
}

// Draw draws the box over the viewport vp.
func (g *GoTo) Draw(f *render.Flat, vp image.Rectangle) {
	if !g.On {
		return
	}
	DrawTextBox(f, vp, 460, "Go to: 440 · 14.6s · +30 · -2s · a bookmark — Enter goes, Esc closes", string(g.text))
}
