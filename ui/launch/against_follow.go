//go:build !js

// -against with -follow (and viewer live's window): the client trace is
// followed as the client writes it, like the input beside it — each row
// drawn as soon as it is read, a torn last line waited for, a trace not
// created yet waited for (its folder must exist) — on a goroutine of its
// own that fills an overlay.ClientTrack the window takes rows from once an
// update. A trace truncated, replaced or removed, or a row that does not
// read, ends the following with the rows read so far kept, said in the
// window's status line.

package launch

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/ui/draw"
	"glidepath/ui/overlay"
)

// clientPoll is how often a followed trace that has stopped growing, or
// has not been created yet, is looked at again.
const clientPoll = 50 * time.Millisecond

// checkFollowedTrace refuses a followed trace that can never be read: a
// directory, or a file whose folder does not exist. A file not created
// yet is waited for.
func checkFollowedTrace(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return cli.BadInput("-against %s: is a directory, not a file", path)
	case err == nil:
		return nil
	case !os.IsNotExist(err):
		return cli.BadInput("-against %s: %v", path, cli.UnwrapPath(err))
	}
	dir := filepath.Dir(path)
	if di, derr := os.Stat(dir); derr != nil || !di.IsDir() {
		return cli.BadInput("-against %s: %v, and its folder %s does not exist to create it in", path, cli.UnwrapPath(err), dir)
	}
	return nil
}

// followClientTrack starts following the client trace at path, read at
// tickRate; input (when given) is the input it must be a trace of, as
// loadClientTrack checks a whole one. Stop on the track ends the reading.
func followClientTrack(path string, tickRate int, input string) (*overlay.ClientTrack, error) {
	if err := checkFollowedTrace(path); err != nil {
		return nil, err
	}
	t := overlay.NewFollowedClientTrack()
	go readFollowedTrace(t, path, tickRate, input)
	return t, nil
}

// readFollowedTrace is the follower's goroutine.
func readFollowedTrace(t *overlay.ClientTrack, path string, tickRate int, input string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-t.Stopped()
		cancel()
	}()
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		t.Wait(path + " to be created")
		select {
		case <-ctx.Done():
			return
		case <-time.After(clientPoll):
		}
	}
	tail, err := recording.NewTail(path, recording.FollowOptions{Context: ctx, Poll: clientPoll})
	if err != nil {
		t.Fail(err)
		return
	}
	defer tail.Close()
	rd, err := clienttrace.NewReader(path, tail, tickRate)
	if err != nil {
		t.Fail(err)
		return
	}
	// The input a Glidepath trace's header names is known with its first
	// row: a trace of another input gives no row at all.
	checked := false
	var wrong error
	rd.OnRow(func(r *clienttrace.Row) {
		if !checked {
			checked = true
			if header, line, ok := rd.Input(); ok && input != "" && !clientdiff.SameInput(header, input) {
				wrong = &clienttrace.Error{File: path, Line: line, Field: "input",
					Problem: "the trace is of " + strconv.Quote(header) + ", not of " + strconv.Quote(filepath.Base(input))}
			}
		}
		if wrong != nil {
			return
		}
		g := r.Global()
		t.Push(r.GUID, overlay.ClientRow{Tick: r.Tick, Pos: draw.Vec3{g[0], g[1], g[2]}, Cell: r.Cell, Heading: r.Heading, HasHeading: r.HasHeading,
			Queue: r.Queue, HasQueue: r.HasQueue, Contact: r.Contact, HasContact: r.HasContact, Branch: r.Branch, HasBranch: r.HasBranch})
	})
	var rows []clienttrace.Row
	for {
		rows, err = rd.NextTick(rows)
		switch {
		case wrong != nil:
			t.Fail(wrong)
			return
		case err != nil && ctx.Err() != nil:
			return // stopped
		case err != nil:
			t.Fail(err)
			return
		}
		if len(rows) > 0 {
			t.Completed(rows[0].Tick)
		}
	}
}
