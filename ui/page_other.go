//go:build !js

package ui

// pageFrame is the web viewer's (page_js.go); a desktop window has nothing
// to tell.
func pageFrame(string, int) {}
