// Report: the glide metrics of one or several readings over the same input,
// per object, as a text table or JSON — what `viewer run` prints.

package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"glidepath/engine"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
	"glidepath/internal/plural"
	"glidepath/interp"
	"glidepath/physics"
)

// Report is the metrics of every run of a Compare (or of one Sim), object by
// object.
type Report struct {
	Input    string         `json:"input"`
	TickRate int            `json:"tick_rate"`
	Ticks    int            `json:"ticks"`
	Readings []string       `json:"readings"`
	Objects  []ReportObject `json:"objects"`
	// World is the run's world line (Query.WorldDescription): the dat files
	// and their iterations, or IllustrativeWorld.
	World string `json:"world"`
	// WorldFallbacks are the items the dats lacked, each once (absent
	// without dats or when none was missing).
	WorldFallbacks []engine.Fallback `json:"world_fallbacks,omitempty"`
	// WorldMismatch is the landblock whose recorded positions lie far
	// from the dat ground (an input from another world), absent when none
	// does or without dats.
	WorldMismatch *engine.WorldMismatch `json:"world_mismatch,omitempty"`
	// Expectations are the verdicts on the scenario's claims (Options.Expect),
	// absent when it makes none.
	Expectations *ReportExpectations `json:"expectations,omitempty"`
	// LeftOut counts the input's objects the pipeline does not simulate
	// and the report does not list (absent when there are none).
	LeftOut *LeftOut `json:"left_out,omitempty"`
	// FirstDifference is the first tick at which the readings' states
	// differ (SetFirstDifference; compare_first.go), absent when they never
	// did or were not compared tick by tick.
	FirstDifference *FirstDifference `json:"first_difference,omitempty"`

	// explained: AddCauses ran, so WriteText lists the causes.
	explained bool
	// causeFilter describes the filter KeepCauses applied ("" for none).
	causeFilter string
	// groupHitches: the text forms list each object's hitches as one
	// line (GroupHitches).
	groupHitches bool
	// compared: SetFirstDifference ran, so the text forms say whether the
	// readings differed.
	compared bool
	// perObject: SetObjectDifferences ran, so the text forms list each
	// object's first difference; kept the objects it keeps (nil: all).
	perObject bool
	kept      func(*ReportObject) bool
}

// ReportObject is one object's metrics under each reading, in the order of
// Report.Readings.
type ReportObject struct {
	GUID string `json:"guid"`
	Name string `json:"name"`
	// Radius and Height are the body's cylinder, metres: the Setup's
	// with dat files (docs/world.md), else the entity's.
	Radius float32 `json:"radius"`
	Height float32 `json:"height"`
	// Setup is the entity's Setup dat id, absent when it has none.
	Setup string `json:"setup,omitempty"`
	// Static marks a static object (a door, a chest: Recording v1 entity
	// static), listed only with -statics and never simulated.
	Static bool        `json:"static,omitempty"`
	Runs   []ReportRun `json:"runs"`
	// Differs names the metrics (as ReportRun's JSON fields, nested ones
	// dotted: "routes.interpolate", "error.mean") whose values are not the
	// same under every reading; absent with one reading or none differing.
	Differs []string `json:"differs,omitempty"`
	// FirstDifference is the first tick the readings' states of this
	// object differ, with the reading fields that made them
	// (SetObjectDifferences; `run -compare`); absent when they never did.
	FirstDifference *FirstDifference `json:"first_difference,omitempty"`
	// OtherDifferences are, with three readings or more, this object's
	// first differences from the first reading under the other readings
	// that differ too (each with its own tick, field and stage; the
	// reading fields are not looked for: -compare of the two names them),
	// in the readings' order; absent when FirstDifference is the only one.
	OtherDifferences []*FirstDifference `json:"other_differences,omitempty"`
	// Life is, for a guid the report holds more than once (deleted and
	// created again: another object), this object's created and deleted
	// ticks; absent for every other object.
	Life *ObjectLife `json:"life,omitempty"`
	// created is the tick the object was created on: a guid deleted and
	// created again is another object, and AddCauses gives each its own
	// chains.
	created int
	// deleted is the tick the object was deleted on, −1 while alive: the
	// text forms tell a recreated guid's lives apart by their ticks.
	deleted int
	// slot is the object's slot (engine.ObjectView.Slot), which the
	// first differences name it by (Key).
	slot int
}

