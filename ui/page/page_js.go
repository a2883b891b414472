//go:build js

package page

import (
	"strconv"
	"syscall/js"
)

// pageState is what the web viewer's page last said (docs/web.md): the
// browser has no window title, so the page's title is the window's, and
// the page's body carries the tick drawn (data-tick) once a frame of the
// input is drawn, which the browser test waits on.
var pageState struct {
	title string
	tick  int
	drawn bool
}

// Frame tells the page a frame of the input at tick was drawn.
func Frame(title string, tick int) {
	if pageState.drawn && pageState.title == title && pageState.tick == tick {
		return
	}
	doc := js.Global().Get("document")
	if title != pageState.title {
		doc.Set("title", title)
	}
	if body := doc.Get("body"); body.Truthy() {
		body.Get("dataset").Set("tick", strconv.Itoa(tick))
	}
	pageState.title, pageState.tick, pageState.drawn = title, tick, true
}
