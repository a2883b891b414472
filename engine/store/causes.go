// Cause chains for the timeline's tooltips: the engine's Explainer
// (engine/explain) fed the run's event log in order, on the viewer's
// goroutine, up to the entry asked about. The chains are built once, by the
// engine; the viewer only formats them.

package store

import (
	"sync"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
)

// Causes remembers the chain of every log entry that has one; one Causes
// serves every view of the same log.
type Causes struct {
	mu  sync.Mutex
	x   explain.Explainer
	fed int // entries given to x
	cur int // the entry being fed
	at  map[int]bookCause
	one [1]eventlog.Event
}

type bookCause struct {
	tick int
	text string
}

// NewCauses returns an empty book of a log's cause chains.
func NewCauses() *Causes {
	b := &Causes{at: make(map[int]bookCause)}
	b.x.OnCause = func(c *explain.Cause) {
		b.at[b.cur] = bookCause{tick: c.Tick, text: c.What + " — " + c.Why}
	}
	return b
}

// cause feeds view's entries up to i and returns i's chain. Entries are
// never rewritten and every view is a prefix of the same log, so what was
// fed stays valid.
func (b *Causes) cause(view engine.LogView, i int) (int, string, bool) {
	if i < 0 || i >= view.Len() {
		return 0, "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for ; b.fed <= i; b.fed++ {
		b.cur = b.fed
		b.one[0] = view.At(b.fed)
		b.x.TickEvents(int(b.one[0].Tick), b.one[:])
	}
	c, ok := b.at[i]
	return c.tick, c.text, ok
}