// Key names the object as its first differences do (FirstDifference.Key).
func (o *ReportObject) Key() ObjectKey { return ObjectKey{GUID: o.GUID, slot: o.slot} }

// ReportRun is one object's metrics under one reading.
type ReportRun struct {
	Reading       string         `json:"reading"`
	Updates       int            `json:"updates"`
	Routes        map[string]int `json:"routes"`
	Enqueues      map[string]int `json:"enqueues"`
	StallWindows  int            `json:"stall_windows"`
	StallFailures int            `json:"stall_failures"`
	Blips         int            `json:"blips"`
	Snaps         int            `json:"snaps"`
	Pops          int            `json:"pops"`
	Hitches       int            `json:"hitches"`
	// First is the tick of the first blip, snap, pop and hitch (a hitch's
	// still tick), by kind; a kind that never happened is absent, and so
	// is the map when none did.
	First map[string]int `json:"first,omitempty"`
	Error *ReportError   `json:"error,omitempty"`
	// LongestQueue is in seconds; MaxQueue and FinalQueue in nodes.
	LongestQueue float64 `json:"longest_queue_s"`
	MaxQueue     int     `json:"max_queue"`
	FinalQueue   int     `json:"final_queue"`
	// Causes are the cause chains of the object's blips, snaps, pops and
	// hitches (AddCauses; `run -explain`).
	Causes []ReportCause `json:"causes,omitempty"`
}

// ReportCause is one cause chain (Cause) as the report gives it.
type ReportCause struct {
	Tick int `json:"tick"`
	// Until is a sprint's, snap-back's or lag's last tick (Tick its first).
	Until int `json:"until,omitempty"`
	// Kind is blip, snap, pop, hitch, sprint, snapback or lag; Route the
	// branch of a snap.
	Kind     string  `json:"kind"`
	Route    string  `json:"route,omitempty"`
	Distance float64 `json:"distance"`
	// Text is the one-line chain, "tick N: what — why".
	Text string `json:"text"`
}

// NewReportCause converts a cause.
func NewReportCause(c *explain.Cause) ReportCause {
	rc := ReportCause{Tick: c.Tick, Until: c.Until, Kind: c.Kind.String(), Distance: float64(c.Distance), Text: c.String()}
	if c.Route != 0 {
		rc.Route = c.Route.String()
	}
	return rc
}

// AddCauses gives every run of the report its object's cause chains from
// c's runs (made with Options.Explain), and makes WriteText list them. A
// guid deleted and created again is several objects; a chain goes to the
// one alive at its tick (the last created by then), so it is listed once.
func (r *Report) AddCauses(c *engine.Compare) {
	for i, s := range c.Sims() {
		for _, cause := range s.Query().Causes() {
			if obj := r.objectAt(hexid.String(cause.GUID), cause.Tick, i); obj != nil {
				obj.Runs[i].Causes = append(obj.Runs[i].Causes, NewReportCause(&cause))
			}
		}
	}
	r.explained = true
}

// objectAt is the object of guid with a run i that was alive at tick: of
// those created by then the last created, else the first created.
func (r *Report) objectAt(guid string, tick, i int) *ReportObject {
	var best *ReportObject
	for j := range r.Objects {
		obj := &r.Objects[j]
		if obj.GUID != guid || i >= len(obj.Runs) {
			continue
		}
		alive, bestAlive := obj.created <= tick, best != nil && best.created <= tick
		switch {
		case best == nil,
			alive && (!bestAlive || obj.created > best.created),
			!alive && !bestAlive && obj.created < best.created:
			best = obj
		}
	}
	return best
}

// ReportError is the position error against the server truth, metres.
type ReportError struct {
	Ticks int     `json:"ticks"`
	Mean  float64 `json:"mean"`
	P95   float64 `json:"p95"`
	Max   float64 `json:"max"`
}

