// The default subcommand: open the visual debugger on a recording, a
// scenario or the built-in default scenario, under one reading or several
// side by side. The input is read and checked before any window opens, so
// a bad file is an error on stderr and exit status 2.

package launch

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/interp"
	"glidepath/ui"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// Open is the default subcommand, viewer [flags] [FILE...]: the window on
// the inputs.
func (wire Wiring) Open(args []string, stdout, stderr io.Writer) error {
	fs := wire.NewFlagSet("viewer", "viewer [-tick N] [-paused] [-camera C] [-reading R] [-compare R,R…] [-select GUID] [-track] [-layout split] [-tour] [-follow] [-against CLIENT_TRACE] [-whatif CONDITIONS] [-screenshot FILE.png] [-dat DIR] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [FILE...]", stderr)
	var rf readingFlags
	rf.add(fs)
	tick := fs.Int("tick", 0, "start at tick `N`")
	paused := fs.Bool("paused", false, "start paused")
	cam := fs.String("camera", "top-down", "starting camera: top-down, isometric or perspective")
	sel := fs.String("select", "", "select the object with this `guid` (e.g. 0x80000A01) at start")
	against := addAgainst(fs)
	shot := fs.String("screenshot", "", "pre-run, draw the start tick, write the window to this PNG `file` and exit")
	follow := fs.Bool("follow", false, "follow a recording or capture that is still being written: its events are appended as they are written, the cursor at the live edge (the follow camera is -track)")
	track := fs.Bool("track", false, trackUsage)
	layout := addLayout(fs)
	tour := fs.Bool("tour", false, "guided tour: walk through the run's key ticks with captions, ending at a blip (Enter: next stop)")
	openWorld := wire.AddDat(fs)
	var wf whatifSpec
	fs.Var(&wf, "whatif", "open the input beside itself delivered again under these `CONDITIONS`, the whatif subcommand's flags in one string (e.g. '-latency 150ms -loss 5% -set interpolate_at_bubble_edge=true'), side by side")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	if err := wire.ParseFlags(fs, args); err != nil {
		return err
	}
	packTitle, err := openPackArgs(fs, stderr) // open_packzip.go
	if err != nil {
		return err
	}
	caps, err := windowCaptures(&cf, fs.Args(), stderr)
	if err != nil {
		return err
	}
	if err := checkSeveral(fs.Args(), *follow, *against); err != nil {
		return err
	}
	if cli.IsSet(fs, "whatif") {
		if err := checkWhatif(fs.Args(), *follow, *against); err != nil {
			return err
		}
	}
	world, err := openWorld(stderr, *shot == "")
	if err != nil {
		return err
	}
	open := openSourcesFromWith(*tick, world, caps)
	if *shot != "" {
		open = openSourcesInWith(world, caps) // the whole input checked first: a bad line is exit status 2
	}
	if *follow && cmdinput.IsStream(fs.Arg(0)) {
		// A FIFO or standard input is read as it is written already, to
		// its writer's end: there is no file to watch grow.
		*follow = false
	}
	if *follow {
		if err := checkFollow(fs.Arg(0), *shot); err != nil {
			if !completeInput(fs.Arg(0)) || *sel == "" || cli.IsSet(fs, "track") {
				return err
			}
			// -follow -select G on a file that cannot grow reads as the
			// follow camera (-follow's meaning on shot and export): said,
			// never silent.
			fmt.Fprintf(stderr, "viewer: -follow %s: a complete file, nothing to follow; keeping %s in view as -track does\n", fs.Arg(0), *sel)
			*follow = false
		} else {
			open = openFollowSourcesIn(world)
		}
	}
	opts, err := viewOptionsFrom(open, fs.Args(), &rf, *cam, *tick, *sel, stderr)
	if err != nil {
		return err
	}
	if err := applyAgainst(&opts, *against, *follow); err != nil {
		return err
	}
	opts.Follow, opts.World = *follow, world
	opts.LiveAlarms = wire.LiveAlarms // viewer live's window
	// -select alone turns the follow camera on (stepping through a blip
	// keeps the body in view without pressing F); -track=false keeps it off.
	opts.FollowSelection, _ = trackChoice(fs, *track, *sel)
	if opts.Split, err = parseLayout(*layout); err != nil {
		return err
	}
	if cli.IsSet(fs, "whatif") {
		names, _ := rf.readings()
		more, err := whatifSources(fs.Arg(0), names[0], &wf, world, stderr)
		if err != nil {
			return err
		}
		opts.Sources = append(opts.Sources, more...)
		opts.Split = opts.Split || !cli.IsSet(fs, "layout") // side by side unless -layout says otherwise
	}
	sayLoneSplit(&opts, fs.Name(), stderr)
	opts.Title = "Glidepath — " + windowTitle(opts.Sources)
	if packTitle != "" {
		opts.Title = "Glidepath — " + packTitle
	}
	opts.Paused, opts.Screenshot = *paused, *shot
	if names, err := rf.readings(); err == nil {
		wire.childActions(&opts, names, *shot == "") // E and Shift+P (open_pack.go)
	}
	if *shot == "" {
		rememberViews(&opts, fs, stderr)
	}
	if *tour {
		names, _ := rf.readings()
		if opts.Tour, err = tourStops(fs.Arg(0), names[0]); err != nil {
			return err
		}
		if len(opts.Tour) == 0 {
			return cli.BadInput("-tour: %s has no update to tour", inputName(fs.Arg(0)))
		}
	}
	cmdinput.SayWorld(stderr, world) // the command line and the inputs accepted
	return displayHint(wire.window()(opts))
}

