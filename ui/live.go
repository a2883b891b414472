// Live follow in the window (viewer -follow FILE) and growing runs: the
// input's event store is filled by a reading of its own (engine.GrowEvents)
// — a large file from its first frame, or a recording or capture still
// being written, whose new events are appended as they arrive (a torn last
// line or frame waits for its end); the file is never read again. Each
// update the runs' length follows what has been read (session.poll), and
// playing into what is not read yet waits there, saying "reading…". While
// following, the cursor stays at the live edge, the last tick read, until
// the user moves it; End returns to the live edge. A file truncated,
// replaced or removed, or a problem in what is appended, is reported and
// the follow stops on what was read.

package ui

import (
	"fmt"
	"os"

	"glidepath/ui/model"
	"glidepath/ui/session"
)

// startLive begins following the input (Options.Follow). Runs opened on the
// file as it was (not following it) are opened again to follow it, once.
func (a *app) startLive() {
	if a.opts.File == "" {
		return
	}
	fi, err := os.Stat(a.opts.File)
	if err != nil || !fi.Mode().IsRegular() {
		return // standard input or a FIFO: read to its end already, never again
	}
	if st := session.StoreOf(a.opts.Sources[0]); st == nil || !st.Following() {
		var names []string
		for _, r := range a.sess.Runs {
			names = append(names, r.Info.Reading)
		}
		if srcs, sess, err := openGrowing(a.opts.File, names, true, a.world); err == nil {
			a.sess.Close()
			a.sess, a.opts.Sources = sess, srcs
		} else {
			a.say("following: " + err.Error())
			return
		}
	}
	a.sess.Follow = true
	a.live = session.NewWatch(fi)
	a.pb.Follow()
}

// pollLive checks the followed file every few updates (force: now): a
// file gone, replaced or truncated, or a problem in what was appended,
// stops the follow (session.Watch).
func (a *app) pollLive(force bool) {
	if !a.pb.Following() {
		return
	}
	if a.started {
		a.pb.NoteScrub() // the user scrubbed back: stop dragging the cursor
	}
	if why := a.live.Check(a.sess, a.opts.File, force); why != "" {
		a.stopLive(why)
	}
}

// growRuns follows the runs' growth: the timeline's length becomes what
// has been read, and at the live edge the cursor moves with it.
func (a *app) growRuns() {
	if !a.sess.Grew || !a.started {
		return
	}
	a.sess.Grew = false
	last := a.sess.Last() // the strip's: the longest input's (session.Last)
	growing, _, _, _ := a.sess.Growing()
	end := a.tl.View.To >= float64(a.tl.View.Last)
	a.tl.View.Last = last
	if end || a.pb.AtEdge() {
		a.tl.View.Fit()
	}
	a.pb.Grown(last, growing)
}

// stopLive ends the follow, saying why; the runs read so far stay.
func (a *app) stopLive(why string) {
	a.pb.Unfollow()
	a.sess.Follow = false
	for _, r := range a.sess.Runs {
		if g, ok := r.Src.(model.Growing); ok {
			g.StopReading()
		}
	}
	a.say("stopped following: " + why + "; showing what was read")
}

// liveStatus is the status line's word on the follow and on the reading
// of an input still being read.
func (a *app) liveStatus() string {
	s := a.readingStatus() + clientStatus(a.opts.Client)
	switch {
	case !a.pb.Following():
		return s
	case a.pb.AtEdge():
		return s // the play state says "● live" (commands.go playState)
	}
	return s + fmt.Sprintf("   following, %d ticks behind the live edge (End returns)", a.pb.Last()-a.pb.Cursor())
}

// readingStatus is the progress of the input's reading while it goes on
// (bytes and ticks read), "reading…" when playback waits for it, or the
// problem that stopped it (FILE:LINE: FIELD: problem).
func (a *app) readingStatus() string {
	growing, read, size, err := a.sess.Growing()
	switch {
	case err != nil:
		return "   reading stopped at " + err.Error() + "; showing what was read"
	case !growing || a.pb.Following():
		return ""
	}
	s := fmt.Sprintf("   reading %s", mib(read))
	if size > 0 {
		s = fmt.Sprintf("   reading %.0f %% (%s of %s)", 100*float64(read)/float64(size), mib(read), mib(size))
	}
	s += fmt.Sprintf(", %d ticks", a.pb.Last())
	if a.pb.Waiting() {
		s += "   reading…"
	}
	return s
}

// mib formats a byte count in MiB.
func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

// Alarms of a live session (viewer live) in the window that follows its
// capture: each one is said in the status line and bookmarks its tick (the
// window owns the capture's sidecar then, so the session leaves it to the
// window), where the timeline's ruler shows it and Page Up / Page Down
// reach it.

// LiveAlarm is one alarm of a live session: its tick, the bookmark's
// label and the words for the status line.
type LiveAlarm struct {
	Tick  int
	Label string
	Text  string
}

// pollLiveAlarms takes the alarms rung since the last update (a live
// session's, Options.LiveAlarms).
func pollLiveAlarms(a *app) {
	for a.opts.LiveAlarms != nil {
		select {
		case al, ok := <-a.opts.LiveAlarms:
			if !ok {
				a.opts.LiveAlarms = nil
				return
			}
			ringLive(a, al)
		default:
			return
		}
	}
}

// ringLive bookmarks an alarm's tick (unless a mark is there already) and
// says it.
func ringLive(a *app, al LiveAlarm) {
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
