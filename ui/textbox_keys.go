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
	bs := inpututil.KeyPressDuration(ebiten.KeyBackspace)
	return boxKeys{
		chars:     ebiten.AppendInputChars(buf[:0]),
		backspace: bs == 1 || bs > repeatDelay && (bs-repeatDelay)%repeatInterval == 0,
		tab:       inpututil.IsKeyJustPressed(ebiten.KeyTab),
		enter:     inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter),
		escape:    inpututil.IsKeyJustPressed(ebiten.KeyEscape),
	}
}
