// The first divergence of readings: the first tick at which two runs of a
// Compare hold different states for an object, and the pipeline stage that
// first gave a different output that tick — where to start reading when
// `viewer run -compare` says two readings differ.

package report

import (
	"fmt"
	"io"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/physics"
)

// FirstDifference is the first tick at which the readings' states differ.
type FirstDifference struct {
	Tick int    `json:"tick"`
	GUID string `json:"guid"`
	// Stage is the first stage (physics.Stage's name) whose output differs
	// between the two runs that tick, in pipeline order; absent when the
	// runs were made without stage records or every stage gave the same
	// output (the difference is then in the queue or its counters).
	Stage string `json:"stage,omitempty"`
	// Field is what differs: "position" (cell or origin), "queue" (its
	// length), "fail" (node_fail_counter), "contact", "heading" (the
	// heading a trace's state row gives), or "alive" (the object exists
	// under one reading only).
	Field string `json:"field"`
	// Readings are the first reading and the one that differs from it.
	Readings []string `json:"readings"`
	// Fields are the interp.Reading fields whose choice made the object
	// differ that tick (compare_fields.go): each one the two readings set
	// differently whose change alone, in the first reading, makes the
	// object differ at this tick; Together says none did alone, and all
	// the fields the readings differ in are listed. Absent when not
	// looked for.
	Fields   []ReadingField `json:"fields,omitempty"`
	Together bool           `json:"fields_together,omitempty"`

	// Life is, for a guid deleted and created again, the life of the
	// object that differs (the report's objects' life); absent for every
	// other object. Set on the run's first difference (SetFirstDifference).
	Life *ObjectLife `json:"life,omitempty"`

	// reading is the index of the differing run (Readings[1]); slot the
	// object's slot, which tells a recreated guid's lives apart.
	reading int
	slot    int
}

// ObjectKey names one object of a run: its guid and, since a guid deleted
// and created again is another object, which of its lives (its slot).
// FirstDifference.Key and ReportObject.Key give it.
type ObjectKey struct {
	GUID string
	slot int
}

// Key is the object that differs.
func (fd *FirstDifference) Key() ObjectKey { return ObjectKey{GUID: fd.GUID, slot: fd.slot} }

// life is an object's guid and slot: the guid alone does not tell a
// recreated guid's lives apart.
type life struct {
	guid uint32
	slot int
}

// ReadingIndex is the index, in the Compare's runs, of the reading that
// differs from the first (Readings[1]).
func (fd *FirstDifference) ReadingIndex() int { return fd.reading }

// DifferenceFinder compares the runs of a Compare after every tick until
// they first differ. Feed it each tick (WriteTick) while stepping the runs
// one tick at a time; once Found, it compares no more.
type DifferenceFinder struct {
	c     *engine.Compare
	rows  [][]engine.StateRow
	first *FirstDifference
	// perObject holds each object's first difference, once it has one
	// (Objects); byReading[i] each object's first difference between the
	// first run and run i (Others); at is the other run's row index by
	// guid, this tick.
	perObject map[life]*FirstDifference
	byReading []map[life]*FirstDifference
	at        map[uint32]int
}

// NewDifferenceFinder starts comparing c's runs; with one run there is
// nothing to compare and it is Found at once with no difference.
func NewDifferenceFinder(c *engine.Compare) *DifferenceFinder {
	return &DifferenceFinder{c: c, rows: make([][]engine.StateRow, len(c.Sims()))}
}

// Found reports whether the readings have differed (or there is one).
func (d *DifferenceFinder) Found() bool { return d.first != nil || len(d.c.Sims()) < 2 }

// First is the first difference, nil when the readings have not differed.
func (d *DifferenceFinder) First() *FirstDifference { return d.first }

// Flush does nothing: the finder writes no output.
func (d *DifferenceFinder) Flush() error { return nil }

// Objects are the first differences of each object found so far, by
// object (each life of a recreated guid its own), each between the first
// reading and the first other one that differs for it that tick.
func (d *DifferenceFinder) Objects() map[ObjectKey]*FirstDifference {
	out := make(map[ObjectKey]*FirstDifference, len(d.perObject))
	for _, fd := range d.perObject {
		out[fd.Key()] = fd
	}
	return out
}

