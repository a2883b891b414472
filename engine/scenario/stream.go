// Streaming compile: the same run as Compile, but each event is handed out
// as soon as no later tick can produce one that sorts before it, so a
// recording of hours and a thousand remotes is written with memory that
// follows the number of remotes, not the length. Every event a tick produces
// arrives at or after the tick's start (latency, jitter, reordering and
// outages only delay), so after tick k every pending event received before
// k·dt is final. The order is Compile's exactly: the same keys, popped from
// a heap instead of sorted at the end.

package scenario

import (
	"container/heap"
	"fmt"
	"math"

	"glidepath/engine/recording"
)

// Stream runs the scenario like Compile, without its event and step limits, handing
// the header to header and then every event, in receive order, to event.
// The events are Compile's, event for event and bit for bit. The first
// error a callback returns stops the run and is returned.
func (s *Scenario) Stream(header func(*recording.Header) error, event func(*recording.Event) error) error {
	lim := s.limits()
	lim.maxEvents, lim.maxSteps = math.MaxInt, math.MaxInt
	return s.stream(lim, header, event)
}

func (s *Scenario) stream(lim limits, header func(*recording.Header) error, event func(*recording.Event) error) error {
	c := &compiler{s: s, lim: lim, out: event}
	return s.run(c, header)
}

// pendingEvent is an event waiting for every event that sorts before it.
type pendingEvent struct {
	key sortKey
	ev  recording.Event
}

// pendingHeap orders pending events by their sort keys (a min-heap).
type pendingHeap []pendingEvent

func (h pendingHeap) Len() int { return len(h) }
func (h pendingHeap) Less(i, j int) bool {
	a, b := &h[i].key, &h[j].key
	if a.t != b.t {
		return a.t < b.t
	}
	if a.orig != b.orig {
		return a.orig < b.orig
	}
	return a.idx < b.idx
}
func (h pendingHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *pendingHeap) Push(x any)   { *h = append(*h, x.(pendingEvent)) }
func (h *pendingHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// push queues one event while streaming.
func (c *compiler) push(ev recording.Event, orig float64) error {
	if ev.T < c.written {
		// The run broke the order it promises (see the file comment).
		return fmt.Errorf("scenario: %s: internal error: an event at t=%v came after events up to t=%v were written", c.s.Name, ev.T, c.written)
	}
	heap.Push(&c.pending, pendingEvent{key: sortKey{t: ev.T, orig: orig, idx: c.added}, ev: ev})
	c.added++
	return nil
}

// done is called when every tick up to time t has run: while streaming, it
// hands out every pending event received before t (the rest, once t is
// +Inf). Compiling in memory, it does nothing.
func (c *compiler) done(t float64) error {
	if c.out == nil {
		return nil
	}
	for len(c.pending) > 0 && c.pending[0].key.t < t {
		p := heap.Pop(&c.pending).(pendingEvent)
		c.written = p.key.t
		if err := c.out(&p.ev); err != nil {
			return err
		}
	}
	return nil
}
