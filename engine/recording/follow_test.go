package recording

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// OpenFollow waits for a header not yet written, then returns the events
// as they are appended; cancelling the context ends the wait with its cause.
func TestOpenFollow_WaitsForTheHeaderAndEvents(t *testing.T) {
	data, err := os.ReadFile("../testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, nil, 0o644)
	stop := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(lines[0] + lines[1][:5])
		time.Sleep(100 * time.Millisecond)
		f.WriteString(lines[1][5:])
		f.Close()
	}()
	r, err := OpenFollow(path, FollowOptions{Context: ctx, Poll: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	waits, gotFirst := 0, false
	r.OnWait(func() {
		waits++
		if gotFirst {
			cancel(stop)
		}
	})
	ev, err := r.Next()
	if err != nil || ev.Kind == 0 {
		t.Fatalf("first event: %v, %v", ev, err)
	}
	if waits < 1 {
		t.Errorf("never waited; the first event's line was written in two pieces")
	}
	gotFirst = true
	if _, err := r.Next(); !errors.Is(err, stop) {
		t.Fatalf("after the cancel: %v, want the context's cause", err)
	}
}

// With Idle, a file that stops growing ends like a finished one.
func TestOpenFollow_IdleEnds(t *testing.T) {
	data, err := os.ReadFile("../testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "done.jsonl")
	os.WriteFile(path, data, 0o644)
	r, err := OpenFollow(path, FollowOptions{Poll: 5 * time.Millisecond, Idle: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := readAll(r.Reader)
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := ReadFile(path)
	if len(rec.Events) != len(whole.Events) || r.Offset() != int64(len(data)) {
		t.Errorf("%d events, offset %d; want %d events, offset %d", len(rec.Events), r.Offset(), len(whole.Events), len(data))
	}
}
