//go:build !js

// The shot subcommand: render the viewer at one tick to a PNG and exit —
// isometric, framed as the window's first view, every overlay on. It needs
// a display (Xvfb will do); the README's screenshot and the tests use it.

package launch

import (
	"fmt"
	"image"
	"io"
	"strconv"
	"strings"

	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/ui"
)

// Shot limits: the smallest and largest image.
const (
	minShotSide = 200
	maxShotSide = 8192
)

// Shot is viewer shot: the window at one tick, written to a PNG.
func (wire Wiring) Shot(args []string, stdout, stderr io.Writer) error {
	fs := wire.NewFlagSet("shot", "viewer shot [-tick N] [-o FILE.png] [-size WxH] [-reading R] [-compare R,R…] [-camera C] [-select GUID] [-against CLIENT_TRACE] [-first] [-track] [-viewport] [-layout split] [-dat DIR] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [FILE...]", stderr)
	var rf readingFlags
	rf.add(fs)
	tick := fs.Int("tick", 0, "render tick `N`")
	out := fs.String("o", "glidepath.png", "write the PNG to `file`")
	size := fs.String("size", "1280x800", "image size `WxH`, pixels")
	cam := fs.String("camera", "isometric", "camera: top-down, isometric or perspective")
	against := addAgainst(fs)
	sel := fs.String("select", "", "select the object with this `guid` (its queue numbered, the inspector and pipeline filled)")
	framing := addFraming(fs)
	first := fs.Bool("first", false, "take the picture at the first frame, without waiting for the rest of the input to be read or pre-run (shows how soon a large input opens; a problem in the part not yet read is not reported)")
	openWorld := wire.AddDat(fs)
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	if err := wire.ParseFlags(fs, args); err != nil {
		return err
	}
	if err := framing.check(); err != nil {
		return err
	}
	caps, err := windowCaptures(&cf, fs.Args(), stderr)
	if err != nil {
		return err
	}
	// A screenshot depends on the command line (and the environment)
	// alone: it never reads the remembered dat folder.
	world, err := openWorld(stderr, false)
	if err != nil {
		return err
	}
	if err := checkSeveral(fs.Args(), false, *against); err != nil {
		return err
	}
	sz, err := parseSize(*size)
	if err != nil {
		return cli.BadInput("-size %q: %v", *size, err)
	}
	if !strings.HasSuffix(strings.ToLower(*out), ".png") {
		return cli.BadInput("-o %q: the output must be a .png file", *out)
	}
	if err := cli.CheckOutputs("shot", append(fs.Args(), *against), cli.Output{Flag: "-o", Path: *out}); err != nil {
		return err
	}
	open := openSourcesInWith(world, caps)
	if *first {
		open = openSourcesFromWith(*tick, world, caps) // the rest is read behind the picture
	}
	opts, err := viewOptionsFrom(open, fs.Args(), &rf, *cam, *tick, *sel, stderr)
	if err != nil {
		return err
	}
	if err := applyAgainst(&opts, *against, false); err != nil {
		return err
	}
	opts.Title, opts.Paused, opts.Size, opts.Screenshot, opts.ShotFirst = "Glidepath shot", true, sz, *out, *first
	framing.apply(&opts, *sel, stderr)
	opts.World = world
	if err := displayHint(ui.Run(opts)); err != nil {
		return err
	}
	if err := readErr(opts.Sources); err != nil {
		return err // a problem -first's reading met before the picture was taken
	}
	warnSourcesFloor(stderr, opts.Sources)
	fmt.Fprintf(cli.ReportTo(stdout, stderr, *out), "wrote %s (%dx%d, tick %d)\n", *out, sz.X, sz.Y, *tick)
	return nil
}

// parseSize reads WxH.
func parseSize(s string) (image.Point, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return image.Point{}, fmt.Errorf("want WxH, e.g. 1280x800")
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("want WxH with whole numbers, e.g. 1280x800")
	}
	if w < minShotSide || h < minShotSide || w > maxShotSide || h > maxShotSide {
		return image.Point{}, fmt.Errorf("each side must be %d–%d pixels", minShotSide, maxShotSide)
	}
	return image.Pt(w, h), nil
}
