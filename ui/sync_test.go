// Tests of one cursor over several inputs.

package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/ui/camera"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
	"glidepath/ui/timeline"
)

// openInputs opens the app on several scenarios, one run each.
func openInputs(t *testing.T, opts Options, paths ...string) *app {
	t.Helper()
	for _, p := range paths {
		runs, err := simsource.Open(simsource.Spec{Path: p, Assets: assets.FS()})
		if err != nil {
			t.Fatal(err)
		}
		opts.Sources = append(opts.Sources, runs[0])
	}
	opts.File = paths[0]
	a, err := newApp(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.sess.Close)
	return readyApp(t, a, opts)
}

// Two inputs of different lengths share one cursor: the strip spans the
// longer; both runs sit at the cursor's tick while both have it; past the
// shorter one's end it stays at its last tick (the status line says so
// when it is the selected input) while the longer goes on; back before the
// end both follow again. Legend, timeline rows and status name the inputs.
func TestSeveralInputs_OneCursorClampsPerInput(t *testing.T) {
	long, short := "../assets/scenarios/runner.yaml", "testdata/runner-slow.yaml"
	a := openInputs(t, Options{Camera: camera.Isometric, Tick: 0, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01}, long, short)
	lastLong, lastShort := a.sess.Runs[0].Info.LastTick, a.sess.Runs[1].Info.LastTick
	if lastShort >= lastLong {
		t.Fatalf("want inputs of different lengths, got %d and %d ticks", lastLong, lastShort)
	}
	if a.pb.Last() != lastLong || a.sess.Reach() != lastLong {
		t.Errorf("strip ends at %d (reach %d), want the longer input's %d", a.pb.Last(), a.sess.Reach(), lastLong)
	}
	at := func(cursor int) (int, int) {
		t.Helper()
		a.pb.Seek(cursor)
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		return a.sess.Runs[0].Snap.Tick, a.sess.Runs[1].Snap.Tick
	}
	if l, s := at(300); l != 300 || s != 300 {
		t.Errorf("cursor 300: inputs at %d and %d", l, s)
	}
	if l, s := at(lastShort + 100); l != lastShort+100 || s != lastShort {
		t.Errorf("cursor %d: inputs at %d and %d, want %d and the shorter's end %d", lastShort+100, l, s, lastShort+100, lastShort)
	}
	a.apply(cmdNextReading) // the shorter input's panels
	if a.bar.status != "showing runner-slow.yaml's overlays" {
		t.Errorf("C says %q: want the input it switched to named, not a reading", a.bar.status)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if st := a.bar.statusFull; !strings.Contains(st, "[runner-slow.yaml]") || !strings.Contains(st, "ended at its tick") {
		t.Errorf("status %q: want the selected input named and its end said", st)
	}
	if r := a.sess.Cur(); r.Snap.Tick != lastShort || a.selectedObject() == nil {
		t.Errorf("the selected short input shows tick %d, selection %v", r.Snap.Tick, a.selectedObject() != nil)
	}
	if l, s := at(lastShort - 10); l != lastShort-10 || s != lastShort-10 {
		t.Errorf("back to %d: inputs at %d and %d", lastShort-10, l, s)
	}
	d := a.timelineData()
	if len(d.Stack) != 2 || d.Stack[0].Name != "runner.yaml" || d.Stack[1].Name != "runner-slow.yaml" {
		t.Errorf("timeline rows %d: %+v", len(d.Stack), d.Stack)
	}
	frame(t, a)
}

// Inputs at different tick rates are synced by time: a 15 Hz input's tick
// at the strip's (30 Hz) tick 300 is 150, clamped to its end; the strip
// reaches the slower input's end in its own ticks.
func TestSyncTick_ByTimeAcrossRates(t *testing.T) {
	for _, c := range []struct{ cursor, rate0, rate, last, want int }{
		{300, 30, 30, 1000, 300},
		{300, 30, 15, 1000, 150},
		{301, 30, 15, 1000, 151}, // 150.5 rounds up
		{300, 30, 60, 1000, 600},
		{300, 30, 60, 500, 500},
		{-3, 30, 30, 10, 0},
	} {
		if got := session.SyncTick(c.cursor, c.rate0, c.rate, c.last); got != c.want {
			t.Errorf("syncTick(%d, %d Hz → %d Hz, last %d) = %d, want %d", c.cursor, c.rate0, c.rate, c.last, got, c.want)
		}
	}
	if got := session.StripTick(150, 30, 15); got != 300 {
		t.Errorf("stripTick(150 at 15 Hz) = %d, want 300", got)
	}
}

// An input at 15 Hz beside a 30 Hz one is placed by time: at the cursor's
// tick 300 it is at its tick 150, its timeline rows are scaled by 2, and
// stepping to its next event with . puts the cursor at that event's time
// in the first input's ticks.
func TestSeveralInputs_OtherTickRateByTime(t *testing.T) {
	data, err := os.ReadFile("testdata/runner-slow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	slow := filepath.Join(t.TempDir(), "runner-15hz.yaml")
	if err := os.WriteFile(slow, append(data, "tick_rate: 15\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	a := openInputs(t, Options{Camera: camera.Isometric, Tick: 300, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01}, "../assets/scenarios/runner.yaml", slow)
	r := a.sess.Runs[1]
	if r.Info.TickRate != 15 {
		t.Fatalf("the second input runs at %d Hz", r.Info.TickRate)
	}
	if a.sess.Runs[0].Snap.Tick != 300 || r.Snap.Tick != 150 {
		t.Errorf("cursor 300: inputs at ticks %d and %d, want 300 and 150", a.sess.Runs[0].Snap.Tick, r.Snap.Tick)
	}
	if d := a.timelineData(); d.Stack[1].Scale != 2 {
		t.Errorf("the 15 Hz rows' scale is %v, want 2", d.Stack[1].Scale)
	}
	a.apply(cmdNextReading)
	a.tl.Lane = timeline.LaneUpdates
	i, ok := r.Index.Next(150, timeline.LaneUpdates.Filter(0x80000C01))
	if !ok {
		t.Fatal("the 15 Hz input has no update after its tick 150")
	}
	a.apply(cmdNextEvent)
	if want := 2 * int(r.Index.Event(i).Tick); a.pb.Cursor() != want {
		t.Errorf(". went to cursor %d, want %d (its update at its tick %d)", a.pb.Cursor(), want, r.Index.Event(i).Tick)
	}
}
