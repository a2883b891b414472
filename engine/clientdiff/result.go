// Results: what a comparison found, shaped as `viewer diff -json` prints
// it (the field names are a contract: add, never rename).

package clientdiff

import (
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
)

// Result is a whole comparison.
type Result struct {
	Input     string  `json:"input"`
	Client    string  `json:"client"`
	Format    string  `json:"client_format"`
	Reading   string  `json:"reading"`
	Tolerance float64 `json:"tolerance"`
	TickRate  int     `json:"tick_rate"`
	Ticks     int     `json:"ticks"`
	// TimeMapping says how "t" was mapped to ticks, when the client gave
	// times ("" otherwise); Skipped counts rows dropped by that mapping.
	TimeMapping string `json:"time_mapping,omitempty"`
	Skipped     int    `json:"skipped_rows,omitempty"`
	// ComparedRows is the number of client rows compared, over all
	// objects (the sum of the objects' compared_rows); never 0 in a
	// result (Run refuses a comparison that compared nothing).
	ComparedRows int `json:"compared_rows"`
	// StrictObjects says client objects the run never has
	// (Missing.NotInRecording) count as a divergence (viewer diff
	// -strict-objects).
	StrictObjects bool      `json:"strict_objects"`
	Diverged      bool      `json:"diverged"`
	Objects       []*Object `json:"objects"`
	Missing       Missing   `json:"missing"`
}

// Object is one object of the recording.
type Object struct {
	GUID string `json:"guid"`
	Name string `json:"name"`
	// Rows is the number of client rows compared; ComparedRows is the
	// same number under a clearer name (both are kept: add, never
	// rename).
	Rows         int     `json:"rows"`
	ComparedRows int     `json:"compared_rows"`
	MaxError     float64 `json:"max_error"`
	MeanError    float64 `json:"mean_error"`
	// MaxErrorTick is the tick of the largest error.
	MaxErrorTick    int         `json:"max_error_tick"`
	FirstDivergence *Divergence `json:"first_divergence"`

	guid   uint32
	sumErr float64
}

// Divergence is the first tick where the client left retail.
type Divergence struct {
	Tick  int     `json:"tick"`
	Error float64 `json:"error"`
	// Fields are what differed: "position" (error over the tolerance),
	// "queue", "contact", "branch".
	Fields []string `json:"fields"`
	Retail Retail   `json:"retail"`
	Client Client   `json:"client"`
	// Causes are the retail cause chains of the object in the context
	// ticks up to the divergence (and the tick after, for a hitch).
	Causes []string `json:"causes"`
	// Context is the ticks before the divergence, oldest first.
	Context []ContextTick `json:"context"`

	// causeKinds are the tick and kind of each of Causes (for NameStages).
	causeKinds []causeKind
}

type causeKind struct {
	tick, until int
	kind        eventlog.EventKind
}

// CausesAtTick are the chains of Causes that explain the diverging tick
// itself: those of that tick, and a span (sprint, snap-back, lag) that
// covers it. Earlier counts the rest (the context's chains) by kind, in
// order of first appearance, with the first and last of their ticks.
func (d *Divergence) CausesAtTick() (at []string, earlier []KindCount, from, to int) {
	from, to = -1, -1
	for i, c := range d.Causes {
		if i >= len(d.causeKinds) {
			at = append(at, c) // not told by tick: keep it
			continue
		}
		ck := &d.causeKinds[i]
		if ck.tick == d.Tick || ck.tick < d.Tick && ck.until >= d.Tick {
			at = append(at, c)
			continue
		}
		if from < 0 {
			from = ck.tick
		}
		to = max(to, ck.tick)
		name := ck.kind.String()
		found := false
		for k := range earlier {
			if earlier[k].Kind == name {
				earlier[k].N++
				found = true
			}
		}
		if !found {
			earlier = append(earlier, KindCount{Kind: name, N: 1})
		}
	}
	return at, earlier, from, to
}

// KindCount is a number of cause chains of one kind.
type KindCount struct {
	Kind string
	N    int
}

