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

// NothingComparedError's counts read as counts do, and its verbs agree
// with them: "its 1 row comes", "its 2 rows come", "1 object", "the other
// names an object".
func TestNothingComparedError_CountsRead(t *testing.T) {
	for _, c := range []struct {
		e    NothingComparedError
		want string
	}{
		{NothingComparedError{Client: "c", Rows: 1, AfterRun: 1, LastTick: 9}, "c: no client row matched an object of the run: its 1 row comes after the run's last tick, 9; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 2, AfterRun: 2, LastTick: 9}, "c: no client row matched an object of the run: its 2 rows come after the run's last tick, 9; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 2, AfterRun: 1, LastTick: 9}, "c: no client row matched an object of the run: 1 of its 2 rows comes after the run's last tick, 9; the other names an object the run never has or comes at a tick its object is not alive; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 5, AfterRun: 2, LastTick: 9}, "c: no client row matched an object of the run: 2 of its 5 rows come after the run's last tick, 9; the others name objects the run never has or come at ticks their object is not alive; nothing was compared"},
		{NothingComparedError{Client: "c", Input: "in", Rows: 1, Objects: 1}, "c: no client row matched an object of the run (in): its 1 row names 1 object the run never has, or comes at a tick its object is not alive; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 3, Objects: 2}, "c: no client row matched an object of the run: its 3 rows name 2 objects the run never has, or come at ticks their object is not alive; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 1}, "c: no client row matched an object of the run: its 1 row comes at a tick its object is not alive; nothing was compared"},
		{NothingComparedError{Client: "c", Rows: 4}, "c: no client row matched an object of the run: its 4 rows come at ticks their object is not alive; nothing was compared"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.e, got, c.want)
		}
	}
}
