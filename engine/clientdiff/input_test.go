package clientdiff

import "testing"

// A Glidepath trace's header names its input by base name; the same input
// compiled, compressed or elsewhere is the same, another name is not.
func TestSameInput(t *testing.T) {
	for _, c := range []struct {
		header, input string
		same          bool
	}{
		{"walk.jsonl", "recordings/walk.jsonl", true},
		{"walk.yaml", "walk.jsonl", true},
		{"walk.jsonl.gz", "/tmp/walk.jsonl", true},
		{"cap.pcap", "a/b/cap.pcap", true},
		{"a/walk.yaml", `b\walk.yaml`, true},
		{"", "anything.jsonl", true},
		{"wall.yaml", "sparse-walk.yaml", false},
		{"walk2.jsonl", "walk.jsonl", false},
		{"walk.jsonl", "walk.csv", false},
		{".gz", "x.gz", false},
	} {
		if got := SameInput(c.header, c.input); got != c.same {
			t.Errorf("SameInput(%q, %q) = %v, want %v", c.header, c.input, got, c.same)
		}
	}
}
