// The reading fields behind a difference: which of interp.Reading's
// choices (docs/readings.md, items 1–18) made two readings' runs of an
// object differ. Two presets differ in several fields; the runs of the
// first reading with one of those fields changed to the other's tell which
// choice alone makes the object differ at the tick the two readings first
// do (runcmd's attribution; `viewer run -compare`).

package report

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"glidepath/internal/plural"
	"glidepath/interp"
)

// ReadingField is one interp.Reading field two readings set differently.
type ReadingField struct {
	// Field is the Go field's name (interp.Reading), Setting its
	// snake_case name (`viewer whatif -set`), Item its number in
	// docs/readings.md.
	Field   string `json:"field"`
	Setting string `json:"setting"`
	Item    int    `json:"item"`
	// Values are the field's values under the two readings, in the order
	// of FirstDifference.Readings.
	Values []string `json:"values"`
}

// readingItems numbers interp.Reading's fields as docs/readings.md's table
// does (item 10, the catch-up speed, is no field: every reading agrees).
var readingItems = map[string]int{
	"SecondaryDivisor": 1, "PrimaryTest": 2, "Progress": 3, "FarBranchPrearm": 4, "PruneLoop": 5,
	"StallPopsHead": 6, "OverwriteOffset": 7, "ConstraintOffset": 8, "ContactGate": 9,
	"DriveWithStateVelocity": 11, "FarBranchHeadingFromArgument": 12, "PosFramesCombineForward": 13,
	"HeadingTurn": 14, "RootMotionOffWalkable": 15, "DeadbandAfterFriction": 16,
	"InterpolateAtBubbleEdge": 17, "LeaveGroundVelocity": 18,
}

// ReadingItem is field's item number in docs/readings.md, 0 for none.
func ReadingItem(field string) int { return readingItems[field] }

// ReadingFieldsDiffer lists the fields (Name excepted) a and b set
// differently, in interp.Reading's order.
func ReadingFieldsDiffer(a, b interp.Reading) []ReadingField {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	t := va.Type()
	var out []ReadingField
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == "Name" {
			continue
		}
		x, y := va.Field(i).Interface(), vb.Field(i).Interface()
		if x == y {
			continue
		}
		out = append(out, ReadingField{Field: f.Name, Setting: interp.SettingName(f.Name), Item: readingItems[f.Name],
			Values: []string{fmt.Sprint(x), fmt.Sprint(y)}})
	}
	return out
}

// WithField is a with field set as b sets it, named "A+setting".
func WithField(a, b interp.Reading, field string) interp.Reading {
	out := a
	reflect.ValueOf(&out).Elem().FieldByName(field).Set(reflect.ValueOf(b).FieldByName(field))
	out.Name = a.Name + "+" + interp.SettingName(field)
	return out
}

// fieldsText is "primary_test (item 2: cumulative vs none)", joined.
func fieldsText(fs []ReadingField, together bool) string {
	if len(fs) == 0 {
		return "no reading field (the readings differ in no field: a difference of the run itself)"
	}
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s (item %d: %s vs %s)", f.Setting, f.Item, f.Values[0], f.Values[1]))
	}
	s := strings.Join(parts, ", ")
	if together {
		s += " — together: no one of them alone makes it differ that tick"
	}
	return s
}

// SetObjectDifferences gives each object its first difference (nil:
// none) and its differences under the other readings (others, by guid;
// DifferenceFinder.Others) and, when keep is not nil, keeps to the
// objects it accepts: the report's first difference becomes the earliest
// of theirs (-select, -filter). The text forms then list them per object.
func (r *Report) SetObjectDifferences(diffs map[ObjectKey]*FirstDifference, others map[ObjectKey][]*FirstDifference, keep func(*ReportObject) bool) {
	r.perObject = true
	r.kept = keep
	var first *FirstDifference
	for i := range r.Objects {
		o := &r.Objects[i]
		o.FirstDifference = diffs[o.Key()]
		o.OtherDifferences = others[o.Key()]
		if keep != nil && !keep(o) {
			o.FirstDifference, o.OtherDifferences = nil, nil
			continue
		}
		if d := o.FirstDifference; d != nil && (first == nil || d.Tick < first.Tick) {
			first = d
		}
	}
	if keep != nil {
		r.FirstDifference = first
		r.markDifferenceLife()
	} else if r.FirstDifference != nil {
		// The run's first difference is one of its objects': give it that
		// object's fields.
		if d := diffs[r.FirstDifference.Key()]; d != nil && d.Tick == r.FirstDifference.Tick {
			r.FirstDifference.Fields, r.FirstDifference.Together = d.Fields, d.Together
		}
	}
}

// writeObjectDifferences lists each (kept) object's first difference.
func (r *Report) writeObjectDifferences(w io.Writer) error {
	if !r.perObject {
		return nil
	}
	if _, err := fmt.Fprintln(w, "per object, the first tick the readings differ and the reading field whose choice made them:"); err != nil {
		return err
	}
	agree, listed := 0, 0
	labels := r.lifeLabels()
	for i := range r.Objects {
		o := &r.Objects[i]
		if r.kept != nil && !r.kept(o) {
			continue
		}
		d := o.FirstDifference
		if d == nil {
			agree++
			continue
		}
		listed++
		stage := ""
		if d.Stage != "" {
			stage = ", first at stage " + d.Stage
		}
		// "tick N, GUID": a line that starts with a guid is a table row.
		// A recreated guid's line names its life, as the table does.
		if _, err := fmt.Fprintf(w, "  tick %d, %s (%s vs %s): %s%s; %s\n", d.Tick, labels[i], d.Readings[0], d.Readings[1],
			d.Field, stage, fieldsText(d.Fields, d.Together)); err != nil {
			return err
		}
		// With three readings or more, the others it differs under, each
		// from its own tick; their fields are the two readings' own
		// -compare's to name.
		for _, od := range o.OtherDifferences {
			stage := ""
			if od.Stage != "" {
				stage = ", first at stage " + od.Stage
			}
			if _, err := fmt.Fprintf(w, "    and from tick %d (%s vs %s): %s%s; `-compare %s,%s` names the reading field\n", od.Tick,
				od.Readings[0], od.Readings[1], od.Field, stage, od.Readings[0], od.Readings[1]); err != nil {
				return err
			}
		}
	}
	switch {
	case agree > 0 && listed == 0 && agree == 1:
		_, err := fmt.Fprintln(w, "  the one object's states agree at every tick")
		return err
	case agree > 0:
		_, err := fmt.Fprintf(w, "  %s agree at every tick\n", plural.Count(agree, "object"))
		return err
	case listed == 0:
		_, err := fmt.Fprintln(w, "  no object selected")
		return err
	}
	return nil
}
