//go:build js

package page

import (
	"strconv"
	"sync/atomic"
	"syscall/js"
	"time"
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

// FirstViewWhole says the window's first view waits for the pre-run to
// have gone through the whole input, as a screenshot's does (ui/app.go
// Update): the view chosen at the start (the selection, the camera's
// framing: ui/firstview.go) is chosen from the whole run's records, so a
// page at a tick is `viewer shot`'s picture of it. Until then the page
// draws the pre-run's progress (Yield lets it).
const FirstViewWhole = true

// yieldEvery is how long a goroutine that calls Yield may hold the page
// before Yield lets the browser's event loop run.
const yieldEvery = 40 * time.Millisecond

// lastYield is when Yield last let the page run (Unix nanoseconds).
var lastYield atomic.Int64

// Yield lets the browser's event loop run when the goroutine calling it
// has held the page for yieldEvery. In a browser Go runs on the page's one
// thread and a goroutine is never preempted: one that computes without
// blocking (the pre-run, ui/session) keeps the page from drawing a frame,
// or reading a key, until it ends. Yield blocks it for a moment, so that
// the event loop runs (an animation frame: the window's Update and Draw)
// before it goes on.
func Yield() {
	now := time.Now().UnixNano()
	if last := lastYield.Load(); last != 0 && now-last < int64(yieldEvery) {
		return
	}
	time.Sleep(time.Millisecond)
	lastYield.Store(time.Now().UnixNano())
}
