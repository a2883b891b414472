//go:build !js

// The live subcommand: the retail pipeline run beside a client while it
// plays, from a capture being written or an interface, its trace followed
// as it grows; alarms at the first divergence and at -alarm's events
// (internal/live, docs/live.md). Only the flags are here.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"glidepath/engine/clientdiff"
	"glidepath/engine/filter"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/live"
	"glidepath/interp"
	"glidepath/ui"
	"glidepath/ui/launch"
)

const liveSynopsis = "viewer live [-capture FILE | -iface NAME] [-against CLIENT_TRACE] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [-pack-dir DIR] [-alarm EXPR] [-json] [-reading R] [-tol METRES]"

func runLive(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("live", liveSynopsis, stderr)
	capFile := fs.String("capture", "", "follow the capture `FILE` another program is writing (tcpdump -U -w FILE: pcap or pcapng; or datagram JSON Lines)")
	iface := fs.String("iface", "", "read the network interface `NAME` directly (Linux; needs CAP_NET_RAW)")
	against := fs.String("against", "", "follow the client's trace `CLIENT_TRACE` (Client trace v1) as it grows and ring at each object's first divergence")
	packDir := fs.String("pack-dir", "", "write an evidence pack of each alarm into the directory `DIR`")
	alarm := fs.String("alarm", "", "also ring at each blip, snap or pop matching the filter `EXPR` (docs/viewer.md, \"Filters\")")
	asJSON := fs.Bool("json", false, "headless: print one JSON line per alarm on stdout")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading to run: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "the largest position error, `METRES`, that is not a divergence")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) > 0 {
		fs.Usage()
		return cli.BadInput("live: unexpected argument %q: name the input with -capture FILE or -iface NAME", files[0])
	}
	if (*capFile == "") == (*iface == "") {
		return cli.BadInput("live: give one of -capture FILE or -iface NAME")
	}
	if !(*tol >= 0) {
		return cli.BadInput("live: -tol %v: want a distance of 0 m or more", *tol)
	}
	o := live.Options{Capture: *capFile, Iface: *iface, Against: *against, PackDir: *packDir, JSON: *asJSON, Tolerance: *tol}
	if o.Reading, err = interp.One(*reading); err != nil {
		return cli.BadInput("live: -reading: %v", err)
	}
	if cli.IsSet(fs, "alarm") {
		if strings.TrimSpace(*alarm) == "" {
			return cli.BadInput("live: -alarm %q: want an expression such as 'blip distance>0.5' (docs/viewer.md, \"Filters\")", *alarm)
		}
		e, err := filter.Parse(*alarm, filter.Kinds())
		if err != nil {
			return cli.BadInput("live: -alarm: %v", err)
		}
		if err := live.CheckAlarm(e); err != nil {
			return cli.BadInput("live: -alarm %q: %v", *alarm, err)
		}
		o.Alarm, o.AlarmText = e, *alarm
	}
	for _, in := range []struct{ flag, path string }{{"-capture", *capFile}, {"-against", *against}} {
		if in.path == "" {
			continue
		}
		fi, err := os.Stat(in.path)
		switch {
		case os.IsNotExist(err) && in.flag == "-against" && isDir(filepath.Dir(in.path)):
			// The client not started yet: its trace is waited for.
		case err != nil:
			return cli.BadInput("live: %s %s: %v", in.flag, in.path, cli.UnwrapPath(err))
		case fi.IsDir():
			return cli.BadInput("live: %s %s: is a directory, not a file", in.flag, in.path)
		}
	}
	if *packDir != "" {
		fi, err := os.Stat(*packDir)
		switch {
		case os.IsNotExist(err):
			if err := os.MkdirAll(*packDir, 0o755); err != nil {
				return fmt.Errorf("live: -pack-dir %s: %w", *packDir, cli.UnwrapPath(err))
			}
		case err != nil:
			return fmt.Errorf("live: -pack-dir %s: %w", *packDir, cli.UnwrapPath(err))
		case !fi.IsDir():
			return cli.BadInput("live: -pack-dir %s: is not a directory", *packDir)
		}
	}
	if o.CaptureOptions, err = cf.Options(); err != nil {
		return err
	}
	if !*asJSON && !launch.NoDisplay() {
		if o.Iface != "" {
			// The window follows a capture file: the interface's frames
			// are kept in one as they are read (docs/live.md).
			if o.Frames, err = openInterface(o.Iface); err != nil {
				return err
			}
			if err := live.KeepIface(&o); err != nil {
				o.Frames.Close()
				return err
			}
			fmt.Fprintf(stderr, "viewer: live: -iface %s: the window follows the interface's frames, kept in %s\n", o.Iface, o.Kept)
		}
		return liveWindow(o, cf, stdout, stderr)
	}
	return live.Run(o, stdout, stderr)
}

// openInterface opens -iface's interface (tests read frames of their own).
var openInterface = live.OpenInterface

// liveWindow runs the session headless beside the window following the
// capture (viewer -follow FILE): its alarms are printed as text and handed
// to the window, which says and bookmarks each.
func liveWindow(o live.Options, cf cmdinput.CaptureFlags, stdout, stderr io.Writer) error {
	alarms := make(chan ui.LiveAlarm, 64)
	o.NoBookmarks = true
	o.OnAlarm = func(a live.Alarm) {
		select {
		case alarms <- ui.LiveAlarm{Tick: a.Tick, Label: a.Kind + " " + a.GUID, Text: a.Kind + " of " + a.GUID + ": " + a.What}:
		default: // the window is behind; the line was printed
		}
	}
	ended := make(chan error, 1)
	go func() {
		err := live.Run(o, stdout, stderr)
		if err != nil && !errors.As(err, new(*cli.InterruptedError)) {
			fmt.Fprintf(stderr, "viewer: live: %v (the window goes on)\n", err)
		}
		ended <- err
	}()
	w := wiring()
	w.LiveAlarms = alarms
	err := w.Open(liveWindowArgs(o, cf), stdout, stderr)
	select {
	case lerr := <-ended:
		if err == nil {
			err = lerr
		}
	default:
	}
	return err
}

// liveWindowArgs is the window's command line beside a live session: the
// capture (or the file an interface's frames are kept in) followed (-follow) with the follow camera on (-track), and the
// client's trace followed as it grows (-against with -follow).
func liveWindowArgs(o live.Options, cf cmdinput.CaptureFlags) []string {
	args := append([]string{"-follow", "-track", "-reading", o.Reading.Name}, cf.Args()...)
	if o.Against != "" {
		args = append(args, "-against", o.Against)
	}
	if o.Iface != "" {
		return append(args, o.Kept) // the interface's frames as read (live.KeepIface)
	}
	return append(args, o.Capture)
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