// Others are, by object, an object's first differences under the
// readings other than the one Objects gives for it, in the readings'
// order: with three readings or more an object may differ from the first
// under several, each from a tick and in a field of its own.
func (d *DifferenceFinder) Others() map[ObjectKey][]*FirstDifference {
	out := map[ObjectKey][]*FirstDifference{}
	for i := 1; i < len(d.byReading); i++ {
		for l, fd := range d.byReading[i] {
			if d.perObject[l] != fd {
				out[fd.Key()] = append(out[fd.Key()], fd)
			}
		}
	}
	return out
}

// Differing is how many objects have differed so far.
func (d *DifferenceFinder) Differing() int { return len(d.perObject) }

// WriteTick compares the runs' current states: the first difference of
// the run once, and each object's until it has one.
func (d *DifferenceFinder) WriteTick() error {
	if len(d.c.Sims()) < 2 {
		return nil
	}
	for i, s := range d.c.Sims() {
		d.rows[i] = s.Query().States(d.rows[i][:0])
	}
	d.writeObjects()
	if d.first != nil {
		return nil
	}
	base, q0 := d.rows[0], d.c.Sims()[0].Query()
	for i := 1; i < len(d.rows); i++ {
		other, qi := d.rows[i], d.c.Sims()[i].Query()
		for k := 0; k < max(len(base), len(other)); k++ {
			if k >= len(base) || k >= len(other) || base[k].GUID != other[k].GUID {
				var r *engine.StateRow
				if k < len(base) {
					r = &base[k]
				} else {
					r = &other[k]
				}
				d.found(i, life{r.GUID, r.Slot()}, "alive")
				return nil
			}
			if f := rowDifference(q0, qi, &base[k], &other[k]); f != "" {
				d.found(i, life{base[k].GUID, base[k].Slot()}, f)
				return nil
			}
		}
	}
	return nil
}

// writeObjects records, for each object without a first difference yet,
// whether another run's state of it differs from the first run's this
// tick (an object alive under one reading only differs: "alive"). A guid
// deleted and created again is another object, looked at afresh.
func (d *DifferenceFinder) writeObjects() {
	if d.perObject == nil {
		d.perObject = map[life]*FirstDifference{}
		d.at = map[uint32]int{}
		d.byReading = make([]map[life]*FirstDifference, len(d.rows))
		for i := 1; i < len(d.rows); i++ {
			d.byReading[i] = map[life]*FirstDifference{}
		}
	}
	base, q0 := d.rows[0], d.c.Sims()[0].Query()
	for i := 1; i < len(d.rows); i++ {
		other, qi, seen := d.rows[i], d.c.Sims()[i].Query(), d.byReading[i]
		clear(d.at)
		for k := range other {
			d.at[other[k].GUID] = k
		}
		for k := range base {
			g := base[k].GUID
			l := life{g, base[k].Slot()}
			if seen[l] != nil {
				continue
			}
			j, ok := d.at[g]
			if !ok {
				d.record(i, l, "alive")
				continue
			}
			if f := rowDifference(q0, qi, &base[k], &other[j]); f != "" {
				d.record(i, l, f)
			}
		}
		clear(d.at)
		for k := range base {
			d.at[base[k].GUID] = k
		}
		for k := range other {
			l := life{other[k].GUID, other[k].Slot()}
			if _, ok := d.at[l.guid]; !ok && seen[l] == nil {
				d.record(i, l, "alive")
			}
		}
	}
}

// record keeps object l's first difference between the first run and
// run i; the first of an object under any reading (the lowest i of its
// tick) is its first difference.
func (d *DifferenceFinder) record(i int, l life, field string) {
	fd := d.difference(i, l, field)
	d.byReading[i][l] = fd
	if d.perObject[l] == nil {
		d.perObject[l] = fd
	}
}

// rowDifference names the first field two rows of an object differ in,
// a taken from qa's run and b from qb's. The heading is a trace state
// row's too: a reading that only turns a body (item 14, heading_turn)
// differs there first, and its states do not agree while it does. It is
// asked last, and only where the rotations differ (an atan2 a row).
func rowDifference(qa, qb engine.Query, a, b *engine.StateRow) string {
	switch {
	case a.Cell != b.Cell || a.Origin != b.Origin:
		return "position"
	case a.Queue != b.Queue:
		return "queue"
	case a.Fail != b.Fail:
		return "fail"
	case a.Contact != b.Contact:
		return "contact"
	case qa.RowRotationDiffers(a, qb, b):
		return "heading"
	}
	return ""
}

