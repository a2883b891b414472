//go:build !js

package page

// Frame is the web viewer's (page_js.go); a desktop window has nothing
// to tell.
func Frame(string, int, string) {}

// Mark is the web viewer's (page_js.go); a desktop window has no page.
func Mark(string) {}

// KeepsAsItGoes is false: a desktop window saves the remembered view when
// it closes (page_js.go says why the page cannot).
const KeepsAsItGoes = false
