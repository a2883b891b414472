//go:build !js

// -against: open and shot draw a client trace (Client trace v1) beside the
// retail run, read whole before the window opens; a bad trace is bad input
// (exit 2) naming its file, line and field.

package launch

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strconv"

	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/internal/cli"
	"glidepath/internal/diffcmd"
	"glidepath/internal/plural"
	"glidepath/ui"
	"glidepath/ui/draw"
	"glidepath/ui/overlay"
	"glidepath/ui/simsource"
)

// applyAgainst reads the client trace at path, if any, into opts. A trace
// that names nothing in the input is bad input, as for viewer diff: a
// Glidepath trace whose header names another input, or one none of whose
// objects the input has. With -follow the trace is followed as it grows
// (against_follow.go): its objects are not known yet, and a trace of
// another input is said in the window once its header is read.
func applyAgainst(opts *ui.Options, path string, follow bool) error {
	if path == "" {
		return nil
	}
	if follow {
		track, err := followClientTrack(path, opts.Sources[0].Info().TickRate, diffcmd.NamedInput(opts.File))
		if err != nil {
			return err
		}
		opts.Client = track
		return nil
	}
	track, guids, err := loadClientTrack(path, opts.Sources[0].Info().TickRate, diffcmd.NamedInput(opts.File))
	if err != nil {
		return cli.UsageError{Err: err}
	}
	if err := checkAgainstObjects(opts, path, guids); err != nil {
		return err
	}
	opts.Client = track
	return nil
}

// checkAgainstObjects refuses a client trace none of whose objects (guids,
// in the order first met) is an object of the first input.
func checkAgainstObjects(opts *ui.Options, path string, guids []uint32) error {
	src, ok := opts.Sources[0].(*simsource.Source)
	if !ok {
		return nil
	}
	st := src.Store()
	for _, g := range guids {
		if hasObjectYet(context.Background(), st, g, st.Following()) {
			return nil
		}
	}
	none := "none of its " + plural.Count(len(guids), "object") + " is"
	if len(guids) == 1 {
		none = "its 1 object is not"
	}
	return cli.BadInput("-against %s: %s an object of %s: it names nothing in the input", path, none, inputName(opts.File))
}

// loadClientTrack reads every row of a client trace into a track, and
// returns its objects in the order first met. A Glidepath trace whose
// header names another input than input (when given) is refused
// (clientdiff.SameInput).
func loadClientTrack(path string, tickRate int, input string) (*overlay.ClientTrack, []uint32, error) {
	rd, err := clienttrace.Open(path, tickRate)
	if err != nil {
		return nil, nil, err
	}
	defer rd.Close()
	t := overlay.NewClientTrack()
	var guids []uint32
	seen := map[uint32]bool{}
	var rows []clienttrace.Row
	for first := true; ; first = false {
		rows, err = rd.NextTick(rows)
		if first && (err == nil || errors.Is(err, io.EOF)) && input != "" {
			if header, line, ok := rd.Input(); ok && !clientdiff.SameInput(header, input) {
				return nil, nil, &clienttrace.Error{File: path, Line: line, Field: "input",
					Problem: "the trace is of " + strconv.Quote(header) + ", not of " + strconv.Quote(filepath.Base(input))}
			}
		}
		if errors.Is(err, io.EOF) {
			return t, guids, nil
		}
		if err != nil {
			return nil, nil, err
		}
		for i := range rows {
			r := &rows[i]
			if !seen[r.GUID] {
				seen[r.GUID] = true
				guids = append(guids, r.GUID)
			}
			g := r.Global()
			t.Add(r.GUID, overlay.ClientRow{Tick: r.Tick, Pos: draw.Vec3{g[0], g[1], g[2]}, Cell: r.Cell, Heading: r.Heading, HasHeading: r.HasHeading,
				Queue: r.Queue, HasQueue: r.HasQueue, Contact: r.Contact, HasContact: r.HasContact, Branch: r.Branch, HasBranch: r.HasBranch})
		}
	}
}
