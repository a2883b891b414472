// Opening another input from the window: a file dropped on the window
// (Ebitengine's dropped-files API) or typed in the open box (Shift+O: a
// path with Tab completion). The new input replaces the session under the
// same readings; the cursor, selection and bookmarks start over, the title
// names the new file. A file that cannot be opened is reported in the
// status line and the current one stays. A large file is read behind its
// first frame, as the command line reads its input (openGrowing).

package ui

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/interp"
	"glidepath/ui/model"
	"glidepath/ui/panel"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// openBox is the open dialog's state.
type openBox struct {
	active     bool
	text       []rune
	candidates []string // what Tab found when it could not decide
	chars      []rune
	// dat: the box asks for a dat folder (Shift+W), not an input.
	dat bool
}

// maxCandidates is how many completions the box lists.
const maxCandidates = 8

// startOpen shows the open box, holding the current input's directory.
func (a *app) startOpen() {
	a.pb.SetPlaying(false)
	start := "." + string(filepath.Separator)
	switch {
	case a.opts.File != "":
		start = filepath.Dir(a.opts.File) + string(filepath.Separator)
	case a.st != nil && a.st.LastFile != "":
		start = a.st.LastFile // the last input opened
	}
	a.open = openBox{active: true, text: []rune(start)}
}

// typeOpen applies the keys typed into the open box.
func (a *app) typeOpen(chars []rune, backspace, tab, enter, escape bool) {
	o := &a.open
	for _, c := range chars {
		if unicode.IsPrint(c) && len(o.text) < 4096 {
			o.text = append(o.text, c)
			o.candidates = nil
		}
	}
	if backspace && len(o.text) > 0 {
		o.text = o.text[:len(o.text)-1]
		o.candidates = nil
	}
	switch {
	case escape:
		o.active = false
	case tab:
		text, cands := complete(string(o.text))
		o.text, o.candidates = []rune(text), cands
	case enter:
		o.active = false
		if o.dat {
			a.openDat(string(o.text))
		} else {
			a.openFile(string(o.text))
		}
	}
}

// readOpenKeys reads the keyboard for the open box.
func (a *app) readOpenKeys() {
	k := panel.ReadBoxKeys(a.open.chars)
	a.open.chars = k.Chars
	a.typeOpen(k.Chars, k.Backspace, k.Tab, k.Enter, k.Escape)
}

// complete extends a typed path as far as the names it could be allow: one
// match completes (a directory gains its separator), several complete to
// their common prefix and are returned (sorted, at most maxCandidates).
func complete(text string) (string, []string) {
	dir, prefix := filepath.Split(text)
	look := dir
	if look == "" {
		look = "."
	}
	ents, err := os.ReadDir(look)
	if err != nil {
		return text, nil
	}
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && (prefix != "" || !strings.HasPrefix(e.Name(), ".")) {
			n := e.Name()
			if e.IsDir() {
				n += string(filepath.Separator)
			}
			names = append(names, n)
		}
	}
	sort.Strings(names)
	switch len(names) {
	case 0:
		return text, nil
	case 1:
		return dir + names[0], nil
	}
	common := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, common) {
			common = common[:len(common)-1]
		}
	}
	if len(names) > maxCandidates {
		names = append(names[:maxCandidates], fmt.Sprintf("… %d more", len(names)-maxCandidates))
	}
	return dir + common, names
}

// handleDrop opens the first file dropped on the window. Desktop drops
// carry their real path (ebiten.AbsPather).
func (a *app) handleDrop(dropped fs.FS) {
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
	a.openFile(ap.AbsPath())
}

// openFile replaces the input by path under the same readings, opened as
// the command line opens it (openGrowing): only what the first frame needs
// is read on the window's loop — a small file whole, so a problem in it is
// reported here — and the rest is read behind the window, its progress
// and any problem met later in the status line; its pre-run runs in the
// background as at start.
func (a *app) openFile(path string) {
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
	rememberErr := a.rememberView()
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
	a.marks = marks{panel: a.marks.panel}
	a.marks.load(path)
	a.opts.Title = "Glidepath — " + path
	ebiten.SetWindowTitle(a.opts.Title)
	a.relayout()
	a.restore = true
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

// drawOpenBox is the open dialog: the path, the caret and the candidates.
func (a *app) drawOpenBox() {
	if !a.open.active {
		return
	}
	f := a.top
	vp := a.lay.Viewport
	const w = 560
	lh := f.LineHeight()
	n := len(a.open.candidates)
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/4
	f.Rect(x, y, w, float32(2+n)*(lh+2)+24, panel.BoxColor)
	f.Rect(x, y, w, 2, panel.BarColor)
	f.Text(x+10, y+8, "Open a recording or scenario — Tab completes, Enter opens, Esc closes", panel.DimColor)
	path := panel.ClipLeft(f.Measure, string(a.open.text), w-24)
	f.Text(x+10, y+12+lh, path, panel.TextColor)
	f.Rect(x+11+f.Measure(path), y+12+lh, 2, lh, panel.TextColor)
	for i, c := range a.open.candidates {
		f.Text(x+24, y+16+float32(i+2)*(lh+2), c, panel.DimColor)
	}
}
