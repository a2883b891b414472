// Package page tells the web viewer's page what the window drew
// (docs/web.md): the browser has no window title, so the page's title is
// the window's, and the page's body carries the tick drawn. A desktop
// window has nothing to tell (page_other.go).
package page
