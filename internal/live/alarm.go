// Alarms: what rings, how it is told (a JSON line, or a line of text, on
// stdout; the terminal bell and a status line on stderr), and the tick
// bookmarked in the capture's sidecar (engine/bookmarks), where the window
// opening the capture later lists it.

package live

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"glidepath/engine/bookmarks"
)

// KindDivergence is an alarm's kind at an object's first divergence from
// the client's trace; the others are the pipeline events' kinds (blip,
// snap, pop).
const KindDivergence = "divergence"

// Alarm is one ring. The JSON names are viewer live -json's contract
// (docs/live.md).
type Alarm struct {
	// Tick is the run's tick, T its time in seconds.
	Tick int     `json:"tick"`
	T    float64 `json:"t"`
	// Kind is "divergence", "blip", "snap" or "pop".
	Kind string `json:"kind"`
	// GUID is the object, as engine/hexid writes it.
	GUID string `json:"guid"`
	// What says what happened, in words.
	What string `json:"what"`
	// Pack is the evidence pack written of it ("" without -pack-dir, or
	// when it could not be written: a warning said why).
	Pack string `json:"pack"`
	// Fields, Error and Line are a divergence's: what differed, the
	// position error in metres, and the client trace's line.
	Fields []string `json:"fields,omitempty"`
	Error  *float64 `json:"error_m,omitempty"`
	Line   int      `json:"line,omitempty"`

	guid uint32
}

// Bell is the terminal bell rung on stderr with each alarm's status line.
const Bell = "\a"

// printer tells alarms; it may be called from any goroutine.
type printer struct {
	mu     sync.Mutex
	stdout io.Writer
	stderr io.Writer
	json   bool
}

func (p *printer) print(a Alarm) {
	p.mu.Lock()
	defer p.mu.Unlock()
	status := fmt.Sprintf("%sviewer live: tick %d: %s of %s: %s", Bell, a.Tick, a.Kind, a.GUID, a.What)
	if a.Pack != "" {
		status += "; pack " + a.Pack
	}
	fmt.Fprintln(p.stderr, status)
	if p.json {
		b, err := json.Marshal(a)
		if err != nil {
			return
		}
		p.stdout.Write(append(b, '\n'))
		return
	}
	line := fmt.Sprintf("tick %d  %s  %s  %s", a.Tick, a.Kind, a.GUID, a.What)
	if a.Pack != "" {
		line += "  pack " + a.Pack
	}
	fmt.Fprintln(p.stdout, line)
}

// marker bookmarks each alarm's tick in the capture's sidecar. An -iface
// session has no file to keep them beside: its packs keep theirs.
type marker struct {
	sc     *bookmarks.Sidecar
	stderr io.Writer
}

func newMarker(o Options, stderr io.Writer) *marker {
	m := &marker{stderr: stderr}
	if o.Capture == "" || o.NoBookmarks {
		return m
	}
	sc, err := bookmarks.Load(o.Capture)
	if err != nil {
		fmt.Fprintf(stderr, "viewer: warning: live: bookmarks are off: %v\n", err)
		return m
	}
	m.sc = sc
	return m
}

// label is an alarm's bookmark label.
func label(a Alarm) string {
	l := a.Kind + " " + a.GUID
	if len(l) > bookmarks.MaxLabel {
		l = l[:bookmarks.MaxLabel]
	}
	return l
}

func (m *marker) mark(a Alarm) {
	if m.sc == nil {
		return
	}
	if _, ok := m.sc.Bookmarks.At(a.Tick); ok {
		return // the first alarm of a tick names it
	}
	if err := m.sc.Bookmarks.Add(a.Tick, label(a)); err != nil {
		fmt.Fprintf(m.stderr, "viewer: warning: live: bookmark at tick %d: %v\n", a.Tick, err)
		return
	}
	if err := m.sc.Save(); err != nil {
		fmt.Fprintf(m.stderr, "viewer: warning: live: bookmarks: %v\n", err)
		m.sc = nil
	}
}
