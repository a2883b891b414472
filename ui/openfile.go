// Opening another input from the window: a file dropped on the window
// (Ebitengine's dropped-files API) or typed in the open box (Shift+O: a
// path with Tab completion). The new input replaces the session under the
// same readings; the cursor, selection and bookmarks start over, the title
// names the new file. A file that cannot be opened is reported in the
// status line and the current one stays. A large file is read behind its
// first frame, as the command line reads its input (openGrowing).
//
// The client's world in the window: the world line, the dat folder opened
// from the window (Shift+W, "Open dat folder…") and remembered in the
// settings, and the world overlay's key (4). docs/world.md.

package ui

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/datworld"
	"glidepath/interp"
	"glidepath/ui/model"
	"glidepath/ui/panel"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// openBox is the path box (panel.OpenBox) with what opens through it: an
// input (Shift+O, a dropped file) or the dat folder (Shift+W).
type openBox struct {
	panel.OpenBox
	// floorSaid says the ground's notice was said (sayFloor).
	floorSaid bool
}

// startOpen shows the open box, holding the current input's directory.
func (ob *openBox) startOpen(a *app) {
	a.pb.SetPlaying(false)
	start := "." + string(filepath.Separator)
	switch {
	case a.opts.File != "":
		start = filepath.Dir(a.opts.File) + string(filepath.Separator)
	case a.mem.st != nil && a.mem.st.LastFile != "":
		start = a.mem.st.LastFile // the last input opened
	}
	ob.Start(start)
}

// typeOpen applies the keys typed into the open box.
func (ob *openBox) typeOpen(a *app, chars []rune, backspace, tab, enter, escape bool) {
	path, open := ob.Type(chars, backspace, tab, enter, escape)
	switch {
	case !open:
	case ob.Dat:
		ob.openDat(a, path)
	default:
		ob.openFile(a, path)
	}
}

// readOpenKeys reads the keyboard for the open box.
func (ob *openBox) readOpenKeys(a *app) {
	k := ob.Keys()
	ob.typeOpen(a, k.Chars, k.Backspace, k.Tab, k.Enter, k.Escape)
}

// handleDrop opens the first file dropped on the window. Desktop drops
// carry their real path (ebiten.AbsPather).
func (ob *openBox) handleDrop(a *app, dropped fs.FS) {
	ents, err := fs.ReadDir(dropped, ".")
	if err != nil || len(ents) == 0 {
		return
	}
	ap, ok := ents[0].(ebiten.AbsPather)
	if !ok {
		a.say("cannot open " + ents[0].Name() + ": the drop carries no path")
		return
	}
	if ents[0].IsDir() {
		a.say("drop a recording (.jsonl, .jsonl.gz) or a scenario (.yaml), not a directory")
		return
	}
	if len(ents) > 1 {
		defer a.say(fmt.Sprintf("opened %s (one file at a time; %d dropped)", ents[0].Name(), len(ents)))
	}
	ob.openFile(a, ap.AbsPath())
}

// openFile replaces the input by path under the same readings, opened as
// the command line opens it (openGrowing): only what the first frame needs
// is read on the window's loop — a small file whole, so a problem in it is
// reported here — and the rest is read behind the window, its progress
// and any problem met later in the status line; its pre-run runs in the
// background as at start.
func (ob *openBox) openFile(a *app, path string) {
	if path == "" {
		return
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		a.say(path + " is a directory")
		return
	}
	var readings []string
	for _, r := range a.sess.Runs {
		readings = append(readings, r.Info.Reading)
	}
	srcs, sess, err := openGrowing(path, readings, false, a.world)
	if err != nil {
		a.say("cannot open: " + err.Error())
		return
	}
	rememberErr := a.mem.rememberView(a)
	a.sess.Close()
	a.sess = sess
	a.opts.Sources, a.opts.File, a.opts.Tick = srcs, path, 0
	info := srcs[0].Info()
	a.pb.Reset(sess.Last(), info.TickRate)
	a.tl.Reset(sess.Last())
	a.tl.ClearSelection()
	a.started = false
	a.sel.Reset()
	a.panels.Stepper.Reset()
	a.marks = marksView{panel.Marks{Shown: a.marks.Shown}}
	a.marks.Load(path)
	a.opts.Title = "Glidepath — " + path
	ebiten.SetWindowTitle(a.opts.Title)
	a.relayout()
	a.mem.restore = true
	a.say("opened " + path)
	if rememberErr != nil {
		a.say("opened " + path + "; the previous view was not remembered: " + rememberErr.Error())
	}
}