// NewReport builds the report of c's runs, which must collect metrics
// (Options.Metrics), at the furthest tick they reached.
func NewReport(input string, c *engine.Compare) *Report {
	sims := c.Sims()
	s0 := sims[0]
	// Objects is [] in JSON, never null, when the input has none.
	r := &Report{Input: input, TickRate: s0.TickRate(), Ticks: s0.Furthest(), Objects: []ReportObject{},
		World: s0.Query().WorldDescription(), WorldFallbacks: s0.Query().WorldFallbacks(), WorldMismatch: s0.Query().WorldMismatch()}
	per := make([][]engine.ObjectMetrics, len(sims))
	for i, s := range sims {
		r.Readings = append(r.Readings, s.Reading().Name)
		per[i] = s.Query().Metrics()
	}
	for j := range per[0] {
		m0 := &per[0][j]
		b, ok := s0.Query().SlotBody(j)
		if ok && !b.Reported {
			r.leaveOut(&b)
			continue
		}
		obj := ReportObject{GUID: hexid.String(m0.GUID), Name: m0.Name, created: m0.Created, deleted: m0.Deleted, slot: j}
		if ok && b.GUID == m0.GUID {
			obj.Static = b.Static
			obj.Radius, obj.Height = b.Radius, b.Height
			if b.Setup != 0 {
				obj.Setup = hexid.String(b.Setup)
			}
		}
		for i := range per {
			if j < len(per[i]) {
				obj.Runs = append(obj.Runs, reportRun(r.Readings[i], &per[i][j], s0.TickRate()))
			}
		}
		r.Objects = append(r.Objects, obj)
	}
	r.markDiffers()
	r.markLives()
	r.Expectations = expectReport(c)
	return r
}

// ObjectLife is when one of a recreated guid's objects lived: created on
// tick Created, deleted on tick Deleted (absent while alive at the report's
// last tick).
type ObjectLife struct {
	Created int  `json:"created"`
	Deleted *int `json:"deleted,omitempty"`
}

// markLives gives the objects of a guid the report holds more than once
// their Life.
func (r *Report) markLives() {
	n := make(map[string]int, len(r.Objects))
	for i := range r.Objects {
		n[r.Objects[i].GUID]++
	}
	for i := range r.Objects {
		o := &r.Objects[i]
		if n[o.GUID] < 2 {
			continue
		}
		o.Life = &ObjectLife{Created: o.created}
		if o.deleted >= 0 {
			d := o.deleted
			o.Life.Deleted = &d
		}
	}
}

// LeftOut counts the objects a report leaves out: held items (entity
// parent: carried by their holder) and statics (entity static; listed with
// -statics). Neither is simulated (engine/object.go).
type LeftOut struct {
	HeldItems int `json:"held_items,omitempty"`
	Statics   int `json:"statics,omitempty"`
}

// leaveOut counts an object the report does not list.
func (r *Report) leaveOut(b *engine.SlotBody) {
	if !b.Held && !b.Static {
		return
	}
	if r.LeftOut == nil {
		r.LeftOut = &LeftOut{}
	}
	if b.Held {
		r.LeftOut.HeldItems++
	} else {
		r.LeftOut.Statics++
	}
}

// leftOutLine says what the report left out, "" for nothing: "1 held
// item, 7 statics not simulated; -statics lists them"; statics listed
// (-statics) are said to be unsimulated too.
func (r *Report) leftOutLine() string {
	listed := 0
	for i := range r.Objects {
		if r.Objects[i].Static {
			listed++
		}
	}
	var parts []string
	if l := r.LeftOut; l != nil && l.HeldItems > 0 {
		parts = append(parts, plural.Count(l.HeldItems, "held item"))
	}
	if l := r.LeftOut; l != nil && l.Statics > 0 {
		parts = append(parts, plural.Count(l.Statics, "static"))
	}
	line := ""
	if len(parts) > 0 {
		line = strings.Join(parts, ", ") + " not simulated"
		if r.LeftOut.Statics > 0 {
			line += "; -statics lists them"
		}
	}
	if listed > 0 {
		if line != "" {
			line += "; "
		}
		line += plural.Count(listed, "static") + " listed (marked static), not simulated"
	}
	return line
}

