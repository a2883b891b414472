//go:build !js

package launch

import (
	"io"
	"os"
	"testing"

	"glidepath/ui/simsource"
)

// A window's input read whole has the heap faulted in ahead while it is
// read — twice its bytes at most — and stops that once it is read; an
// input read only as far as its first frame does not.
func TestOpenWhole_PrefaultsTheHeapWhileTheInputIsRead(t *testing.T) {
	path := "../../recordings/example.jsonl"
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var asked []int
	stopped := 0
	orig := prefaultHeap
	t.Cleanup(func() { prefaultHeap = orig })
	prefaultHeap = func(n int) func() {
		asked = append(asked, n)
		return func() { stopped++ }
	}
	srcs, err := openSourcesIn(nil)(path, []string{"seed"}, 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if want := int(2 * fi.Size()); len(asked) != 1 || asked[0] != want || stopped != 1 {
		t.Errorf("read whole: PrefaultHeap asked for %v, stopped %d times; want [%d] (twice the input's %d bytes), stopped once", asked, stopped, want, fi.Size())
	}
	if st := srcs[0].(*simsource.Source).Store(); !st.Complete() {
		t.Errorf("the input is not read whole")
	}
	asked, stopped = nil, 0
	from, err := openSourcesFrom(0, nil)(path, []string{"seed"}, 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	from[0].(*simsource.Source).Store().Stop()
	if len(asked) != 0 {
		t.Errorf("read up to its first frame: PrefaultHeap asked for %v; want nothing (the window reads the rest while it shows it)", asked)
	}
}
