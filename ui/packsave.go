// Shift+P: save the evidence pack (viewer pack) of the blip, snap, pop or
// hitch nearest the cursor — the selection's, when an object is selected —
// into a folder next to the input. Options.SavePack does the work off the
// window's loop; its progress and its last word come back to the status
// line (docs/viewer.md "What-if, shrink and evidence packs").

package ui

import "fmt"

// packSaver saves Shift+P's evidence pack in the background.
type packSaver struct {
	// done brings a saved evidence pack's last word; busy: one is being
	// saved.
	done chan string
	busy bool
}

// PackRequest asks for the evidence pack of one moment.
type PackRequest struct {
	// File is the input shown; Tick the cursor; Select the selected
	// object (0: none); Reading the reading whose overlays show.
	File    string
	Tick    int
	Select  uint32
	Reading string
}

// savePack asks Options.SavePack for the pack of the moment at the cursor.
func (ps *packSaver) savePack(a *app) {
	if a.opts.SavePack == nil {
		a.say("saving an evidence pack is not available here")
		return
	}
	if a.opts.File == "" {
		a.say("an evidence pack is of an input file: open one (Shift+O)")
		return
	}
	if ps.busy {
		a.say("an evidence pack is being saved: wait for it")
		return
	}
	req := PackRequest{File: a.opts.File, Tick: a.pb.Cursor(), Select: a.sel.GUID, Reading: a.sess.Cur().Info.Reading}
	if a.exportMsgs == nil {
		a.exportMsgs = make(chan string, 4)
	}
	if ps.done == nil {
		ps.done = make(chan string, 1)
	}
	ps.busy = true
	a.say(fmt.Sprintf("saving the evidence pack of tick %d…", req.Tick))
	run, msgs, done := a.opts.SavePack, a.exportMsgs, ps.done
	go func() {
		done <- run(req, func(s string) {
			select { // progress: dropped when the status line is behind
			case msgs <- s:
			default:
			}
		})
	}()
}

// pollPack shows the last word of a pack that finished.
func (ps *packSaver) pollPack(a *app) {
	select {
	case msg := <-ps.done:
		ps.busy = false
		a.say(msg)
	default:
	}
}
