package goroutines

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// fakeT records what NoneStarted reports instead of failing the test.
type fakeT struct {
	testing.TB
	cleanups []func()
	errs     []string
}

func (f *fakeT) Helper()           {}
func (f *fakeT) Name() string      { return "TestFake" }
func (f *fakeT) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

// end runs the cleanups as the testing package does when a test ends.
func (f *fakeT) end() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
}

func TestNoneStarted_OneGoroutinePasses(t *testing.T) {
	f := &fakeT{TB: t}
	NoneStarted(f)
	sum := 0
	for i := range 1000 {
		sum += i
	}
	_ = fmt.Sprint(sum, make([]byte, 1<<20)[0])
	f.end()
	if len(f.errs) != 0 {
		t.Fatalf("no goroutine started, yet: %q", f.errs)
	}
}

// A goroutine that has already ended is counted as well as one running.
func TestNoneStarted_AGoroutineEndedIsCounted(t *testing.T) {
	for _, start := range []struct {
		name string
		n    int
		run  func()
	}{
		{"go statement", 1, func() {
			done := make(chan struct{})
			go func() { close(done) }()
			<-done
		}},
		{"WaitGroup.Go", 3, func() {
			var wg sync.WaitGroup
			for range 3 {
				wg.Go(func() {})
			}
			wg.Wait()
		}},
	} {
		f := &fakeT{TB: t}
		NoneStarted(f)
		start.run()
		f.end()
		want := fmt.Sprintf("TestFake started %d goroutines", start.n)
		if len(f.errs) != 1 || !strings.Contains(f.errs[0], want) {
			t.Errorf("%s: got %q, want one error with %q", start.name, f.errs, want)
		}
	}
}

// A subtest's own goroutine is left out when the subtest calls NoneStarted;
// one that does not is counted, and so is a goroutine a subtest starts.
func TestNoneStarted_Subtests(t *testing.T) {
	f := &fakeT{TB: t}
	NoneStarted(f)
	for i := range 3 {
		t.Run(fmt.Sprint("checked", i), func(t *testing.T) { NoneStarted(t) })
	}
	f.end()
	if len(f.errs) != 0 {
		t.Errorf("three checked subtests: %q", f.errs)
	}

	f = &fakeT{TB: t}
	NoneStarted(f)
	t.Run("unchecked", func(t *testing.T) {})
	f.end()
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "started 1 goroutines") {
		t.Errorf("an unchecked subtest: got %q, want 1 goroutine started", f.errs)
	}

	f = &fakeT{TB: t}
	NoneStarted(f)
	sub := &fakeT{TB: t}
	t.Run("starts one", func(t *testing.T) {
		NoneStarted(sub)
		done := make(chan struct{})
		go func() { close(done) }()
		<-done
		sub.end()
	})
	f.end()
	if len(sub.errs) != 1 || len(f.errs) != 1 || !strings.Contains(f.errs[0], "started 1 goroutines") {
		t.Errorf("a subtest starting a goroutine: subtest %q, test %q; want one error each", sub.errs, f.errs)
	}
}
