// Navigation: go to a tick or a time (Ctrl+G opens a box taking `440`,
// `14.6s`, `+30`, `-30`, `+2s` or a bookmark's label), quit (Ctrl+Q, or Esc
// pressed twice when nothing else takes it), and the panel sizes saved as
// soon as a drag of a panel edge ends, not only when the window closes.

package ui

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/engine/bookmarks"
	"glidepath/ui/panel"
	"glidepath/ui/session"
	"glidepath/ui/settings"
)

// escQuitTicks is how soon (updates) a second unclaimed Esc must follow
// the first to quit: one second.
const escQuitTicks = activeTPS

// navState is the go-to box and the quit keys' state.
type navState struct {
	box     panel.GoTo
	escAt   int  // the update of the last Esc nothing else took; 0 none
	updates int  // updates counted, for escAt
	quit    bool // Update ends the viewer
}

// startGoto opens the go-to box (Ctrl+G), unless another box is open.
func (nv *navState) startGoto(a *app) {
	if a.boxHasKeys() {
		return
	}
	nv.box.Start()
}

// typeGoto applies the keys typed into the go-to box.
func (nv *navState) typeGoto(a *app, chars []rune, backspace, enter, escape bool) {
	text, submit := nv.box.Type(chars, backspace, enter, escape)
	if !submit {
		return
	}
	var marks []bookmarks.Bookmark
	if a.marks.Sidecar != nil {
		marks = a.marks.Sidecar.Bookmarks.List()
	}
	tick, err := panel.ParseGoto(text, a.pb.Cursor(), a.pb.Last(), a.sess.Cur().Info.TickRate, marks)
	if err != nil {
		a.say("go to: " + err.Error())
		return // the box stays open to correct it
	}
	nv.box.Close()
	nv.goTo(a, tick)
}

// goTo moves the cursor to tick and shows it on the timeline.
func (nv *navState) goTo(a *app, tick int) {
	a.pb.NoteScrub()
	a.pb.Seek(tick)
	a.panels.Stepper.Reset()
	a.tl.View.Show(tick)
	if r := a.sess.Reach(); tick > r && tick-a.sess.Cur().Src.Tick() > session.MaxStepAhead { // as Playback.WaitFor holds it
		a.say(fmt.Sprintf("going to tick %d once the pre-run reaches it (at %d)", tick, r))
		return
	}
	a.say(fmt.Sprintf("went to tick %d", tick))
}

// readGotoKeys reads the keyboard for the go-to box.
func (nv *navState) readGotoKeys(a *app) {
	k := nv.box.Keys()
	nv.typeGoto(a, k.Chars, k.Backspace, k.Enter, k.Escape)
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
func (nv *navState) escUnclaimed(a *app) {
	if nv.escAt > 0 && nv.updates-nv.escAt <= escQuitTicks {
		nv.quit = true
		return
	}
	nv.escAt = nv.updates
	a.say("press Esc again to quit (or Ctrl+Q)")
}

// savePanels writes the panel sizes to the settings file when a drag has
// changed them, so they survive a viewer that is killed rather than
// closed.
func (nv *navState) savePanels(a *app) {
	if a.mem.st == nil || !a.panels.TakeMoved() {
		return
	}
	a.mem.st.Panels = settings.Panels{RightWidth: a.panels.Open.RightW, InspectorShare: a.panels.Open.Split}
	if err := a.mem.st.Save(); err != nil {
		a.say("panel sizes not saved: " + err.Error())
	}
}
