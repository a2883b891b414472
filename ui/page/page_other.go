//go:build !js

package page

// Frame is the web viewer's (page_js.go); a desktop window has nothing
// to tell.
func Frame(string, int) {}