// viewOptionsFrom checks what open, shot and export share — the camera,
// the input under the readings, the start tick and the selection — and
// returns the options they give the viewer, reading the inputs with open:
// none is the built-in scenario; with several, every one is run under the
// readings and -select must name an object of the first. Every problem is
// bad input (exit status 2).
func viewOptionsFrom(open func(string, []string, uint32, io.Writer) ([]model.Source, error), files []string, rf *readingFlags, cam string, tick int, sel string, stderr io.Writer) (ui.Options, error) {
	file := ""
	if len(files) > 0 {
		file = files[0]
	}
	mode, ok := cameraModes()[cam]
	if !ok {
		return ui.Options{}, cli.BadInput("-camera %q: want top-down, isometric or perspective", cam)
	}
	guid, err := ParseGUID(sel)
	if err != nil {
		return ui.Options{}, err
	}
	names, err := rf.readings()
	if err != nil {
		return ui.Options{}, err
	}
	srcs, err := open(file, names, guid, stderr)
	if err != nil {
		return ui.Options{}, err
	}
	for _, more := range files[min(1, len(files)):] {
		next, err := open(more, names, 0, stderr)
		if err != nil {
			return ui.Options{}, err
		}
		srcs = append(srcs, next...)
	}
	if err := checkTick(tick, srcs); err != nil {
		return ui.Options{}, err
	}
	return ui.Options{Sources: srcs, File: file, Camera: mode, Tick: tick, Select: guid}, nil
}

// readingFlags are -reading and -compare, shared by open, shot and export:
// -reading picks the reading whose overlays show, -compare adds others.
type readingFlags struct{ interp.ReadingChoice }

func (r *readingFlags) add(fs interface {
	Func(name, usage string, fn func(string) error)
}) {
	r.Reading = interp.DefaultReadingName
	fs.Func("reading", "run under the reading `name`: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... (docs/readings.md; default "+interp.DefaultReadingName+")", func(s string) error {
		r.Reading, r.ReadingSet = s, true
		return nil
	})
	fs.Func("compare", "run these readings side by side, comma-separated (e.g. seed,ace); -reading picks the one whose overlays show", func(s string) error {
		r.Compare, r.CompareSet = s, true
		return nil
	})
}

// readings is the list of reading names to run, the selected one first
// (interp.ReadingChoice.Names); openGrowing resolves them.
func (r *readingFlags) readings() ([]string, error) {
	names, err := r.Names()
	if err != nil {
		return nil, cli.BadInput("%v", err)
	}
	return names, nil
}

// openFunc opens an input under the readings named (openSourcesIn).
type openFunc = func(string, []string, uint32, io.Writer) ([]model.Source, error)

// openSourcesIn returns the opener that reads the input (none: the
// built-in scenario) whole, warns about events of unknown types it skipped,
// checks that the selected guid (0: none) names an object of it, and makes
// one run per reading in the client's world w (nil: illustrative). Every
// failure is bad input: the file, its contents, the readings or the guid
// named.
func openSourcesIn(w engine.WorldData) openFunc {
	return func(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
		return openGrowing(path, readings, sel, stderr, startAt{whole: true, world: w})
	}
}

// openSourcesFrom is openSourcesIn for a window that shows tick first: it
// returns once the events up to tick are read, and the window's runs grow
// as a goroutine reads the rest (simsource.GrowEvents). A problem met
// before then is bad input; one met later is shown in the window.
func openSourcesFrom(tick int, w engine.WorldData) openFunc {
	return func(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
		return openGrowing(path, readings, sel, stderr, startAt{tick: tick, world: w})
	}
}