// Retail is what the retail pipeline had and did at a tick.
type Retail struct {
	Cell   string     `json:"cell"`
	Origin [3]float32 `json:"origin"`
	Global [3]float64 `json:"global"`
	// Heading is given at the divergence tick only.
	Heading *float32 `json:"heading,omitempty"`
	Queue   int      `json:"queue"`
	Fail    int      `json:"fail"`
	Contact bool     `json:"contact"`
	// Branch is the routing branch of the last UpdatePosition delivered
	// that tick ("" when none was).
	Branch string `json:"branch,omitempty"`
	// Events are the pipeline's decisions that tick, in order.
	Events []string `json:"events"`
}

// Client is what the client reported at a tick; the optional values are
// present only when it gave them.
type Client struct {
	Line    int        `json:"line"`
	Cell    string     `json:"cell"`
	Origin  [3]float32 `json:"origin"`
	Global  [3]float64 `json:"global"`
	Heading *float32   `json:"heading,omitempty"`
	Queue   *int       `json:"queue,omitempty"`
	Contact *bool      `json:"contact,omitempty"`
	Branch  string     `json:"branch,omitempty"`
}

// ContextTick is one tick before a divergence.
type ContextTick struct {
	Tick   int     `json:"tick"`
	Retail Retail  `json:"retail"`
	Client *Client `json:"client"`
	// Error is the distance to the client's row (null without one).
	Error *float64 `json:"error"`
}

// Missing lists what was not compared.
type Missing struct {
	// Objects are recording objects the client trace never gave.
	Objects []MissingObject `json:"objects"`
	// Ticks are, per object the client gave, the ticks it lived in retail
	// without a client row.
	Ticks []MissingTicks `json:"ticks"`
	// NotInRecording are client objects the recording does not have.
	NotInRecording []ClientOnly `json:"not_in_recording"`
	// NotAlive counts client rows of recording objects at ticks they did
	// not live in retail (before creation, after deletion).
	NotAlive int `json:"not_alive_rows"`
	// AfterRun counts client rows past the run's last tick.
	AfterRun int `json:"after_run_rows"`
}

// MissingObject is an object the client never logged.
type MissingObject struct {
	GUID string `json:"guid"`
	Name string `json:"name"`
}

// MissingTicks are the ticks one object lived without a client row.
type MissingTicks struct {
	GUID  string `json:"guid"`
	Ticks int    `json:"ticks"`
	// Ranges are the first runs of such ticks, [first, last] (at most
	// MaxRanges).
	Ranges [][2]int `json:"ranges"`
}

// ClientOnly is a client object the recording does not have.
type ClientOnly struct {
	GUID      string `json:"guid"`
	Rows      int    `json:"rows"`
	FirstLine int    `json:"first_line"`
}

// MaxRanges bounds the tick ranges listed per object.
const MaxRanges = 16

func retailOf(st *engine.StateRow, events []eventlog.Event) Retail {
	r := Retail{Cell: hexid.String(st.Cell), Origin: st.Origin, Global: clienttrace.Global(st.Cell, st.Origin),
		Queue: st.Queue, Fail: st.Fail, Contact: st.Contact, Events: []string{}}
	for i := range events {
		e := &events[i]
		if e.GUID != st.GUID {
			continue
		}
		if e.Kind == eventlog.EventRoute {
			r.Branch = e.Route.String()
		}
		r.Events = append(r.Events, e.Text())
	}
	return r
}

func clientOf(row *clienttrace.Row) *Client {
	c := &Client{Line: row.Line, Cell: hexid.String(row.Cell), Origin: row.Origin, Global: row.Global()}
	if row.HasHeading {
		h := row.Heading
		c.Heading = &h
	}
	if row.HasQueue {
		q := row.Queue
		c.Queue = &q
	}
	if row.HasContact {
		v := row.Contact
		c.Contact = &v
	}
	if row.HasBranch {
		c.Branch = row.Branch.String()
	}
	return c
}
