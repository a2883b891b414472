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

// A rotation renames the followed file away and then creates its successor
// at the path: a look between the two finds no file, and the follower says
// the file was replaced, not gone. A file removed for good is gone at the
// next look.
func TestTail_RotatedIsReplacedNotGone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.pcap")
	os.WriteFile(path, []byte("first"), 0o644)
	tail, err := NewTail(path, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tail.Close()
	os.Rename(path, path+"1")
	if err := tail.Check(); err != nil {
		t.Fatalf("between the rename and the new file: %v; want the path looked at again", err)
	}
	os.WriteFile(path, []byte("second"), 0o644)
	if err := tail.Check(); err == nil || !strings.Contains(err.Error(), "replaced") {
		t.Fatalf("rotated: %v; want replaced", err)
	}

	os.Remove(path)
	gone, err := NewTail(path+"1", FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer gone.Close()
	os.Remove(path + "1")
	if err := gone.Check(); err != nil {
		t.Fatalf("first look at a removed file: %v", err)
	}
	if err := gone.Check(); err == nil || !strings.Contains(err.Error(), "gone") {
		t.Fatalf("removed: %v; want gone", err)
	}
}

// Read of a file removed while it waits ends with gone, even where the
// idle time ends at the same look.
func TestTail_RemovedWhileWaitingIsGone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, []byte("x"), 0o644)
	tail, err := NewTail(path, FollowOptions{Poll: 5 * time.Millisecond, Idle: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer tail.Close()
	buf := make([]byte, 8)
	if n, err := tail.Read(buf); n != 1 || err != nil {
		t.Fatalf("read %d, %v", n, err)
	}
	// Removed as the wait begins: the next look, a poll later, is the one
	// at which the idle time ends.
	tail.OnWait(func() { os.Remove(path) })
	if _, err := tail.Read(buf); err == nil || !strings.Contains(err.Error(), "gone") {
		t.Fatalf("after the removal: %v; want gone", err)
	}
}
