package capture

import "testing"

// TestSeqWindow: the de-duplication window remembers the last
// recentWindow numbers across the u32 wrap, forgets older ones and
// restarts after a jump (a new session).
func TestSeqWindow(t *testing.T) {
	var w seqWindow
	start := uint32(0xFFFFFF00)
	for i := uint32(0); i < 1000; i += 2 {
		w.add(start + i)
	}
	for i := uint32(0); i < 1000; i++ {
		if got, want := w.has(start+i), i%2 == 0; got != want {
			t.Fatalf("has(%#x) = %v, want %v", start+i, got, want)
		}
	}
	if w.has(start + 2000) {
		t.Fatal("a number never seen, ahead of the window, is seen")
	}
	w.add(start + 998 + recentWindow)
	if w.has(start) || !w.has(start+998+recentWindow) {
		t.Fatal("the window did not slide")
	}
	w.add(0x70000000) // a jump: a new session
	if !w.has(0x70000000) || w.has(start+998+recentWindow) {
		t.Fatal("the window did not restart after a jump")
	}
}

// TestDoneSet: the completed-message set answers exactly as a plain map of
// the last recentWindow distinct keys added (oldest forgotten first), with
// each key's latest content hash, whatever the keys look like — ACE's one
// id with a counting sequence, random ids (colliding in the hash table),
// a small set of ids reused — and after a reset.
func TestDoneSet(t *testing.T) {
	patterns := map[string]func(n int) uint64{
		"ace":    func(n int) uint64 { return 0x80000000<<32 | uint64(n) },
		"random": func(n int) uint64 { return uint64(n) * 0x9E3779B97F4A7C15 },
		"reused": func(n int) uint64 { return uint64(n%5000)<<32 | uint64(n%7) },
		// Keys that all land in a few home slots: long probe runs that
		// deletion must shift back correctly.
		"clustered": func(n int) uint64 { return uint64(n%3) << 32 * uint64(1+n/3%2) },
	}
	for name, key := range patterns {
		var d doneSet
		model := map[uint64]uint64{}
		var order []uint64
		for n := 0; n < 3*recentWindow+123; n++ {
			k, sum := key(n), uint64(n)*31
			if n == 2*recentWindow {
				d.reset()
				model, order = map[uint64]uint64{}, nil
			}
			if _, ok := model[k]; !ok {
				if len(order) == recentWindow {
					delete(model, order[0])
					order = order[1:]
				}
				order = append(order, k)
			}
			model[k] = sum
			d.add(k, sum, true)
			for _, probe := range []uint64{k, key(n - recentWindow), key(n - recentWindow + 1), key(n / 2), 12345} {
				want, ok := model[probe]
				if got := d.has(probe); got != ok {
					t.Fatalf("%s: after %d adds, has(%#x) = %v, want %v", name, n+1, probe, got, ok)
				}
				if ok && !d.hasSum(probe, want) {
					t.Fatalf("%s: after %d adds, hasSum(%#x, latest) = false", name, n+1, probe)
				}
			}
		}
	}
	var d doneSet
	d.add(7, 1, false)
	if !d.has(7) || d.hasSum(7, 1) {
		t.Fatal("a message completed from several fragments has no content hash to match")
	}
}
