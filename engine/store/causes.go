// Cause chains for the timeline's tooltips: the engine's Explainer
// (engine/explain.go) fed the run's event log in order, on the viewer's
// goroutine, up to the entry asked about. The chains are built once, by the
// engine; the viewer only formats them.

package store

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"sync"

	"glidepath/engine"
	"glidepath/physics"
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
	// fill names the stage of a pop logged without one
	// (engine.PopStager.Fill); nil: the chain says it is not recorded.
	fill func(e *eventlog.Event) bool
}

type bookCause struct {
	tick int
	text string
	// staged: a pop's stage was looked for (found or not).
	staged bool
}

// FillPops has the chain of a pop the log holds without its stage (a run
// without engine.Options.RecordStages) name the stage fill finds for it
// (engine.PopStager.Fill), when that pop's chain is first asked for. fill
// runs on the asking goroutine, one call at a time.
func (b *Causes) FillPops(fill func(e *eventlog.Event) bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.fill = fill
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
	if ok && !c.staged && b.fill != nil {
		c.staged = true
		if e := view.At(i); e.Kind == eventlog.EventPop && e.Stage == physics.NumStages && b.fill(&e) {
			c.text = popChain(view, i, &e)
		}
		b.at[i] = c
	}
	return c.tick, c.text, ok
}

// popChain is the chain of pop e, log entry i with its stage filled in:
// an Explainer of its own fed e's object's entries before i, then e (what
// the Explainer knows of one object comes from that object's entries
// alone).
func popChain(view engine.LogView, i int, e *eventlog.Event) string {
	var x explain.Explainer
	var text string
	x.OnCause = func(c *explain.Cause) { text = c.What + " — " + c.Why }
	one := make([]eventlog.Event, 1)
	for j := 0; j < i; j++ {
		if g, _ := view.Who(j); g == e.GUID {
			one[0] = view.At(j)
			x.TickEvents(int(one[0].Tick), one)
		}
	}
	one[0] = *e
	x.TickEvents(int(e.Tick), one)
	return text
}
