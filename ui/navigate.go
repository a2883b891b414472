// Navigation: go to a tick or a time (Ctrl+G opens a box taking `440`,
// `14.6s`, `+30`, `-30`, `+2s` or a bookmark's label), quit (Ctrl+Q, or Esc
// pressed twice when nothing else takes it), and the panel sizes saved as
// soon as a drag of a panel edge ends, not only when the window closes.

package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/engine/bookmarks"
	"glidepath/ui/panel"
	"glidepath/ui/settings"
)

// escQuitTicks is how soon (updates) a second unclaimed Esc must follow
// the first to quit: one second.
const escQuitTicks = activeTPS

// navState is the go-to box and the quit keys' state.
type navState struct {
	gotoOn  bool
	text    []rune
	chars   []rune
	escAt   int  // the update of the last Esc nothing else took; 0 none
	updates int  // updates counted, for escAt
	quit    bool // Update ends the viewer
}

// parseGoto reads what the go-to box holds: a tick (`440`), a time in
// seconds (`14.6s`), a move from the cursor in ticks or seconds (`+30`,
// `-30`, `+2s`), or a bookmark's label (exactly, ignoring case; else the
// one label that contains it). The tick is kept within 0…last.
func parseGoto(text string, cursor, last, rate int, marks []bookmarks.Bookmark) (int, error) {
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

// startGoto opens the go-to box (Ctrl+G), unless another box is open.
func (a *app) startGoto() {
	if a.boxHasKeys() {
		return
	}
	a.nav.gotoOn, a.nav.text = true, a.nav.text[:0]
}

// typeGoto applies the keys typed into the go-to box.
func (a *app) typeGoto(chars []rune, backspace, enter, escape bool) {
	n := &a.nav
	for _, c := range chars {
		if unicode.IsPrint(c) && len(n.text) < bookmarks.MaxLabel {
			n.text = append(n.text, c)
		}
	}
	if backspace && len(n.text) > 0 {
		n.text = n.text[:len(n.text)-1]
	}
	switch {
	case escape:
		n.gotoOn = false
	case enter:
		var marks []bookmarks.Bookmark
		if a.marks.Sidecar != nil {
			marks = a.marks.Sidecar.Bookmarks.List()
		}
		tick, err := parseGoto(string(n.text), a.pb.Cursor(), a.pb.Last(), a.sess.Cur().Info.TickRate, marks)
		if err != nil {
			a.say("go to: " + err.Error())
			return // the box stays open to correct it
		}
		n.gotoOn = false
		a.goTo(tick)
	}
}

// goTo moves the cursor to tick and shows it on the timeline.
func (a *app) goTo(tick int) {
	a.pb.NoteScrub()
	a.pb.Seek(tick)
	a.panels.Stepper.Reset()
	a.tl.View.Show(tick)
	a.say(fmt.Sprintf("went to tick %d", tick))
}

// readGotoKeys reads the keyboard for the go-to box.
func (a *app) readGotoKeys() {
	k := panel.ReadBoxKeys(a.nav.chars)
	a.nav.chars = k.Chars
	a.typeGoto(k.Chars, k.Backspace, k.Enter, k.Escape)
}

// drawGotoBox draws the go-to box over the viewport.
func (a *app) drawGotoBox() {
	if !a.nav.gotoOn {
		return
	}
	panel.DrawTextBox(a.top, a.lay.Viewport, 460, "Go to: 440 · 14.6s · +30 · -2s · a bookmark — Enter goes, Esc closes", string(a.nav.text))
}

// ctrlHelp lists the Ctrl keys, for the help overlay.
var ctrlHelp = [][2]string{
	{"Ctrl+G", "go to a tick (440), a time (14.6s), a move (+30, -2s) or a bookmark"},
	{"Ctrl+F", "filter the object list and the messages (blip guid=0x80000A01, kind=snap,pop)"},
	{"Ctrl+Q", "quit (also Esc twice with nothing else to close)"},
}

// ctrlCommand is the command of a key pressed with Ctrl held (Ctrl+G go
// to, Ctrl+Q quit), cmdNone for others.
func ctrlCommand(k ebiten.Key) command {
	switch k {
	case ebiten.KeyG:
		return cmdGoto
	case ebiten.KeyQ:
		return cmdQuit
	case ebiten.KeyF:
		return cmdFilter
	}
	return cmdNone
}

// readCtrl queues the commands of the keys pressed with Ctrl held; they
// are not read as plain keys (Ctrl+G is not the G overlay).
func (in *inputState) readCtrl() {
	in.scratch = inpututil.AppendJustPressedKeys(in.scratch[:0])
	for _, k := range in.scratch {
		if c := ctrlCommand(k); c != cmdNone {
			in.push(c)
		}
	}
}

// ctrlHeld reports whether either Ctrl key is down.
func ctrlHeld() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// escUnclaimed is Esc when nothing else took it: a second one within a
// second quits, the first says so.
func (a *app) escUnclaimed() {
	if a.nav.escAt > 0 && a.nav.updates-a.nav.escAt <= escQuitTicks {
		a.nav.quit = true
		return
	}
	a.nav.escAt = a.nav.updates
	a.say("press Esc again to quit (or Ctrl+Q)")
}

// savePanels writes the panel sizes to the settings file when a drag has
// changed them, so they survive a viewer that is killed rather than
// closed.
func (a *app) savePanels() {
	if a.st == nil || !a.panels.TakeMoved() {
		return
	}
	a.st.Panels = settings.Panels{RightWidth: a.panels.Open.RightW, InspectorShare: a.panels.Open.Split}
	if err := a.st.Save(); err != nil {
		a.say("panel sizes not saved: " + err.Error())
	}
}