// lifeLabels gives each object whose guid the report holds more than once
// (deleted and created again: another object) its life, "0x80000A03
// (created tick 0, deleted tick 30)" or "0x80000A03 (created tick 45)",
// so that the text forms do
// not print one guid as two objects that contradict each other; other
// objects keep their bare guid.
func (r *Report) lifeLabels() []string {
	n := make(map[string]int, len(r.Objects))
	for i := range r.Objects {
		n[r.Objects[i].GUID]++
	}
	out := make([]string, len(r.Objects))
	for i := range r.Objects {
		o := &r.Objects[i]
		switch {
		case n[o.GUID] < 2:
			out[i] = o.GUID
		case o.deleted >= 0:
			out[i] = fmt.Sprintf("%s (created tick %d, deleted tick %d)", o.GUID, o.created, o.deleted)
		default:
			out[i] = fmt.Sprintf("%s (created tick %d)", o.GUID, o.created)
		}
	}
	return out
}

// objectTitle is an object's name as the text forms give it: a static's
// marked so.
func objectTitle(o *ReportObject) string {
	name := o.Name
	if name == "" {
		name = "-"
	}
	if o.Static {
		name += " (static)"
	}
	return name
}

func reportRun(reading string, m *engine.ObjectMetrics, rate int) ReportRun {
	run := ReportRun{
		Reading:       reading,
		Updates:       m.Updates(),
		Routes:        map[string]int{},
		Enqueues:      map[string]int{},
		StallWindows:  m.StallWindows,
		StallFailures: m.StallFailures,
		Blips:         m.Blips,
		Snaps:         m.Snaps,
		Pops:          m.Pops,
		Hitches:       m.Hitches,
		LongestQueue:  float64(m.LongestQueue) / float64(rate),
		MaxQueue:      m.MaxQueue,
		FinalQueue:    m.FinalQueue,
	}
	for _, f := range []struct {
		kind string
		tick int
	}{{"blip", m.FirstBlip}, {"snap", m.FirstSnap}, {"pop", m.FirstPop}, {"hitch", m.FirstHitch}} {
		if f.tick > 0 {
			if run.First == nil {
				run.First = map[string]int{}
			}
			run.First[f.kind] = f.tick
		}
	}
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		run.Routes[r.String()] = m.Routes[r]
	}
	for b := interp.BranchFar; b <= interp.BranchNear; b++ {
		run.Enqueues[b.String()] = m.Enqueues[b]
	}
	if m.Error.N > 0 {
		run.Error = &ReportError{Ticks: m.Error.N, Mean: m.Error.Mean, P95: m.Error.P95, Max: m.Error.Max}
	}
	return run
}

// WriteJSON writes the report as indented JSON (map keys sorted, so the
// bytes are stable).
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// reportRow is one metric of the text table.
type reportRow struct {
	name  string
	value func(run *ReportRun) string
	// keys are the JSON fields the row shows, one per "/"-separated part
	// of its value.
	keys []string
}