// found records the difference between run 0 and run i at object l.
func (d *DifferenceFinder) found(i int, l life, field string) {
	d.first = d.difference(i, l, field)
}

// difference is the difference between run 0 and run i at object l now.
func (d *DifferenceFinder) difference(i int, l life, field string) *FirstDifference {
	s0, si, guid := d.c.Sims()[0], d.c.Sims()[i], l.guid
	fd := &FirstDifference{Tick: s0.Tick(), GUID: hexid.String(guid), Field: field,
		Readings: []string{s0.Reading().Name, si.Reading().Name}, reading: i, slot: l.slot}
	if s0.Query().RecordsStages() && si.Query().RecordsStages() {
		a, okA := s0.Query().Object(guid)
		b, okB := si.Query().Object(guid)
		if okA && okB {
			fd.Stage = stageDifference(&a.Stages, &b.Stages)
		}
	}
	return fd
}

// stageDifference names the first stage that ran under one run only or
// gave another output, "" when none did.
func stageDifference(a, b *physics.StageRecord) string {
	for s := physics.Stage(0); s < physics.NumStages; s++ {
		if a.Ran[s] != b.Ran[s] {
			return s.String()
		}
		if a.Ran[s] && (a.Pos[s].Cell != b.Pos[s].Cell || a.Pos[s].Frame.Origin != b.Pos[s].Frame.Origin ||
			a.Pos[s].Frame.Rot != b.Pos[s].Frame.Rot) {
			return s.String()
		}
	}
	if a.Commit != b.Commit {
		return "commit"
	}
	return ""
}

// SetFirstDifference gives the report the first difference between its
// readings (nil: they never differed), which the text forms then print
// and the JSON gives as first_difference.
func (r *Report) SetFirstDifference(fd *FirstDifference) {
	r.FirstDifference = fd
	r.compared = true
	r.markDifferenceLife()
}

// markDifferenceLife gives the run's first difference the life of its
// object when that object's guid lives more than once (its Life), so
// that the JSON and the text name the life that differs.
func (r *Report) markDifferenceLife() {
	fd := r.FirstDifference
	if fd == nil {
		return
	}
	fd.Life = nil
	for i := range r.Objects {
		if o := &r.Objects[i]; o.Key() == fd.Key() {
			fd.Life = o.Life
		}
	}
}

// differenceLabel is the run's first difference's object as the text
// forms name it: a recreated guid with its life.
func (r *Report) differenceLabel(fd *FirstDifference) string {
	labels := r.lifeLabels()
	for i := range r.Objects {
		if r.Objects[i].Key() == fd.Key() {
			return labels[i]
		}
	}
	return fd.GUID
}

// writeFirstDifference prints the first difference, when one was looked
// for.
func (r *Report) writeFirstDifference(w io.Writer) error {
	if !r.compared {
		return nil
	}
	fd := r.FirstDifference
	if fd == nil && len(r.Objects) == 0 {
		// No object ran: "agree" would claim a comparison of nothing.
		_, err := fmt.Fprintf(w, "no object to compare: the input has none the pipeline simulates, so the readings' states were not compared\n")
		return err
	}
	if fd == nil && r.kept != nil {
		_, err := fmt.Fprintf(w, "the readings' states of the objects selected agree at every tick\n")
		return err
	}
	if fd == nil {
		_, err := fmt.Fprintf(w, "the readings' states agree at every tick\n")
		return err
	}
	stage := ""
	if fd.Stage != "" {
		stage = ", first at stage " + fd.Stage
	}
	if _, err := fmt.Fprintf(w, "first difference: tick %d, %s %s (%s vs %s)%s\n",
		fd.Tick, r.differenceLabel(fd), fd.Field, fd.Readings[0], fd.Readings[1], stage); err != nil {
		return err
	}
	if len(fd.Fields) > 0 || fd.Together {
		if _, err := fmt.Fprintf(w, "  the reading field whose choice made them differ: %s\n", fieldsText(fd.Fields, fd.Together)); err != nil {
			return err
		}
	}
	return r.writeObjectDifferences(w)
}
