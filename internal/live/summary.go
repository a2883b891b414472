// The session's last word: when it ends — a signal, an input gone bad, or
// the capture's end — it says on stderr what it rang and wrote, and how
// far the client's trace was compared, so that a session stopped with
// nothing on the screen still tells "no divergence up to tick N" apart
// from "no divergence", and the rows it never compared (a client ahead of
// the capture's events) are not taken for rows that agreed.

package live

import (
	"fmt"
	"strings"

	"glidepath/internal/plural"
)

// tally is what the session did, for its summary.
type tally struct {
	// alarms counts the alarms rung by kind, in the order first rung;
	// packs the packs written.
	kinds  []string
	byKind map[string]int
	alarms int
	packs  int
	// compared is the last tick whose client rows were compared (−1:
	// none); clientTo the last tick of the rows of the client's trace
	// read so far (−1: none).
	compared, clientTo int
}

func newTally() tally { return tally{byKind: map[string]int{}, compared: -1, clientTo: -1} }

// rang counts an alarm rung.
func (t *tally) rang(a *Alarm) {
	if t.byKind[a.Kind] == 0 {
		t.kinds = append(t.kinds, a.Kind)
	}
	t.byKind[a.Kind]++
	t.alarms++
	if a.Pack != "" {
		t.packs++
	}
}

// summary is the session's last line (no newline): "viewer: live:
// ended at tick 900: 2 alarms (2 divergences), 2 packs written in packs;
// the client's rows compared through tick 900; …".
func (l *session) summary() string {
	t := &l.tally
	tick := 0
	if l.s != nil {
		tick = l.s.Tick()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "viewer: live: ended at tick %d: ", tick)
	if t.alarms == 0 {
		b.WriteString("no alarm rang")
	} else {
		var parts []string
		for _, k := range t.kinds {
			parts = append(parts, plural.Count(t.byKind[k], k))
		}
		fmt.Fprintf(&b, "%s (%s)", plural.Count(t.alarms, "alarm"), strings.Join(parts, ", "))
	}
	if l.o.PackDir != "" {
		fmt.Fprintf(&b, ", %s written in %s", plural.Count(t.packs, "pack"), l.o.PackDir)
	}
	if l.o.Against == "" {
		return b.String()
	}
	if !l.o.Alarm.Empty() {
		// The run waits for the client: a trace that stopped growing
		// holds back the -alarm events of the ticks after it.
		fmt.Fprintf(&b, "; -alarm looked through tick %d: with -against the run steps with the client's trace", tick)
	}
	switch {
	case t.clientTo < 0:
		fmt.Fprintf(&b, "; the client's trace %s gave no row", l.o.Against)
	case t.compared < 0:
		fmt.Fprintf(&b, "; no row of the client's trace (to tick %d) was compared", t.clientTo)
	default:
		fmt.Fprintf(&b, "; the client's rows compared through tick %d", t.compared)
		if t.clientTo > t.compared {
			// The trace is read as the run needs it: how far it goes
			// past is not known, only that it does.
			b.WriteString("; its rows of later ticks were not (the run had not reached them)")
		}
	}
	return b.String()
}