var reportRows = []reportRow{
	{"updates", func(r *ReportRun) string { return strconv.Itoa(r.Updates) }, []string{"updates"}},
	{"  interpolate", routeCell(physics.RouteInterpolate), []string{"routes.interpolate"}},
	{"  teleport", routeCell(physics.RouteTeleport), []string{"routes.teleport"}},
	{"  slide", routeCell(physics.RouteSlide), []string{"routes.slide"}},
	{"  airborne", routeCell(physics.RouteAirborne), []string{"routes.airborne"}},
	{"  stale_position", routeCell(physics.RouteStalePosition), []string{"routes.stale_position"}},
	{"  stale_teleport", routeCell(physics.RouteStaleTeleport), []string{"routes.stale_teleport"}},
	{"  wrong_instance", routeCell(physics.RouteWrongInstance), []string{"routes.wrong_instance"}},
	{"enqueue near", enqueueCell(interp.BranchNear), []string{"enqueues.near"}},
	{"enqueue far", enqueueCell(interp.BranchFar), []string{"enqueues.far"}},
	{"enqueue arrived", enqueueCell(interp.BranchArrived), []string{"enqueues.arrived"}},
	{"stall failed/windows", func(r *ReportRun) string {
		return strconv.Itoa(r.StallFailures) + "/" + strconv.Itoa(r.StallWindows)
	}, []string{"stall_failures", "stall_windows"}},
	{"blips", func(r *ReportRun) string { return strconv.Itoa(r.Blips) }, []string{"blips"}},
	{"snaps", func(r *ReportRun) string { return strconv.Itoa(r.Snaps) }, []string{"snaps"}},
	{"pops", func(r *ReportRun) string { return strconv.Itoa(r.Pops) }, []string{"pops"}},
	{"hitches", func(r *ReportRun) string { return strconv.Itoa(r.Hitches) }, []string{"hitches"}},
	{"first blip/snap/pop/hitch", func(r *ReportRun) string {
		parts := make([]string, 0, len(firstKinds))
		for _, k := range firstKinds {
			if t, ok := r.First[k]; ok {
				parts = append(parts, strconv.Itoa(t))
			} else {
				parts = append(parts, "-")
			}
		}
		return strings.Join(parts, "/")
	}, []string{"first.blip", "first.snap", "first.pop", "first.hitch"}},
	{"error mean/p95/max m", func(r *ReportRun) string {
		if r.Error == nil {
			return "-"
		}
		return metres(r.Error.Mean) + "/" + metres(r.Error.P95) + "/" + metres(r.Error.Max)
	}, []string{"error.mean", "error.p95", "error.max"}},
	{"longest queue s", func(r *ReportRun) string { return queueSeconds(r.LongestQueue) }, []string{"longest_queue_s"}},
	{"max queue", func(r *ReportRun) string { return strconv.Itoa(r.MaxQueue) }, []string{"max_queue"}},
	{"final queue", func(r *ReportRun) string { return strconv.Itoa(r.FinalQueue) }, []string{"final_queue"}},
}

// firstKinds are the kinds ReportRun.First holds, in the report's order.
var firstKinds = []string{"blip", "snap", "pop", "hitch"}

func routeCell(b physics.Route) func(*ReportRun) string {
	return func(r *ReportRun) string { return strconv.Itoa(r.Routes[b.String()]) }
}

func enqueueCell(b interp.EnqueueBranch) func(*ReportRun) string {
	return func(r *ReportRun) string { return strconv.Itoa(r.Enqueues[b.String()]) }
}

