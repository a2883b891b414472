// Package mainthread keeps the process's main thread for the window while
// a command runs elsewhere.
//
// Ebitengine locks the main goroutine to the main OS thread from its init,
// for the window system's sake. A command run on that goroutine pays for
// the lock each time it blocks and is woken — every wait of the stepping
// for its chunks, of a writer for its pages: the locked thread is put to
// sleep and woken by hand rather than its work taken by an idle one
// (docs/benchmarks.md, "The main thread"). So main hands its command to a
// goroutine of its own (Serve) and keeps the main goroutine for what
// needs it (Do): the window.
package mainthread

// calls is the main goroutine's queue while Serve runs; nil otherwise.
var calls chan func()

// Serve runs command on a goroutine of its own and, until it returns, runs
// on the calling goroutine each function handed to Do. It returns
// command's result. main calls it once, from the main goroutine.
func Serve(command func() int) int {
	calls = make(chan func())
	defer func() { calls = nil }()
	done := make(chan int, 1)
	go func() { done <- command() }()
	for {
		select {
		case f := <-calls:
			f()
		case code := <-done:
			return code
		}
	}
}

// Do runs f on the goroutine serving Serve and returns when it has
// returned; with no Serve running (a test, a command called as a
// function), it runs f on the calling goroutine.
func Do(f func()) {
	if calls == nil {
		f()
		return
	}
	finished := make(chan struct{})
	calls <- func() {
		defer close(finished)
		f()
	}
	<-finished
}
