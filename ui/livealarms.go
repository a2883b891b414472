// Alarms of a live session (viewer live) in the window that follows its
// capture: each one is said in the status line and bookmarks its tick (the
// window owns the capture's sidecar then, so the session leaves it to the
// window), where the timeline's ruler shows it and Page Up / Page Down
// reach it.

package ui

import "fmt"

// LiveAlarm is one alarm of a live session: its tick, the bookmark's
// label and the words for the status line.
type LiveAlarm struct {
	Tick  int
	Label string
	Text  string
}

// pollLiveAlarms takes the alarms rung since the last update.
func (a *app) pollLiveAlarms() {
	for a.opts.LiveAlarms != nil {
		select {
		case al, ok := <-a.opts.LiveAlarms:
			if !ok {
				a.opts.LiveAlarms = nil
				return
			}
			a.ringLive(al)
		default:
			return
		}
	}
}

// ringLive bookmarks an alarm's tick (unless a mark is there already) and
// says it.
func (a *app) ringLive(al LiveAlarm) {
	if sc := a.marks.Sidecar; sc != nil {
		if _, ok := sc.Bookmarks.At(al.Tick); !ok {
			if err := sc.Bookmarks.Add(al.Tick, al.Label); err == nil {
				if err := sc.Save(); err != nil {
					a.say("bookmarks not saved: " + err.Error())
				}
			}
		}
	}
	a.say(fmt.Sprintf("alarm at tick %d: %s (bookmarked; PgUp/PgDn reach it)", al.Tick, al.Text))
}
