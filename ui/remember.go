// Remembering the view per user (ui/settings): when the window closes or
// opens another input, the camera, panels, overlays and selection of the
// input shown are saved; opening that input again restores them. Settings
// that cannot be read are reported and never saved over.

package ui

import (
	"path/filepath"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/ui/camera"
	"glidepath/ui/overlay"
	"glidepath/ui/page"
	"glidepath/ui/settings"
)

// viewMemory is the remembered settings: the view, the panels, the last
// input and the dat folder.
type viewMemory struct {
	st      *settings.Settings
	stErr   error
	restore bool          // apply the remembered view at start
	kept    settings.View // the view last saved
}

// loadSettings reads the user's settings (Options.Settings; "" is off).
func (vm *viewMemory) loadSettings(a *app) {
	if a.opts.Settings == "" {
		return
	}
	st, err := settings.Load(a.opts.Settings)
	if err != nil {
		vm.stErr = err
		return
	}
	vm.st = st
	a.panels.SetSizes(st.Panels.RightWidth, st.Panels.InspectorShare)
}

// viewKey is the absolute path settings know an input by ("" for none).
func viewKey(file string) string {
	if file == "" {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	return abs
}

// restoreView applies the view remembered for the input, if any.
func (vm *viewMemory) restoreView(a *app) {
	if vm.stErr != nil {
		a.say("settings not used: " + vm.stErr.Error() + " (fix or remove it)")
		return
	}
	if vm.st == nil {
		return
	}
	v, ok := vm.st.View(viewKey(a.opts.File))
	if !ok {
		return
	}
	for m := camera.TopDown; m <= camera.Perspective; m++ {
		if m.String() == v.Camera {
			a.cam.SetMode(m)
		}
	}
	if v.Span > 0 {
		a.cam.Target = camera.Vec3{v.Target[0], v.Target[1], v.Target[2]}
		a.cam.Span, a.cam.Yaw, a.cam.Pitch = v.Span, v.Yaw, v.Pitch
	}
	var layers overlay.Set
	for _, e := range overlay.Legend() {
		if strings.Contains(v.Overlays, e.Key) {
			layers = layers.Toggle(e.Layer)
		}
	}
	a.layers = layers
	a.panels.SetOpen(v.Left, v.Right, v.Timeline)
	a.marks.Shown = v.Bookmarks
	a.relayout()
	if g, err := hexid.Parse(v.Select); err == nil {
		a.sel.Choose(g)
	}
}

// rememberView saves the view of the input shown. It returns what went
// wrong, for the caller to report.
func (vm *viewMemory) rememberView(a *app) error {
	key := viewKey(a.opts.File)
	if vm.st == nil || !a.started {
		return nil
	}
	if a.panels.TakeMoved() {
		vm.st.Panels = settings.Panels{RightWidth: a.panels.Open.RightW, InspectorShare: a.panels.Open.Split}
		if key == "" {
			return vm.st.Save()
		}
	}
	if key == "" {
		return nil
	}
	v := vm.viewOf(a, key)
	vm.st.Put(v)
	vm.kept = v
	return vm.st.Save()
}

// viewOf is the view of the input known as key, as settings keep it.
func (vm *viewMemory) viewOf(a *app, key string) settings.View {
	v := settings.View{
		Path: key, Camera: a.cam.Mode.String(),
		Target: [3]float64{a.cam.Target[0], a.cam.Target[1], a.cam.Target[2]},
		Span:   a.cam.Span, Yaw: a.cam.Yaw, Pitch: a.cam.Pitch,
		Left: a.panels.Open.Left, Right: a.panels.Open.Right, Timeline: a.panels.Open.Timeline, Bookmarks: a.marks.Shown,
	}
	for _, e := range overlay.Legend() {
		if a.layers.Has(e.Layer) {
			v.Overlays += e.Key
		}
	}
	if a.sel.GUID != 0 {
		v.Select = hexid.String(a.sel.GUID)
	}
	return v
}

// keepEvery is how many updates apart keepView looks at the view.
const keepEvery = 15

// keepView saves the view as it changes, where the window is never closed
// the way a desktop window is (page.KeepsAsItGoes: a browser's page is
// reloaded or closed without the viewer seeing it, docs/web.md
// "Settings"); at most every keepEvery updates.
func (vm *viewMemory) keepView(a *app) {
	if page.KeepsAsItGoes && a.nav.updates%keepEvery == 0 {
		vm.keepChanged(a)
	}
}

// keepChanged saves the view when it differs from the one last saved (or
// the panels' sizes moved), and says so when it cannot.
func (vm *viewMemory) keepChanged(a *app) {
	if vm.st == nil || !a.started {
		return
	}
	key := viewKey(a.opts.File)
	moved := a.panels.Moved()
	if !moved && (key == "" || vm.viewOf(a, key) == vm.kept) {
		return
	}
	if err := vm.rememberView(a); err != nil {
		a.say("the view was not remembered: " + err.Error())
	}
}
