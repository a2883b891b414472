// viewer run -follow: run the pipeline over a recording (or a capture) that
// is still being written, as its lines (or frames) arrive, printing the metrics each time the run has
// caught up with the file and they changed — the table, or with -json one
// JSON document a line. The run's results are those of running the finished
// file: the engine waits for each next event, it never guesses. SIGINT (the
// usual way to stop following) prints the metrics reached and exits 130;
// -idle ends the follow once the file has not grown for that long, as if it
// ended there. A file truncated, replaced or removed while followed is
// reported (exit 2), with the metrics reached so far printed first. A
// capture tcpdump is still writing is read as `viewer run` reads a finished
// one (engine/capture over the followed bytes): a torn last frame, or a
// header not written yet, is waited for.

package runcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"glidepath/engine/loader"
	"glidepath/engine/report"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/interp"
)

// FollowFlags are -follow and -idle.
type FollowFlags struct {
	On   bool
	Idle time.Duration
}

// Add adds -follow and -idle to fs.
func (f *FollowFlags) Add(fs *flag.FlagSet) {
	fs.BoolVar(&f.On, "follow", false, "follow a recording or capture that is still being written: run it as lines or frames arrive and print the metrics as they change (SIGINT ends)")
	fs.DurationVar(&f.Idle, "idle", 0, "with -follow, end once the file has not grown for `D` (e.g. 5s); 0 follows until interrupted")
}

// minReportGap keeps a fast writer from flooding the terminal with tables.
const minReportGap = 250 * time.Millisecond

// Follow runs file as it is written (-follow) under readings, printing the
// metrics each time the run catches up with the file and they changed.
func Follow(file string, o *Options, readings []interp.Reading, copts capture.Options, stdout, stderr io.Writer) error {
	switch {
	case loader.IsScenario(file):
		return cli.BadInput("run: -follow %s: follow reads a recording (.jsonl) or a capture (.pcap, .pcapng) being written; a scenario is complete already", file)
	case o.Trace != "":
		return cli.BadInput("run: -follow cannot be combined with -trace")
	case o.Tables.States != "" || o.Tables.Events != "" || o.Tables.Metrics != "":
		return cli.BadInput("run: -follow cannot be combined with -states, -events or -metrics")
	case o.Ticks != 0:
		return cli.BadInput("run: -follow cannot be combined with -ticks")
	case o.Follow.Idle < 0:
		return cli.BadInput("run: -idle %v: want a positive duration", o.Follow.Idle)
	}
	src, tail, err := openFollowed(file, recording.FollowOptions{Context: cli.StopCtx, Idle: o.Follow.Idle}, copts)
	if err != nil {
		if ie := interruption(err); ie != nil {
			return ie
		}
		return cli.UsageError{Err: err}
	}
	defer src.Close()
	opts := engine.Options{Assets: assets.FS(), World: o.World, Metrics: true, Statics: o.Statics}
	cmp, err := engine.NewCompareStream(src, readings, opts)
	if err != nil {
		if ie := interruption(err); ie != nil {
			return ie
		}
		return cli.UsageError{Err: err}
	}
	p := &followPrinter{w: stdout, json: o.JSON, long: o.Long, quiet: o.Quiet, input: cmdinput.TraceInputName(file), cmp: cmp}
	tail.OnWait(func() { p.print(false) })
	for !cmp.Done() {
		if err := cli.Stopped("tick %d of the followed %s", cmp.Tick(), file); err != nil {
			p.print(true)
			return err
		}
		cmp.Step()
	}
	if err := cmp.Err(); err != nil {
		p.print(true)
		if ie := interruption(err); ie != nil {
			return ie
		}
		return cli.UsageError{Err: err}
	}
	cli.WarnSkippedSource(stderr, src)
	cmdinput.WarnMalformedFrames(stderr, src)
	cmdinput.WarnDroppedMessages(stderr, src)
	cmdinput.WarnCapturePlayer(stderr, src)
	cmdinput.WarnFloor(stderr, cmp.Sims()...)
	p.print(true)
	return nil
}

// openFollowed opens file to follow it: a recording read line by line, or
// a capture frame by frame, over the same followed bytes (recording.Tail).
// The source closes the tail.
func openFollowed(file string, fo recording.FollowOptions, copts capture.Options) (recording.Source, *recording.Tail, error) {
	if err := cmdinput.CheckPlayerInput(file, copts); err != nil {
		return nil, nil, err
	}
	if !loader.IsCapture(file) {
		f, err := recording.OpenFollow(file, fo)
		if err != nil {
			return nil, nil, err
		}
		return f, f.Tail(), nil
	}
	t, err := recording.NewTail(file, fo)
	if err != nil {
		return nil, nil, err
	}
	r, err := capture.NewReader(file, t, copts)
	if err != nil {
		t.Close()
		return nil, nil, err
	}
	return closeBoth{r, t}, t, nil
}

// closeBoth is a capture's source that closes the followed file with it.
type closeBoth struct {
	*capture.Reader
	t *recording.Tail
}

func (c closeBoth) Close() error {
	err := c.Reader.Close()
	if terr := c.t.Close(); err == nil {
		err = terr
	}
	return err
}

// interruption is the signal's error inside a read error, if that is what
// ended the follow.
func interruption(err error) error {
	var ie *cli.InterruptedError
	if errors.As(err, &ie) {
		return cli.Stopped("the followed input")
	}
	return nil
}

// followPrinter prints the report when it changed.
type followPrinter struct {
	w           io.Writer
	json, quiet bool
	// long prints the table per object (-long).
	long  bool
	input string
	cmp   *engine.Compare
	last  []byte
	at    time.Time
}

// print renders the report and prints it if it differs from the last one
// printed; unless final, not more often than minReportGap.
func (p *followPrinter) print(final bool) {
	if p.quiet || (!final && time.Since(p.at) < minReportGap) {
		return
	}
	rep := report.NewReport(p.input, p.cmp)
	var b bytes.Buffer
	if p.json {
		// One document a line, so a reader can take each as it comes.
		if err := json.NewEncoder(&b).Encode(rep); err != nil {
			return
		}
	} else {
		fmt.Fprintf(&b, "— following %s: tick %d —\n", p.input, rep.Ticks)
		if err := WriteReport(&b, rep, p.long); err != nil {
			return
		}
	}
	if bytes.Equal(b.Bytes(), p.last) {
		return
	}
	p.last = append(p.last[:0], b.Bytes()...)
	p.at = time.Now()
	p.w.Write(b.Bytes())
}
