// Package goroutines holds test helpers about goroutines. NoneStarted
// checks, in a test, that the code under test started no goroutine: what
// make test runs without the race detector only (Makefile SWEEPS,
// docs/testing.md "Which tests run under the race detector") must run on
// one goroutine, where the detector has nothing to find. Buffer is an
// output the test reads while its code writes it on another goroutine.
//
// The count is the runtime's own (runtime/metrics
// /sched/goroutines-created:goroutines), read when the test calls
// NoneStarted and again when it ends: every goroutine started in between,
// however briefly it lived, is counted, less one for each subtest that
// called NoneStarted too (the goroutine the testing package runs it on).
// The runtime's own lazily started goroutines (the garbage collector's
// mark workers, the finalizer and cleanup goroutines) are started before
// the first count. The count is the whole process's: a goroutine an
// earlier test left running that starts another while the test runs is
// counted too, and the test fails naming it as its own.
package goroutines

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
)

// created reads how many goroutines the process has started.
func created() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		panic("goroutines: runtime/metrics has no /sched/goroutines-created:goroutines")
	}
	return s[0].Value.Uint64()
}

// warmProcs is the GOMAXPROCS the garbage collector's mark workers are
// started for: one per processor, started at a collection's start when
// fewer exist and never ended, so a test that raises GOMAXPROCS up to it
// starts none.
const warmProcs = 64

var warm sync.Once

// warmUp starts the goroutines the runtime starts on first need: the mark
// workers (a collection at warmProcs processors), the finalizer goroutine
// and the cleanup goroutine (one of each, run once and waited for).
func warmUp() {
	warm.Do(func() {
		procs := runtime.GOMAXPROCS(warmProcs)
		runtime.GC()
		runtime.GOMAXPROCS(procs)
		fin, clean := make(chan struct{}), make(chan struct{})
		func() {
			a, b := new([16]byte), new([16]byte)
			runtime.SetFinalizer(a, func(*[16]byte) { close(fin) })
			runtime.AddCleanup(b, func(c chan struct{}) { close(c) }, clean)
		}()
		for done := 0; done < 2; {
			runtime.GC()
			select {
			case <-fin:
				fin = nil
				done++
			case <-clean:
				clean = nil
				done++
			default:
				runtime.Gosched()
			}
		}
	})
}

// calls counts NoneStarted's calls, so that a test's check leaves out the
// goroutines its subtests run on.
var calls atomic.Uint64

// NoneStarted fails t, when it ends, if a goroutine was started between
// this call and its end other than those its subtests run on; each
// subtest must call NoneStarted too (a subtest that does not is counted as
// a goroutine started). Call it first in the test. Tests running in
// parallel with t (t.Parallel) would be counted too: a test checked here
// never calls t.Parallel, nor runs beside one that does.
func NoneStarted(t testing.TB) {
	t.Helper()
	warmUp()
	n0 := calls.Add(1)
	c0 := created()
	t.Cleanup(func() {
		c := int64(created() - c0)
		sub := int64(calls.Load() - n0)
		if c != sub {
			t.Errorf("%s started %d goroutines (its %d subtests' own left out): its code runs on several goroutines, where the race detector can find something; it belongs in make test's race pass, not in the Makefile's SWEEPS (docs/testing.md)", t.Name(), c-sub, sub)
		}
	})
}
