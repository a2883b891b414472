//go:build !js

package launch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/internal/cli"
	"glidepath/ui/overlay"
)

// takeUntil takes the followed track's rows until cond holds (or fails the
// test after two seconds), and returns the error the reading ended with.
func takeUntil(t *testing.T, track *overlay.ClientTrack, what string, cond func() bool) error {
	t.Helper()
	var err error
	for deadline := time.Now().Add(2 * time.Second); ; {
		_, e := track.Take()
		if e != nil {
			err = e
		}
		if cond() {
			return err
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 2 s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// -against with -follow (viewer live's window): the trace is followed as
// the client writes it (Client trace v1 rows, written here by hand): a
// trace not created yet is waited for, each row is in the track as soon
// as it is written whole (a torn line waits for its end), a tick is
// complete once the next one begins, and a trace truncated while followed
// ends the following with an error naming the file, the rows read kept.
func TestFollowClientTrack_GrowsRowByRow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "client.jsonl")
	track, err := followClientTrack(path, 30, "")
	if err != nil {
		t.Fatal(err)
	}
	defer track.Stop()
	takeUntil(t, track, "the wait for the file to be created is not said", func() bool {
		_, _, waiting, _ := track.Progress()
		return strings.Contains(waiting, "client.jsonl")
	})
	row := func(tick int, x float64) string {
		return fmt.Sprintf(`{"tick":%d,"guid":"0x80000A01","cell":"0xA9B40001","origin":[%g,10,0]}`+"\n", tick, x)
	}
	os.WriteFile(path, []byte(row(0, 1)), 0o644)
	takeUntil(t, track, "the first row is not read", func() bool {
		r, ok := track.At(0x80000A01, 0)
		return ok && r.Tick == 0
	})
	if r, _ := track.At(0x80000A01, 0); r.Cell != 0xA9B40001 {
		t.Errorf("tick 0's row holds the cell %#x, want the client's 0xA9B40001", r.Cell)
	}
	if track.CompleteThrough() != -1 {
		t.Errorf("tick 0 complete (%d) before tick 1 began", track.CompleteThrough())
	}
	appendTo(t, path, row(1, 2))
	second := row(2, 3)
	appendTo(t, path, second[:len(second)/2])
	takeUntil(t, track, "tick 1's row is not read", func() bool {
		r, ok := track.At(0x80000A01, 1)
		return ok && r.Tick == 1
	})
	time.Sleep(150 * time.Millisecond) // three polls
	track.Take()
	if r, ok := track.At(0x80000A01, 2); !ok || r.Tick != 1 || !track.Behind(2) {
		t.Fatalf("a torn row was read: at tick 2 %+v %v, behind %v", r, ok, track.Behind(2))
	}
	if got := track.CompleteThrough(); got != 0 {
		t.Errorf("CompleteThrough %d, want 0 (tick 1 may get more rows)", got)
	}
	appendTo(t, path, second[len(second)/2:])
	takeUntil(t, track, "the torn row, completed, is not read", func() bool {
		r, ok := track.At(0x80000A01, 2)
		return ok && r.Tick == 2 && track.CompleteThrough() == 1
	})
	os.Truncate(path, 10)
	err = takeUntil(t, track, "a truncated trace is not reported", func() bool {
		_, _, _, err := track.Progress()
		return err != nil
	})
	if err == nil || !strings.Contains(err.Error(), "client.jsonl") || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("the truncation: %v; want it named with the file", err)
	}
	if _, ok := track.At(0x80000A01, 2); !ok {
		t.Error("the rows read were dropped")
	}
}

// A followed trace in a folder that does not exist can never be written:
// bad input naming it; a directory likewise.
func TestFollowClientTrack_Refused(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "nofolder", "client.jsonl"), dir} {
		_, err := followClientTrack(path, 30, "")
		if _, ok := err.(cli.UsageError); !ok || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v; want bad input naming it", path, err)
		}
	}
}

// A Glidepath trace of another input gives no row and says so.
func TestFollowClientTrack_OtherInput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "client.jsonl")
	os.WriteFile(path, []byte(`{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"cliff.yaml"}`+"\n"+
		`{"tick":0,"guid":"0x80000A01","cell":"0xA9B40001","origin":[1,10,0]}`+"\n"+
		`{"tick":1,"guid":"0x80000A01","cell":"0xA9B40001","origin":[1,10,0]}`+"\n"), 0o644)
	track, err := followClientTrack(path, 30, "corner.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer track.Stop()
	err = takeUntil(t, track, "the other input is not said", func() bool {
		_, _, _, err := track.Progress()
		return err != nil
	})
	if err == nil || !strings.Contains(err.Error(), "cliff.yaml") {
		t.Errorf("error %v; want it naming the trace's input", err)
	}
	if _, ok := track.At(0x80000A01, 0); ok {
		t.Error("a row of a trace of another input was kept")
	}
}

func appendTo(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// -against read whole: each row holds the client's cell, which the
// divergence lane compares where it is indoors.
func TestLoadClientTrack_RowsHoldTheCell(t *testing.T) {
	path := filepath.Join(t.TempDir(), "client.jsonl")
	rows := `{"tick":0,"guid":"0x80000A01","cell":"0xA9B40105","origin":[1,10,0]}` + "\n" +
		`{"tick":1,"guid":"0x80000A01","cell":"0xA9B40001","origin":[2,10,0]}` + "\n"
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	track, _, err := loadClientTrack(path, 30, "")
	if err != nil {
		t.Fatal(err)
	}
	for tick, want := range []uint32{0xA9B40105, 0xA9B40001} {
		if r, ok := track.At(0x80000A01, tick); !ok || r.Cell != want {
			t.Errorf("tick %d: row %+v (%v), want the cell %#x", tick, r, ok, want)
		}
	}
}
