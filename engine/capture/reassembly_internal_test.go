package capture

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

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
		for n := 0; n < 5*recentWindow+123; n++ {
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
			for _, probe := range []uint64{k, key(n - 1), key(n - 2), key(n - recentWindow), key(n - recentWindow + 1), key(n / 2), 12345} {
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

// BenchmarkReassemblyIncomplete feeds fragments that each open a message
// whose other fragment never comes: past maxPartials pending, every new
// one drops the oldest. One op is one fragment.
func BenchmarkReassemblyIncomplete(b *testing.B) {
	var sum Summary
	ra := &reassembler{stats: &sum}
	st := newStream()
	data := []byte{1, 2, 3, 4}
	var out []message
	ts := time.Unix(0, 0)
	n := uint32(0)
	for b.Loop() {
		n++
		p := packet{seq: n, frags: []fragment{{seq: n, id: 0x80000000, count: 2, data: data}}}
		out = ra.packet(st, &p, int(n), ts, out[:0])
	}
	if sum.DroppedCount == 0 && b.N > maxPartials {
		b.Fatal("nothing dropped")
	}
}

// TestDropOldest: with maxPartials messages pending, a new one drops the
// one that started in the earliest frame, the lowest blob id among those
// of that frame — whatever completed or was dropped in between (the start
// order skips them), several messages starting in one packet in any id
// order. Checked, packet by packet, against a model that scans every
// pending message.
func TestDropOldest(t *testing.T) {
	sum := *newSummary("t") // its maps made, as a Reader's are
	ra := &reassembler{stats: &sum}
	st := newStream()
	ts := time.Unix(0, 0)
	type modelMsg struct {
		frame int
		have  [2]bool
	}
	pending := map[uint64]*modelMsg{}
	done := map[uint64]bool{}
	var want []uint64
	var out []message
	rnd := uint32(1)
	next := func() uint32 { rnd = rnd*1664525 + 1013904223; return rnd }
	for frame := 1; frame <= 3*maxPartials; frame++ {
		var frags []fragment
		// Up to four new messages in this packet, ids in a jumbled order,
		// each sending the first of its two fragments.
		for k := next() % 5; k > 0; k-- {
			seq := next() % 100000
			frags = append(frags, fragment{seq: seq, id: 7, count: 2, index: 0, data: []byte{1, 2, 3, 4}})
		}
		// Now and then the missing half of the pending message with the
		// lowest id: it completes (unless this packet drops it first).
		if frame%3 == 0 && len(pending) > 0 {
			first := uint64(1<<64 - 1)
			for id := range pending {
				first = min(first, id)
			}
			missing := uint16(0)
			if pending[first].have[0] {
				missing = 1
			}
			frags = append(frags, fragment{seq: uint32(first), id: uint32(first >> 32), count: 2, index: missing, data: []byte{5}})
		}
		for _, f := range frags {
			id := uint64(f.id)<<32 | uint64(f.seq)
			if done[id] {
				continue
			}
			m := pending[id]
			if m == nil {
				if len(pending) >= maxPartials {
					var oid uint64
					of := -1
					for pid, pm := range pending {
						if of < 0 || pm.frame < of || (pm.frame == of && pid < oid) {
							oid, of = pid, pm.frame
						}
					}
					delete(pending, oid)
					want = append(want, oid)
				}
				m = &modelMsg{frame: frame}
				pending[id] = m
			}
			m.have[f.index] = true
			if m.have[0] && m.have[1] {
				delete(pending, id)
				done[id] = true
			}
		}
		p := packet{seq: uint32(frame), frags: frags}
		out = ra.packet(st, &p, frame, ts, out[:0])
		if sum.DroppedCount != len(want) || len(st.partials) != len(pending) {
			t.Fatalf("frame %d: %d dropped, want %d; %d pending, want %d", frame, sum.DroppedCount, len(want), len(st.partials), len(pending))
		}
	}
	if len(want) < 100 || len(done) < 100 {
		t.Fatalf("only %d drops and %d completions: the test does not reach the bound", len(want), len(done))
	}
	for i, p := range sum.Dropped {
		if w := fmt.Sprintf("message %08X:%08X ", uint32(want[i]>>32), uint32(want[i])); !strings.HasPrefix(p.Problem, w) {
			t.Fatalf("drop %d: %q, want %s…", i, p.Problem, w)
		}
	}
}

// TestStartOrderBounded: the start order stays bounded when every new
// message drops the oldest (each fragment of a long capture opening a
// message that never completes), and when messages complete.
func TestStartOrderBounded(t *testing.T) {
	sum := *newSummary("t") // its maps made, as a Reader's are
	ra := &reassembler{stats: &sum}
	st := newStream()
	ts := time.Unix(0, 0)
	var out []message
	for n := uint32(1); n <= 50*maxPartials; n++ {
		frags := []fragment{{seq: n, id: 0x80000000, count: 2, data: []byte{1}}}
		if n%2 == 0 {
			// Every other message completes in the same packet.
			frags = append(frags, fragment{seq: n, id: 0x80000000, count: 2, index: 1, data: []byte{2}})
		}
		p := packet{seq: n, frags: frags}
		out = ra.packet(st, &p, int(n), ts, out[:0])
		if cap(st.order) > 8*maxPartials {
			t.Fatalf("after %d messages the start order holds %d entries (capacity %d)", n, len(st.order), cap(st.order))
		}
	}
	if sum.DroppedCount == 0 {
		t.Fatal("nothing was dropped: the bound was not reached")
	}
}
