// -against: open and shot draw a client trace (Client trace v1) beside the
// retail run, read whole before the window opens; a bad trace is bad input
// (exit 2) naming its file, line and field.

package main

import (
	"errors"
	"flag"
	"io"

	"glidepath/engine/clienttrace"
	"glidepath/ui"
	"glidepath/ui/draw"
	"glidepath/ui/overlay"
)

// addAgainst declares -against on fs.
func addAgainst(fs *flag.FlagSet) *string {
	return fs.String("against", "", "draw the client trace `CLIENT_TRACE` (JSONL, CSV or a Glidepath trace) beside retail: key U toggles it")
}

// applyAgainst reads the client trace at path, if any, into opts.
func applyAgainst(opts *ui.Options, path string) error {
	if path == "" {
		return nil
	}
	track, err := loadClientTrack(path, opts.Sources[0].Info().TickRate)
	if err != nil {
		return usageError{err}
	}
	opts.Client = track
	return nil
}

// loadClientTrack reads every row of a client trace into a track.
func loadClientTrack(path string, tickRate int) (*overlay.ClientTrack, error) {
	rd, err := clienttrace.Open(path, tickRate)
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	t := overlay.NewClientTrack()
	var rows []clienttrace.Row
	for {
		rows, err = rd.NextTick(rows)
		if errors.Is(err, io.EOF) {
			return t, nil
		}
		if err != nil {
			return nil, err
		}
		for i := range rows {
			r := &rows[i]
			g := r.Global()
			t.Add(r.GUID, overlay.ClientRow{Tick: r.Tick, Pos: draw.Vec3{g[0], g[1], g[2]}, Heading: r.Heading, HasHeading: r.HasHeading,
				Queue: r.Queue, HasQueue: r.HasQueue, Contact: r.Contact, HasContact: r.HasContact})
		}
	}
}
