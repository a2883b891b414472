//go:build !js

package page

// Frame is the web viewer's (page_js.go); a desktop window has nothing
// to tell.
func Frame(string, int, string) {}

// Mark is the web viewer's (page_js.go); a desktop window has no page.
func Mark(string) {}

// FirstViewWhole is false: a desktop window starts on what the pre-run
// has reached, the pre-run going on on other cores (page_js.go says why
// the page waits).
const FirstViewWhole = false

// Yield is the web viewer's (page_js.go); a desktop's goroutines share
// its cores without it.
func Yield() {}

// KeepsAsItGoes is false: a desktop window saves the remembered view when
// it closes (page_js.go says why the page cannot).
const KeepsAsItGoes = false
