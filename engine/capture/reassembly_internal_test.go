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
