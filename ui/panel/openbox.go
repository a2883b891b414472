// The open box (Shift+O, and Shift+W for a dat folder): a path typed with
// Tab completion, the candidates Tab found when it could not decide.

package panel

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"glidepath/ui/render"
)

// OpenBox is the open dialog's state.
type OpenBox struct {
	Active     bool
	Text       []rune
	candidates []string // what Tab found when it could not decide
	chars      []rune
	// Dat: the box asks for a dat folder (Shift+W), not an input.
	Dat bool
}

// maxCandidates is how many completions the box lists.
const maxCandidates = 8

// Start shows the box holding text.
func (o *OpenBox) Start(text string) { *o = OpenBox{Active: true, Text: []rune(text)} }

// Keys reads the keyboard for the box.
func (o *OpenBox) Keys() BoxKeys {
	k := ReadBoxKeys(o.chars)
	o.chars = k.Chars
	return k
}

// Type applies the keys typed into the box; Enter hands back the path to
// open (open true).
func (o *OpenBox) Type(chars []rune, backspace, tab, enter, escape bool) (path string, open bool) {
	var changed bool
	if o.Text, changed = TypeInto(o.Text, chars, backspace, 4096); changed {
		o.candidates = nil
	}
	switch {
	case escape:
		o.Active = false
	case tab:
		text, cands := Complete(string(o.Text))
		o.Text, o.candidates = []rune(text), cands
	case enter:
		o.Active = false
		return string(o.Text), true
	}
	return "", false
}

// Complete extends a typed path as far as the names it could be allow: one
// match completes (a directory gains its separator), several complete to
// their common prefix and are returned (sorted, at most maxCandidates).
func Complete(text string) (string, []string) {
	dir, prefix := filepath.Split(text)
	look := dir
	if look == "" {
		look = "."
	}
	ents, err := os.ReadDir(look)
	if err != nil {
		return text, nil
	}
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && (prefix != "" || !strings.HasPrefix(e.Name(), ".")) {
			n := e.Name()
			if e.IsDir() {
				n += string(filepath.Separator)
			}
			names = append(names, n)
		}
	}
	sort.Strings(names)
	switch len(names) {
	case 0:
		return text, nil
	case 1:
		return dir + names[0], nil
	}
	common := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, common) {
			common = common[:len(common)-1]
		}
	}
	if len(names) > maxCandidates {
		names = append(names[:maxCandidates], fmt.Sprintf("… %d more", len(names)-maxCandidates))
	}
	return dir + common, names
}

// Draw draws the open dialog over the viewport vp: the path, the caret
// and the candidates.
func (o *OpenBox) Draw(f *render.Flat, vp image.Rectangle) {
	if !o.Active {
		return
	}
	const w = 560
	lh := f.LineHeight()
	n := len(o.candidates)
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/4
	f.Rect(x, y, w, float32(2+n)*(lh+2)+24, BoxColor)
	f.Rect(x, y, w, 2, BarColor)
	f.Text(x+10, y+8, "Open a recording or scenario — Tab completes, Enter opens, Esc closes", DimColor)
	path := ClipLeft(f.Measure, string(o.Text), w-24)
	f.Text(x+10, y+12+lh, path, TextColor)
	f.Rect(x+11+f.Measure(path), y+12+lh, 2, lh, TextColor)
	for i, c := range o.candidates {
		f.Text(x+24, y+16+float32(i+2)*(lh+2), c, DimColor)
	}
}