// startAt says how much of the input to read before the runs are made:
// all of it (whole), a followed file's header (follow), or what the frame
// at tick needs.
type startAt struct {
	tick          int
	whole, follow bool
	// world is the client's world the runs use (nil: illustrative).
	world engine.WorldData
	// capture, when not nil, gives a capture input's options
	// (open_captures.go).
	capture func(path string) capture.Options
}

// openGrowing opens the input into a growing event store, reads what at
// asks for, and makes one run per reading over it.
func openGrowing(path string, readings []string, sel uint32, stderr io.Writer, at startAt) ([]model.Source, error) {
	spec := simsource.Spec{Path: path, Readings: readings, Assets: assets.FS(), Follow: at.follow, World: at.world, Whole: at.whole}
	if at.capture != nil {
		spec.Capture = at.capture(path)
	}
	rs, err := interp.ReadingsByName(readings)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	st, err := simsource.GrowEvents(spec)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	ctx := context.Background()
	switch {
	case at.whole:
		ui.ShotMark("reading the input")
		_ = st.Wait(ctx, math.MaxInt)
		err = st.Err()
		ui.ShotMark("input read")
	case !at.follow:
		err = simsource.AwaitFirstFrame(ctx, st, at.tick)
	}
	if err != nil {
		st.Stop()
		return nil, cli.UsageError{Err: err}
	}
	if st.Complete() {
		n, line, types := st.Skipped()
		cli.WarnSkipped(stderr, &recording.Recording{Name: st.Recording().Name, Skipped: n, SkippedLine: line, SkippedTypes: types})
	}
	if sel != 0 && !hasObjectYet(ctx, st, sel, at.follow) {
		if at.follow {
			// A followed file may create the object later: it is selected
			// (and tracked) once it appears.
			fmt.Fprintf(stderr, "viewer: -select %s: %s has no object with this guid yet; it is selected when it appears\n", hexid.String(sel), path)
		} else {
			st.Stop()
			return nil, cli.BadInput("-select %s: %s has no object with this guid", hexid.String(sel), inputName(path))
		}
	}
	file := path
	if file == "" {
		file = scenario.DefaultName + " (built-in)"
	}
	runs, err := simsource.NewFromStoreWorld(st, file, rs, spec.Assets, spec.World)
	if err != nil {
		st.Stop()
		return nil, cli.UsageError{Err: err}
	}
	out := make([]model.Source, len(runs))
	for i, r := range runs {
		out[i] = r
	}
	return out, nil
}

// hasObjectYet reports whether guid names an object of st, reading on
// until it does or the input ends (a followed file: only what is written
// now).
func hasObjectYet(ctx context.Context, st *engine.EventStore, guid uint32, follow bool) bool {
	for !st.HasObject(guid) {
		if st.Complete() || follow && st.Idle() {
			return st.HasObject(guid)
		}
		if follow {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		_ = st.Wait(ctx, st.Through()+1)
	}
	return true
}

// readErr is the problem that stopped the reading of the runs' input, if
// one did (a run's input is read on while the window shows it).
func readErr(srcs []model.Source) error {
	for _, src := range srcs {
		if s, ok := src.(*simsource.Source); ok {
			if err := s.Store().Err(); err != nil {
				return cli.UsageError{Err: err}
			}
		}
	}
	return nil
}

// inputName names the input in messages.
func inputName(path string) string {
	if path == "" {
		return "the built-in scenario"
	}
	return path
}

// checkTick refuses a start tick outside the runs: the ticks are the first
// input's, up to the longest input's end.
func checkTick(tick int, srcs []model.Source) error {
	if last := stripLast(srcs); tick < 0 || tick > last {
		return cli.BadInput("-tick %d: the run has ticks 0 to %d", tick, last)
	}
	return nil
}

// ParseGUID reads -select's guid: hex with or without 0x, "" for none.
func ParseGUID(s string) (uint32, error) {
	if s == "" {
		return 0, nil
	}
	v, err := hexid.Parse(s)
	if err != nil || v == 0 {
		return 0, cli.BadInput("-select %q: want an object guid such as 0x80000A01", s)
	}
	return v, nil
}

// cameraModes names the -camera values.
func cameraModes() map[string]camera.Mode {
	return map[string]camera.Mode{
		camera.TopDown.String():     camera.TopDown,
		camera.Isometric.String():   camera.Isometric,
		camera.Perspective.String(): camera.Perspective,
	}
}
