// viewer -tour: the guided tour's stops, read off a headless run of the
// input (the default scenario when none is given) under the first reading.

package launch

import (
	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/report"
	"glidepath/internal/cli"
	"glidepath/interp"
	"glidepath/ui"
	"glidepath/ui/simsource"
)

// tourStops runs the input once with the event log and returns
// report.Tour's stops for the viewer. Problems are bad input, as opening
// the input would report them.
func tourStops(path, reading string) ([]ui.TourStop, error) {
	spec := simsource.Spec{Path: path, Readings: []string{reading}, Assets: assets.FS()}
	rs, err := interp.ReadingsByName(spec.Readings)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	rec, err := simsource.Load(spec)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	s, err := engine.New(rec, engine.Options{Reading: rs[0], Assets: spec.Assets, EventLog: true, NoCheckpoints: true})
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	s.RunAll(nil)
	var out []ui.TourStop
	for _, st := range report.Tour(s) {
		out = append(out, ui.TourStop{Tick: st.Tick, GUID: st.GUID, Caption: st.Caption, Doc: st.Doc})
	}
	return out, nil
}
