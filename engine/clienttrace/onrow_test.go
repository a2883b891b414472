package clienttrace

import (
	"io"
	"testing"
	"time"
)

// OnRow hands each state row over as soon as it is read, before its tick
// is known to be complete: a follower of a trace still being written sees
// the rows of the tick the client is on while NextTick still waits for the
// next tick's first row.
func TestOnRow_SeesRowsBeforeTheirTickEnds(t *testing.T) {
	pr, pw := io.Pipe()
	seen := make(chan Row, 8)
	ticks := make(chan []Row, 2)
	go func() {
		// NewReader peeks at the first bytes (gzip's magic number): it
		// waits for the writer as the rows do.
		r, err := NewReader("live.jsonl", pr, 30)
		if err != nil {
			close(ticks)
			return
		}
		r.OnRow(func(row *Row) { seen <- *row })
		for {
			rows, err := r.NextTick(nil)
			if err != nil {
				close(ticks)
				return
			}
			ticks <- rows
		}
	}()
	write := func(s string) {
		if _, err := pw.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"tick":0,"guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n")
	write(`{"tick":0,"guid":"0x80000A02","cell":"0xA9B4001F","origin":[4,5,6]}` + "\n")
	for i, want := range []uint32{0x80000A01, 0x80000A02} {
		select {
		case row := <-seen:
			if row.GUID != want || row.Tick != 0 || row.Line != i+1 {
				t.Errorf("row %d: %+v", i, row)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("row %d not handed over while its tick is open", i)
		}
	}
	select {
	case rows := <-ticks:
		t.Fatalf("tick 0 returned before it was complete: %v", rows)
	case <-time.After(50 * time.Millisecond):
	}
	write(`{"tick":1,"guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n")
	if rows := <-ticks; len(rows) != 2 {
		t.Errorf("tick 0: %d rows, want 2", len(rows))
	}
	if row := <-seen; row.Tick != 1 {
		t.Errorf("the next tick's first row: %+v", row)
	}
	pw.Close()
	if rows := <-ticks; len(rows) != 1 || rows[0].Tick != 1 {
		t.Errorf("tick 1: %v", rows)
	}
	select {
	case row := <-seen:
		t.Errorf("a row handed over twice: %+v", row)
	default:
	}
}
