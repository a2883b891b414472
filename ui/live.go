// Live follow in the window (viewer -follow FILE): a recording still being
// written is re-read as it grows — every half second the file is checked,
// and when it holds more complete lines the input is read again up to its
// last newline (a torn last line waits for the next check) and the runs
// replace the old ones, keeping the camera, the selection, the bookmarks and
// the panels. The cursor stays at the live edge, the last tick, until the
// user moves it; End returns to the live edge. A file truncated or replaced
// is reported and the follow stops on what was read.

package ui

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
	"glidepath/ui/timeline"
)

// liveCheckTicks is how often (in updates) the followed file is checked.
const liveCheckTicks = 30

// liveState follows a growing file.
type liveState struct {
	on      bool // following
	edge    bool // the cursor is kept at the last tick
	loaded  int64
	info    os.FileInfo
	counter int
}

// startLive begins following the input (Options.Follow).
func (a *app) startLive() {
	if a.opts.File == "" {
		return
	}
	fi, err := os.Stat(a.opts.File)
	if err != nil {
		return
	}
	a.live = liveState{on: true, edge: true, loaded: fi.Size(), info: fi}
}

// pollLive checks the followed file every liveCheckTicks updates (force:
// now) and reloads it when it holds more complete lines.
func (a *app) pollLive(force bool) {
	l := &a.live
	if !l.on {
		return
	}
	if l.edge && a.started && a.cursorMoved() {
		l.edge = false // the user scrubbed back: stop dragging the cursor
	}
	l.counter++
	if !force && l.counter%liveCheckTicks != 0 {
		return
	}
	fi, err := os.Stat(a.opts.File)
	switch {
	case err != nil:
		a.stopLive("the followed file is gone")
		return
	case !os.SameFile(fi, l.info):
		a.stopLive("the followed file was replaced by another file")
		return
	case fi.Size() < l.loaded:
		a.stopLive(fmt.Sprintf("the followed file was truncated to %d bytes", fi.Size()))
		return
	case fi.Size() == l.loaded:
		return
	}
	data, err := readPrefix(a.opts.File, fi.Size())
	if err != nil {
		a.stopLive(err.Error())
		return
	}
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		data = data[:i+1]
	} else {
		return // not even the header's line yet
	}
	if int64(len(data)) <= l.loaded {
		return // only a torn line more: wait for its end
	}
	rec, err := recording.Read(a.opts.File, bytes.NewReader(data))
	if err != nil {
		a.say("following: " + err.Error())
		return
	}
	var names []string
	for _, r := range a.sess.runs {
		names = append(names, r.info.Reading)
	}
	rs, err := simsource.Readings(names)
	if err != nil {
		a.say("following: " + err.Error())
		return
	}
	runs, err := simsource.New(rec, a.opts.File, rs, assets.FS())
	if err != nil {
		a.say("following: " + err.Error())
		return
	}
	srcs, sess, err := sessionOf(runs)
	if err != nil {
		a.say("following: " + err.Error())
		return
	}
	l.loaded, l.info = int64(len(data)), fi
	a.replaceRuns(sess, srcs)
}

// replaceRuns swaps in the runs of the grown file, keeping the view.
func (a *app) replaceRuns(sess *session, srcs []model.Source) {
	cursor := a.pb.Cursor()
	playing, speed := a.pb.Playing(), a.pb
	a.sess.close()
	a.sess, a.opts.Sources = sess, srcs
	info := srcs[0].Info()
	a.pb = timeline.NewPlayback(info.LastTick, info.TickRate)
	for a.pb.Speed() < speed.Speed() {
		a.pb.Faster()
	}
	a.tl.View.Last = info.LastTick
	if a.tl.View.To > float64(info.LastTick) || a.live.edge {
		a.tl.View.Fit()
	}
	a.opts.Tick = min(cursor, info.LastTick)
	if a.live.edge {
		a.opts.Tick = info.LastTick
	}
	a.keepView, a.started = true, false
	a.pb.SetPlaying(playing && !a.live.edge)
	a.liveCursor = a.opts.Tick
}

// cursorMoved reports whether the user moved the cursor off where the
// follow put it.
func (a *app) cursorMoved() bool { return a.pb.Cursor() != a.liveCursor }

// goLive puts the cursor back at the live edge (End).
func (a *app) goLive() {
	if !a.live.on {
		return
	}
	a.live.edge = true
	a.liveCursor = a.pb.Last()
}

// stopLive ends the follow, saying why; the runs read so far stay.
func (a *app) stopLive(why string) {
	a.live.on, a.live.edge = false, false
	a.say("stopped following: " + why + "; showing what was read")
}

// liveStatus is the status line's word on the follow.
func (a *app) liveStatus() string {
	switch {
	case !a.live.on:
		return ""
	case a.live.edge:
		return "   ● live"
	}
	return fmt.Sprintf("   following, %d ticks behind the live edge (End returns)", a.pb.Last()-a.pb.Cursor())
}

// readPrefix reads the first n bytes of path.
func readPrefix(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}
