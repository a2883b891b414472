// Tests of a client track filled while it is drawn (viewer live's window):
// rows pushed from another goroutine reach the track only at Take, on the
// drawing goroutine; past the last tick read there is no row (the client
// has not got there, its last body is not drawn standing still); the
// complete ticks and the error that ended the reading are handed over.

package overlay

import (
	"errors"
	"sync"
	"testing"

	"glidepath/ui/draw"
)

func TestClientFollow_RowsArriveAtTake(t *testing.T) {
	track := NewFollowedClientTrack()
	if !track.Following() || NewClientTrack().Following() {
		t.Fatal("Following: want true only for the followed track")
	}
	if _, ok := track.At(guidA, 0); ok {
		t.Fatal("a row before any was pushed")
	}
	if got := track.CompleteThrough(); got != -1 {
		t.Errorf("CompleteThrough before any tick: %d, want -1", got)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the trace's reader
		defer wg.Done()
		for k := 0; k < 10; k++ {
			track.Push(guidA, ClientRow{Tick: k, Pos: draw.Vec3{float64(k), 0, 0}})
			if k%2 == 0 {
				track.Push(guidB, ClientRow{Tick: k, Pos: draw.Vec3{0, float64(k), 0}})
			}
			if k > 0 {
				track.Completed(k - 1)
			}
		}
	}()
	wg.Wait()
	if _, ok := track.At(guidA, 3); ok {
		t.Fatal("a pushed row is in the track before Take")
	}
	n, err := track.Take()
	if n != 15 || err != nil {
		t.Fatalf("Take: %d rows, %v; want 15 and no error", n, err)
	}
	if r, ok := track.At(guidA, 7); !ok || r.Tick != 7 || r.Pos[0] != 7 {
		t.Errorf("A at tick 7: %+v %v", r, ok)
	}
	// B skipped tick 7: its last row before it, as for a trace read whole.
	if r, ok := track.At(guidB, 7); !ok || r.Tick != 6 {
		t.Errorf("B at tick 7: %+v %v; want its row of tick 6", r, ok)
	}
	// Past the last tick read the client has not got there yet: its
	// latest row, and Behind says so.
	if r, ok := track.At(guidA, 10); !ok || r.Tick != 9 || !track.Behind(10) || track.Behind(9) {
		t.Errorf("A at tick 10, not read yet: %+v %v, behind %v; at 9 behind %v", r, ok, track.Behind(10), track.Behind(9))
	}
	if last, complete, _, _ := track.Progress(); last != 9 || complete != 8 || track.CompleteThrough() != 8 {
		t.Errorf("Progress: last %d, complete %d; want 9 and 8 (tick 9 may get more rows)", last, complete)
	}
	// A trace read whole gives its last row for any later tick.
	whole := NewClientTrack()
	whole.Add(guidA, ClientRow{Tick: 9})
	if _, ok := whole.At(guidA, 50); !ok || whole.Behind(50) {
		t.Error("a whole trace's last row is not given after its end, or is behind")
	}

	track.Push(guidA, ClientRow{Tick: 10})
	track.Fail(errors.New("client.jsonl: the followed file was truncated"))
	track.Fail(errors.New("a second error"))
	n, err = track.Take()
	if n != 1 || err == nil || err.Error() != "client.jsonl: the followed file was truncated" {
		t.Fatalf("Take after the failure: %d, %v; want the row and the first error", n, err)
	}
	if _, err := track.Take(); err != nil {
		t.Errorf("the error was handed over twice: %v", err)
	}
	if _, _, _, err := track.Progress(); err == nil {
		t.Error("Progress lost the error")
	}
	track.Stop()
	track.Stop() // twice is harmless
	select {
	case <-track.Stopped():
	default:
		t.Error("Stopped is not closed after Stop")
	}
}

// The client track drawn from a followed trace: the body at the cursor's
// tick once its row is taken, nothing before; with the cursor past the
// client's last row (the live edge ahead of the trace) its body where it
// last was, but no error line to retail's body at a tick it has not
// logged.
func TestClientFollow_DrawnOnceTaken(t *testing.T) {
	s := knownSnapshot() // tick 100
	track := NewFollowedClientTrack()
	sc := newScene(s)
	sc.Client = track
	draws := func() (bodies, lines int) {
		r := record(sc, 1<<Client)
		for _, op := range r.Of(draw.OpLine) {
			if op.Stroke.Color == ClientColor {
				lines++
			}
		}
		return len(clientBodies(r)), lines
	}
	for k := 90; k <= 97; k++ {
		track.Push(guidA, ClientRow{Tick: k, Pos: pos(&s.Objects[0]).Add(draw.Vec3{2, 0, 0})})
	}
	if b, _ := draws(); b != 0 {
		t.Fatalf("%d client bodies before Take", b)
	}
	track.Take()
	if b, l := draws(); b != 1 || l != 0 {
		t.Fatalf("client behind the cursor: %d bodies, %d error lines; want its body and no line", b, l)
	}
	for k := 98; k <= 100; k++ {
		track.Push(guidA, ClientRow{Tick: k, Pos: pos(&s.Objects[0]).Add(draw.Vec3{2, 0, 0})})
	}
	track.Take()
	if b, l := draws(); b != 1 || l != 1 {
		t.Fatalf("client at the cursor's tick: %d bodies, %d error lines; want one of each", b, l)
	}
}
