//go:build js

package page

import (
	"strconv"
	"syscall/js"
)

// pageState is what the web viewer's page last said (docs/web.md): the
// browser has no window title, so the page's title is the window's, and
// the page's body carries the tick drawn (data-tick) and the camera
// (data-camera) once a frame of the input is drawn, which the browser test
// waits on.
var pageState struct {
	title  string
	tick   int
	camera string
	drawn  bool
}

// Frame tells the page a frame of the input at tick was drawn, under the
// camera named camera (data-camera: top-down, isometric or perspective).
func Frame(title string, tick int, camera string) {
	if pageState.drawn && pageState.title == title && pageState.tick == tick && pageState.camera == camera {
		return
	}
	if !pageState.drawn {
		Mark("first-frame")
	}
	doc := js.Global().Get("document")
	if title != pageState.title {
		doc.Set("title", title)
	}
	if body := doc.Get("body"); body.Truthy() {
		ds := body.Get("dataset")
		ds.Set("tick", strconv.Itoa(tick))
		ds.Set("camera", camera)
	}
	pageState.title, pageState.tick, pageState.camera, pageState.drawn = title, tick, camera, true
}

// Mark puts name on the page's performance timeline as "glidepath:name"
// (docs/web.md "First frame"): where the time before the first frame goes.
func Mark(name string) {
	if perf := js.Global().Get("performance"); perf.Truthy() && perf.Get("mark").Truthy() {
		perf.Call("mark", "glidepath:"+name)
	}
}

// KeepsAsItGoes says the page is reloaded or closed without the viewer
// seeing it, so what a desktop window saves on closing (the remembered
// view, ui/remember.go) is saved as it changes.
const KeepsAsItGoes = true
