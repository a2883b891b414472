// Report of expectations: the verdict on every claim a scenario makes, per
// reading run, as the last section of `viewer run`'s text and the
// "expectations" field of its JSON.

package report

import (
	"fmt"
	"io"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
)

// ReportExpectations are the checks of a scenario's expectations under each
// reading. Failed counts the checks judged that do not hold under a reading
// they are made for; Differ those that do not hold under another reading;
// NotReached the checks whose window the run did not finish.
type ReportExpectations struct {
	Checked    int                 `json:"checked"`
	Failed     int                 `json:"failed"`
	Differ     int                 `json:"differ"`
	NotReached int                 `json:"not_reached"`
	Checks     []ReportExpectCheck `json:"checks"`
}

// ReportExpectCheck is one claimed count under one reading. At is FILE:LINE
// of the count, Field its path in the file; Min and Max the claimed range
// (Max 1073741824 for "at least Min").
type ReportExpectCheck struct {
	Reading  string `json:"reading"`
	At       string `json:"at"`
	Field    string `json:"field"`
	GUID     string `json:"guid,omitempty"`
	Name     string `json:"name,omitempty"`
	FromTick int    `json:"from_tick"`
	ToTick   int    `json:"to_tick"`
	Metric   string `json:"metric"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	Got      int    `json:"got"`
	Reached  bool   `json:"reached"`
	Holds    bool   `json:"holds"`
	// Applies says the claim is made for this reading; only then does a
	// check that does not hold fail the run.
	Applies bool `json:"applies"`
}

// expectReport gathers the verdicts of c's runs; nil when none checks any.
func expectReport(c *engine.Compare) *ReportExpectations {
	var r ReportExpectations
	for _, s := range c.Sims() {
		for _, res := range s.Query().Expectations() {
			e := res.Expectation
			chk := ReportExpectCheck{
				Reading: s.Reading().Name, At: res.Where(), Field: res.Check.Field,
				FromTick: res.FromTick, ToTick: res.ToTick, Metric: res.Check.Metric,
				Min: res.Check.Min, Max: res.Check.Max, Got: res.Got, Reached: res.Reached, Holds: res.Holds, Applies: res.Applies,
			}
			if !e.AllObjects {
				chk.GUID, chk.Name = hexid.String(e.GUID), e.Object
				if chk.Name == chk.GUID {
					chk.Name = ""
				}
			}
			r.Checked++
			switch {
			case !res.Reached:
				r.NotReached++
			case res.Fails():
				r.Failed++
			case !res.Holds:
				r.Differ++
			}
			r.Checks = append(r.Checks, chk)
		}
	}
	if r.Checked == 0 {
		return nil
	}
	return &r
}

// writeText writes the expectations section of the text report.
func (r *ReportExpectations) writeText(w io.Writer, readings int) error {
	fmt.Fprintf(w, "\nexpectations: %d checked, %d fail", r.Checked, r.Failed)
	if r.Differ > 0 {
		fmt.Fprintf(w, ", %d differ under a reading they are not written for", r.Differ)
	}
	if r.NotReached > 0 {
		fmt.Fprintf(w, ", %d not reached", r.NotReached)
	}
	fmt.Fprintln(w)
	for _, c := range r.Checks {
		verdict := "holds"
		switch {
		case !c.Reached:
			verdict = "not reached"
		case !c.Holds && c.Applies:
			verdict = "FAILS"
		case !c.Holds:
			verdict = "differs"
		}
		who := "all objects"
		if c.GUID != "" {
			who = c.GUID
			if c.Name != "" {
				who = c.Name + " (" + c.GUID + ")"
			}
		}
		reading := ""
		if readings > 1 {
			reading = " [" + c.Reading + "]"
		}
		want := scenario.Check{Min: c.Min, Max: c.Max}.Want()
		if _, err := fmt.Fprintf(w, "  %-11s %s %s, ticks %d–%d%s: %s %s, got %d\n",
			verdict, c.At, who, c.FromTick, c.ToTick, reading, c.Metric, want, c.Got); err != nil {
			return err
		}
	}
	return nil
}
