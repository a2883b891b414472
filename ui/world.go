// The client's world in the window: the world line, the dat folder opened
// from the window (Shift+W, "Open dat folder…") and remembered in the
// settings, and the world overlay's key (4). docs/world.md.

package ui

import (
	"path/filepath"

	"glidepath/engine"
	"glidepath/engine/datworld"
)

// worldLine says which world the runs are in.
func (a *app) worldLine() string {
	if n := inputNotice(a.opts.Sources[0]); n != "" {
		// A capture's player and the rule that chose it (engine/capture
		// player.go), beside the world.
		return a.worldOnly() + "   " + n
	}
	return a.worldOnly()
}

// inputNotice is what the input read whole says of itself (a capture:
// its player rule), or "".
func inputNotice(src any) string {
	if s, ok := src.(interface{ Store() *engine.EventStore }); ok && s.Store() != nil {
		return s.Store().Notice()
	}
	return ""
}

// sayNotice says the input's notice when it appears or changes after the
// window opened: a capture's player rule is known as soon as the reader
// decides it (PlayerCreate, the client's own position), which may be
// long before the capture is read whole ("none" only at its end).
func (a *app) sayNotice() {
	n := inputNotice(a.opts.Sources[0])
	if n == a.noticeSaid {
		return
	}
	a.noticeSaid = n
	switch {
	case n == "":
	case a.world != nil:
		a.say(a.worldLine())
	default:
		a.say(n)
	}
}

// worldOnly is the world half of worldLine.
func (a *app) worldOnly() string {
	if l := a.opts.Sources[0].Info().WorldLine; l != "" {
		return "world: " + l
	}
	if a.world == nil {
		return "world: " + engine.IllustrativeWorld
	}
	return "world: " + a.world.Describe()
}

// startOpenDat shows the open box asking for a dat folder, holding the one
// remembered (or the current input's folder).
func (a *app) startOpenDat() {
	a.startOpen()
	a.open.dat = true
	if a.st != nil && a.st.DatDir != "" {
		a.open.text = []rune(a.st.DatDir)
	}
}

// openDat opens the dat folder dir, remembers it, and opens the current
// input again in its world. A folder that cannot be opened is reported in
// the status line and the world stays as it was.
func (a *app) openDat(dir string) {
	if dir == "" {
		return
	}
	w, err := datworld.Open(dir)
	if err != nil {
		a.say("cannot open the dat folder: " + err.Error())
		return
	}
	a.world = w
	if a.st != nil {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		a.st.DatDir = dir
		if err := a.st.Save(); err != nil {
			a.say("the dat folder was not remembered: " + err.Error())
		}
	}
	if a.opts.File == "" {
		a.say("world: " + w.Describe() + " (for the next input opened)")
		return
	}
	a.openFile(a.opts.File)
	a.say(a.worldOnly())
}
