//go:build linux

package mainthread

import (
	"runtime"
	"syscall"
	"testing"
)

// TestServe_CommandOffTheThreadWindowOnIt: the command runs on a thread
// other than the serving goroutine's (locked, as Ebitengine's init locks
// the main goroutine), and what it hands to Do runs on the serving
// goroutine's thread, in order, each before Do returns; Serve returns the
// command's result.
func TestServe_CommandOffTheThreadWindowOnIt(t *testing.T) {
	type result struct {
		code            int
		mainTID, cmdTID int
		doTIDs          []int
		order           []int
		after           bool
	}
	got := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var r result
		r.mainTID = syscall.Gettid()
		r.code = Serve(func() int {
			r.cmdTID = syscall.Gettid()
			for i := range 3 {
				ran := false
				Do(func() {
					r.doTIDs = append(r.doTIDs, syscall.Gettid())
					r.order = append(r.order, i)
					ran = true
				})
				if !ran {
					t.Errorf("Do %d returned before its function ran", i)
				}
			}
			return 7
		})
		// After Serve, Do runs on its caller.
		Do(func() { r.after = syscall.Gettid() == r.mainTID })
		got <- r
	}()
	r := <-got
	if r.code != 7 {
		t.Errorf("Serve returned %d, want the command's 7", r.code)
	}
	if r.cmdTID == r.mainTID {
		t.Errorf("the command ran on the serving thread %d", r.mainTID)
	}
	if len(r.doTIDs) != 3 {
		t.Fatalf("Do ran %d functions, want 3", len(r.doTIDs))
	}
	for i, tid := range r.doTIDs {
		if tid != r.mainTID {
			t.Errorf("Do's function %d ran on thread %d, want the serving thread %d", i, tid, r.mainTID)
		}
		if r.order[i] != i {
			t.Errorf("Do's functions ran in the order %v", r.order)
		}
	}
	if !r.after {
		t.Error("Do after Serve returned did not run on its caller")
	}
}

// TestDo_WithoutServeRunsOnItsCaller: a test or a command called as a
// function has no serving goroutine; Do runs f at once, on the caller.
func TestDo_WithoutServeRunsOnItsCaller(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tid, ran := syscall.Gettid(), 0
	Do(func() {
		if syscall.Gettid() != tid {
			t.Errorf("Do ran f on thread %d, want its caller's %d", syscall.Gettid(), tid)
		}
		ran++
	})
	if ran != 1 {
		t.Errorf("f ran %d times, want 1", ran)
	}
}
