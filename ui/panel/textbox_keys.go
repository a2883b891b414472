// The keyboard of the one-line text boxes (bookmark label, go-to, filter,
// open): the characters typed this update and the editing keys, read the
// same way for each.

package panel

import (
	"image"
	"unicode"

	"glidepath/ui/render"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// BoxKeys is one update's keyboard for a text box.
type BoxKeys struct {
	// Chars are the characters typed, in order.
	Chars []rune
	// Backspace is a press of Backspace or one of its repeats.
	Backspace bool
	// Tab, Enter and Escape were pressed this update.
	Tab, Enter, Escape bool
}

// ReadBoxKeys reads the keyboard for a text box, appending the characters
// typed to buf[:0] (the box's reused buffer) and returning them in k.Chars.
func ReadBoxKeys(buf []rune) BoxKeys {
	// A tap that went down and up since the last update has no press
	// duration, so the press itself is read as IsKeyJustPressed (as Enter
	// is), the repeats from the duration.
	bs := inpututil.KeyPressDuration(ebiten.KeyBackspace)
	return BoxKeys{
		Chars:     ebiten.AppendInputChars(buf[:0]),
		Backspace: inpututil.IsKeyJustPressed(ebiten.KeyBackspace) || bs > RepeatDelay && (bs-RepeatDelay)%RepeatInterval == 0,
		Tab:       inpututil.IsKeyJustPressed(ebiten.KeyTab),
		Enter:     inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter),
		Escape:    inpututil.IsKeyJustPressed(ebiten.KeyEscape),
	}
}

// TypeInto applies one update's typing to a box's text: each printable
// character appended while the text is shorter than limit, then the last
// character removed on Backspace. It returns the text and whether it
// changed.
func TypeInto(text, chars []rune, backspace bool, limit int) ([]rune, bool) {
	changed := false
	for _, c := range chars {
		if unicode.IsPrint(c) && len(text) < limit {
			text = append(text, c)
			changed = true
		}
	}
	if backspace && len(text) > 0 {
		text = text[:len(text)-1]
		changed = true
	}
	return text, changed
}

// DrawTextBox draws a one-line text box w pixels wide over the viewport
// vp, a quarter down: the hint above, the text typed (clipped at its left
// so its end shows) and the caret after it.
func DrawTextBox(f *render.Flat, vp image.Rectangle, w float32, hint, text string) {
	lh := f.LineHeight()
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/4
	f.Rect(x, y, w, 2*(lh+2)+24, BoxColor)
	f.Rect(x, y, w, 2, BarColor)
	f.Text(x+10, y+8, hint, DimColor)
	text = ClipLeft(f.Measure, text, w-24)
	f.Text(x+10, y+12+lh, text, TextColor)
	f.Rect(x+11+f.Measure(text), y+12+lh, 2, lh, TextColor)
}
