// The keyboard of the one-line text boxes (bookmark label, go-to, filter,
// open): the characters typed this update and the editing keys, read the
// same way for each.

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// boxKeys is one update's keyboard for a text box.
type boxKeys struct {
	// chars are the characters typed, in order.
	chars []rune
	// backspace is a press of Backspace or one of its repeats.
	backspace bool
	// tab, enter and escape were pressed this update.
	tab, enter, escape bool
}

// readBoxKeys reads the keyboard for a text box, appending the characters
// typed to buf[:0] (the box's reused buffer) and returning them in k.chars.
func readBoxKeys(buf []rune) boxKeys {
	// A tap that went down and up since the last update has no press
	// duration, so the press itself is read as IsKeyJustPressed (as Enter
	// is), the repeats from the duration.
	bs := inpututil.KeyPressDuration(ebiten.KeyBackspace)
	return boxKeys{
		chars:     ebiten.AppendInputChars(buf[:0]),
		backspace: inpututil.IsKeyJustPressed(ebiten.KeyBackspace) || bs > repeatDelay && (bs-repeatDelay)%repeatInterval == 0,
		tab:       inpututil.IsKeyJustPressed(ebiten.KeyTab),
		enter:     inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter),
		escape:    inpututil.IsKeyJustPressed(ebiten.KeyEscape),
	}
}

// drawTextBox draws a one-line text box w pixels wide over the viewport, a
// quarter down: the hint above, the text typed (clipped at its left so its
// end shows) and the caret after it.
func (a *app) drawTextBox(w float32, hint, text string) {
	f := a.top
	vp := a.lay.viewport
	lh := f.LineHeight()
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/4
	f.Rect(x, y, w, 2*(lh+2)+24, boxColor)
	f.Rect(x, y, w, 2, barColor)
	f.Text(x+10, y+8, hint, dimColor)
	text = clipLeft(f.Measure, text, w-24)
	f.Text(x+10, y+12+lh, text, textColor)
	f.Rect(x+11+f.Measure(text), y+12+lh, 2, lh, textColor)
}