// openGrowing opens path under the readings named into an event store
// that a goroutine goes on filling (simsource.GrowEvents, as the command
// line opens its input), and starts a session over it once what the first
// frame needs is read (simsource.AwaitFirstFrame: a small file whole, a
// large one its first frame and a share to size the run by); the rest is
// read behind the window. follow: the file is still being written.
func openGrowing(path string, names []string, follow bool, world engine.WorldData) ([]model.Source, *session.Session, error) {
	spec := simsource.Spec{Path: path, Readings: names, Assets: assets.FS(), Follow: follow, World: world}
	rs, err := interp.ReadingsByName(names)
	if err != nil {
		return nil, nil, err
	}
	st, err := simsource.GrowEvents(spec)
	if err != nil {
		return nil, nil, err
	}
	if err := simsource.AwaitFirstFrame(context.Background(), st, 0); err != nil {
		st.Stop()
		return nil, nil, err
	}
	runs, err := simsource.NewFromStoreWorld(st, path, rs, spec.Assets, spec.World)
	if err != nil {
		st.Stop()
		return nil, nil, err
	}
	return session.Of(runs)
}

// worldLine says which world the runs are in.
func (ob *openBox) worldLine(a *app) string {
	if n := inputNotice(a.opts.Sources[0]); n != "" {
		// A capture's player and the rule that chose it (engine/capture
		// player.go), beside the world.
		return ob.worldOnly(a) + "   " + n
	}
	return ob.worldOnly(a)
}

// inputNotice is what the input read whole says of itself (a capture:
// its player rule), or "".
func inputNotice(src any) string {
	if s, ok := src.(interface{ Store() *engine.EventStore }); ok && s.Store() != nil {
		return s.Store().Notice()
	}
	return ""
}

// sayFloor says once, in the status line, the ground the first input's run
// stands on without dat files ("no dat files: ground from the server's
// positions in 14 cells", engine.Sim.FloorNotice, as viewer run says it on
// stderr), when its input has been read whole: the cells of the whole input.
func (ob *openBox) sayFloor(a *app) {
	if ob.floorSaid {
		return
	}
	src := a.opts.Sources[0]
	s, ok := src.(interface{ Sim() *engine.Sim })
	if !ok {
		ob.floorSaid = true
		return
	}
	last := src.Info().LastTick
	if st, ok := src.(interface{ Store() *engine.EventStore }); ok && st.Store() != nil {
		if !st.Store().Complete() {
			return
		}
		last = st.Store().LastTick()
	}
	ob.floorSaid = true
	if n := s.Sim().Query().FloorNoticeAt(last); n != "" {
		a.say(n)
	}
}

// sayNotice says the input's notice when it appears or changes after the
// window opened: a capture's player rule is known as soon as the reader
// decides it (PlayerCreate, the client's own position), which may be
// long before the capture is read whole ("none" only at its end).
func (ob *openBox) sayNotice(a *app) {
	n := inputNotice(a.opts.Sources[0])
	if n == a.noticeSaid {
		return
	}
	a.noticeSaid = n
	switch {
	case n == "":
	case a.world != nil:
		a.say(ob.worldLine(a))
	default:
		a.say(n)
	}
}

// worldOnly is the world half of worldLine.
func (ob *openBox) worldOnly(a *app) string {
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
func (ob *openBox) startOpenDat(a *app) {
	ob.startOpen(a)
	ob.Dat = true
	if a.mem.st != nil && a.mem.st.DatDir != "" {
		ob.Text = []rune(a.mem.st.DatDir)
	}
}

// openDat opens the dat folder dir, remembers it, and opens the current
// input again in its world. A folder that cannot be opened is reported in
// the status line and the world stays as it was.
func (ob *openBox) openDat(a *app, dir string) {
	if dir == "" {
		return
	}
	w, err := datworld.Open(dir)
	if err != nil {
		a.say("cannot open the dat folder: " + err.Error())
		return
	}
	a.world = w
	if a.mem.st != nil {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		a.mem.st.DatDir = dir
		if err := a.mem.st.Save(); err != nil {
			a.say("the dat folder was not remembered: " + err.Error())
		}
	}
	if a.opts.File == "" {
		a.say("world: " + w.Describe() + " (for the next input opened)")
		return
	}
	ob.openFile(a, a.opts.File)
	a.say(ob.worldOnly(a))
}