// queueSeconds is a queue's longest run, seconds, to the hundredth; a run
// shorter than 5 ms — a tick or two above 200 Hz — gets the thousandth
// (0.004 for one tick at 240 Hz), so that a queue that held a node reads
// as one rather than as 0.00, and the table does not list the column
// among those that are 0 in every row.
func queueSeconds(v float64) string {
	if s := strconv.FormatFloat(v, 'f', 2, 64); v <= 0 || s != "0.00" {
		return s
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

func metres(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// WriteText writes the report as a table per object: one row per metric, one
// column per reading.
func (r *Report) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "%s: %s at %d Hz\n", r.Input, plural.Count(r.Ticks, "tick"), r.TickRate); err != nil {
		return err
	}
	if line := r.leftOutLine(); line != "" {
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	labels := r.lifeLabels()
	for i := range r.Objects {
		obj := &r.Objects[i]
		name := obj.Name
		if obj.Static {
			name += " (static)"
		}
		fmt.Fprintf(tw, "\n%s %s\t", labels[i], name)
		for _, run := range obj.Runs {
			fmt.Fprintf(tw, "%s\t", run.Reading)
		}
		fmt.Fprintln(tw)
		for _, row := range reportRows {
			fmt.Fprintf(tw, "%s\t", row.name)
			mark := ""
			if len(row.differs(obj.Runs)) > 0 {
				mark = " *"
			}
			for i := range obj.Runs {
				fmt.Fprintf(tw, "%s%s\t", row.value(&obj.Runs[i]), mark)
			}
			fmt.Fprintln(tw)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, obj := range r.Objects {
		if len(obj.Differs) > 0 {
			if _, err := fmt.Fprintln(w, "\n* the readings differ in this value"); err != nil {
				return err
			}
			break
		}
	}
	return r.writeAfterObjects(w)
}

// writeAfterObjects writes what both text forms (WriteText, WriteTable)
// say after the objects: the readings' first difference, the cause chains
// when explained, and the expectations' verdicts.
func (r *Report) writeAfterObjects(w io.Writer) error {
	if err := r.writeFirstDifference(w); err != nil {
		return err
	}
	if r.explained {
		if err := r.writeCauses(w); err != nil {
			return err
		}
	}
	if r.Expectations != nil {
		return r.Expectations.writeText(w, len(r.Readings))
	}
	return nil
}

// GroupHitches makes the text forms list an object's hitches — one-tick
// stills, many to a queue — as one line per object and reading ("72
// hitches, ticks 64–212; -explain=hitch lists them") when it has more than
// one, so the blips, snaps and pops around them stand out. A plain
// `run -explain` asks for it; a kind list or a filter lists every chain it
// keeps. The JSON keeps every chain.
func (r *Report) GroupHitches() { r.groupHitches = true }

// writeCauses lists every run's cause chains, object by object.
func (r *Report) writeCauses(w io.Writer) error {
	for i, reading := range r.Readings {
		if _, err := fmt.Fprintf(w, "\nwhy, reading %s:\n", reading); err != nil {
			return err
		}
		n := 0
		for _, obj := range r.Objects {
			if i >= len(obj.Runs) {
				continue
			}
			causes := obj.Runs[i].Causes
			hitches, first, last := 0, 0, 0
			for _, c := range causes {
				if c.Kind == "hitch" {
					if hitches == 0 {
						first = c.Tick
					}
					hitches++
					last = max(last, c.Tick)
				}
			}
			group := r.groupHitches && hitches > 1
			for _, c := range causes {
				if group && c.Kind == "hitch" {
					continue
				}
				n++
				if _, err := fmt.Fprintf(w, "  %s %s\n", obj.GUID, c.Text); err != nil {
					return err
				}
			}
			if group {
				n++
				// "N hitches, ticks A–B: hitch …": the line reads as a
				// chain of kind hitch.
				if _, err := fmt.Fprintf(w, "  %s %s, ticks %d–%d: hitch (still for a tick between moving ticks) each time; -explain=hitch lists them\n",
					obj.GUID, plural.Count(hitches, "hitch"), first, last); err != nil {
					return err
				}
			}
		}
		if n == 0 && r.causeFilter != "" {
			if _, err := fmt.Fprintf(w, "  no cause chain matches %s\n", r.causeFilter); err != nil {
				return err
			}
		} else if n == 0 {
			if _, err := fmt.Fprintln(w, "  no blips, snaps, pops or hitches"); err != nil {
				return err
			}
		}
	}
	return nil
}

// differs returns the row's JSON fields whose values are not the same under
// every run; a row whose parts do not line up (an error measured under one
// reading only) differs in every field.
func (row *reportRow) differs(runs []ReportRun) []string {
	if len(runs) < 2 {
		return nil
	}
	var out []string
	first := strings.Split(row.value(&runs[0]), "/")
	for k, key := range row.keys {
		for i := 1; i < len(runs); i++ {
			parts := strings.Split(row.value(&runs[i]), "/")
			// A row measured under no reading ("-" throughout) does not
			// differ in the parts it does not show.
			if len(parts) != len(first) || k < len(first) && parts[k] != first[k] {
				out = append(out, key)
				break
			}
		}
	}
	return out
}

// markDiffers fills each object's Differs.
func (r *Report) markDiffers() {
	for i := range r.Objects {
		o := &r.Objects[i]
		o.Differs = nil
		for k := range reportRows {
			o.Differs = append(o.Differs, reportRows[k].differs(o.Runs)...)
		}
	}
}
