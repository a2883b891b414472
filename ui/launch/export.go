//go:build !js

// The export subcommand: render every tick of a range as the viewer shows it
// — the camera, selection and overlays of viewer shot — to an animated GIF
// (ui/gifout: a palette that keeps the overlays' colours exact) or to a
// directory of numbered PNGs. Outputs are atomic: the GIF is written into a
// temporary file, the PNGs into a temporary directory, renamed into place
// when the last frame is in. It needs a display, like shot.

package launch

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/plural"
	"glidepath/ui"
	"glidepath/ui/gifout"
	"glidepath/ui/overlay"
)

const exportSynopsis = "viewer export [-from T] [-to T] [-fps N] [-size WxH] [-o OUT.gif|OUT-DIR] [-reading R] [-compare R,R…] [-camera C] [-select GUID] [-track] [-viewport] [-layout split] [-dat DIR] FILE"

// Export limits.
const (
	// maxGIFFrames bounds a GIF, which is built in memory: 10 minutes at
	// 30 Hz. Longer ranges go to PNGs.
	maxGIFFrames = 18000
	maxFPS       = 50
)

// exportFlags are export's own flags, as given.
type exportFlags struct {
	from, to, out, size, cam, sel string
	fps                           int
}

// Export is viewer export: a range of ticks as the window shows them, to
// an animated GIF or numbered PNGs.
func (wire Wiring) Export(args []string, stdout, stderr io.Writer) error {
	fs := wire.NewFlagSet("export", exportSynopsis, stderr)
	var rf readingFlags
	rf.add(fs)
	var f exportFlags
	fs.StringVar(&f.from, "from", "", "first tick `T` (a tick, or seconds as 2.5s; default the first tick)")
	fs.StringVar(&f.to, "to", "", "last tick `T` (a tick, or seconds as 4s; default the last tick)")
	fs.IntVar(&f.fps, "fps", 0, "frames per second of the GIF, 1–50 (default the run's tick rate, at most 50)")
	fs.StringVar(&f.size, "size", "800x500", "frame size `WxH`, pixels")
	fs.StringVar(&f.out, "o", "glidepath.gif", "write an animated GIF (`OUT`.gif) or, for any other name, a directory of numbered PNGs")
	fs.StringVar(&f.cam, "camera", "isometric", "camera: top-down, isometric or perspective")
	fs.StringVar(&f.sel, "select", "", "select the object with this `guid`")
	framing := addFraming(fs)
	openWorld := wire.AddDat(fs)
	files, err := wire.ParseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := framing.check(); err != nil {
		return err
	}
	world, err := openWorld(stderr, true)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return cli.BadInput("export: want one FILE (a recording or a scenario), got %d", len(files))
	}
	sz, err := parseSize(f.size)
	if err != nil {
		return cli.BadInput("-size %q: %v", f.size, err)
	}
	asGIF := strings.HasSuffix(strings.ToLower(f.out), ".gif")
	if !asGIF {
		f.out = filepath.Clean(f.out) // shots/ names the directory shots, not a file in it
	}
	if strings.HasSuffix(strings.ToLower(f.out), ".png") {
		return cli.BadInput("-o %q: want OUT.gif, or a directory for numbered PNGs", f.out)
	}
	if f.fps < 0 || f.fps > maxFPS || (f.fps == 0 && cli.IsSet(fs, "fps")) {
		return cli.BadInput("-fps %d: want 1 to %d", f.fps, maxFPS)
	}
	if !asGIF && cli.IsSet(fs, "fps") {
		// Numbered PNGs carry no timing: the rate is the player's
		// (ffmpeg -framerate N). Said, not dropped.
		return cli.BadInput("-fps %d: numbered PNGs have no frame rate (-o %s is a directory); -fps sets a GIF's", f.fps, f.out)
	}
	if asGIF {
		if err := cli.CheckOutputs("export", files, cli.Output{Flag: "-o", Path: f.out}); err != nil {
			return err
		}
	} else if err := checkPNGDir(f.out, files[0]); err != nil {
		return err
	}
	opts, err := viewOptionsFrom(openSourcesIn(world), files[:1], &rf, f.cam, 0, f.sel, stderr)
	if err != nil {
		return err
	}
	info := opts.Sources[0].Info()
	from, to, err := f.span(info.LastTick, info.TickRate)
	if err != nil {
		return err
	}
	n := to - from + 1
	if asGIF && n > maxGIFFrames {
		return cli.BadInput("-from %d -to %d: %d frames; a GIF holds at most %d (export to a directory of PNGs instead)", from, to, n, maxGIFFrames)
	}
	fps := f.fps
	if fps == 0 {
		fps = min(max(info.TickRate, 1), maxFPS)
	}
	var sink frameSink
	if asGIF {
		sink, err = newGIFSink(f.out, fps)
	} else {
		sink, err = newPNGSink(f.out)
	}
	if err != nil {
		return err // the environment's: exit 1, naming OUT
	}
	defer sink.abort()
	bar := cli.NewFrameProgress(stderr, n, "exporting "+filepath.Base(f.out))
	opts.Title, opts.Paused, opts.Size, opts.Tick = "Glidepath export", true, sz, from
	framing.apply(&opts, f.sel, stderr)
	opts.World = world
	opts.Export = &ui.Export{From: from, To: to, Frame: func(tick int, img *image.RGBA) error {
		if err := cli.Stopped("tick %d of %d–%d of export", tick, from, to); err != nil {
			return err
		}
		if err := sink.add(tick, img); err != nil {
			return err
		}
		bar.Add()
		return nil
	}}
	if err := displayHint(ui.Run(opts)); err != nil {
		return err
	}
	bar.Finish()
	warnSourcesFloor(stderr, opts.Sources)
	if err := sink.commit(); err != nil {
		return err
	}
	io.WriteString(cli.ReportTo(stdout, stderr, f.out), exportWrote(f.out, asGIF, n, sz, from, to))
	return nil
}

// span resolves -from and -to against the run; a tick outside it is bad
// input naming the flag.
func (f *exportFlags) span(last, rate int) (from, to int, err error) {
	from, to = 0, last
	if f.from != "" {
		if from, err = parseTickOrTime("-from", f.from, rate); err != nil {
			return 0, 0, err
		}
	}
	if f.to != "" {
		if to, err = parseTickOrTime("-to", f.to, rate); err != nil {
			return 0, 0, err
		}
	}
	if from < 0 || from > last {
		return 0, 0, cli.BadInput("-from %s: outside the run, which has ticks 0 to %d", f.from, last)
	}
	if to < 0 || to > last {
		return 0, 0, cli.BadInput("-to %s: outside the run, which has ticks 0 to %d", f.to, last)
	}
	if from > to {
		return 0, 0, cli.BadInput("-from %s is after -to %s", asGiven(f.from, from), asGiven(f.to, to))
	}
	return from, to, nil
}

// asGiven names a -from or -to as typed, with its tick when it was a time:
// "120", or "2.5s (tick 75)".
func asGiven(s string, tick int) string {
	if strings.HasSuffix(s, "s") {
		return fmt.Sprintf("%s (tick %d)", s, tick)
	}
	return s
}

// exportWrote says what an export wrote: "wrote cliff.gif (an animated
// GIF, 60 frames of 800x500, ticks 400–459)".
func exportWrote(out string, asGIF bool, n int, sz image.Point, from, to int) string {
	kind := "an animated GIF"
	if !asGIF {
		kind = "numbered PNGs"
	}
	return fmt.Sprintf("wrote %s (%s, %s of %dx%d, ticks %d–%d)\n", out, kind, plural.Count(n, "frame"), sz.X, sz.Y, from, to)
}

// parseTickOrTime reads a tick ("120") or a time in seconds ("4s", "2.5s").
func parseTickOrTime(flagName, s string, rate int) (int, error) {
	if sec, ok := strings.CutSuffix(s, "s"); ok {
		v, err := strconv.ParseFloat(sec, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, cli.BadInput("%s %q: want a tick or seconds such as 2.5s", flagName, s)
		}
		return int(math.Round(v * float64(rate))), nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, cli.BadInput("%s %q: want a tick or seconds such as 2.5s", flagName, s)
	}
	return v, nil
}

// frameSink is where export's frames go.
type frameSink interface {
	add(tick int, img *image.RGBA) error
	commit() error
	abort()
}

// gifSink builds the GIF in memory and writes it atomically at the end; the
// temporary file is created first, so an unwritable OUT fails before any
// rendering.
type gifSink struct {
	f   *atomicfile.File
	enc *gifout.Encoder
}

func newGIFSink(path string, fps int) (*gifSink, error) {
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	enc, err := gifout.New(exportColors(), int(math.Round(100/float64(fps))))
	if err != nil {
		f.Abort()
		return nil, err
	}
	return &gifSink{f: f, enc: enc}, nil
}

func (g *gifSink) add(_ int, img *image.RGBA) error { return g.enc.Add(img) }

func (g *gifSink) commit() error {
	if err := g.enc.Encode(g.f); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := g.f.Commit(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

func (g *gifSink) abort() { g.f.Abort() }

// exportColors are the colours a GIF keeps exact: every overlay's and the
// window's own.
func exportColors() []color.RGBA {
	return append(overlay.Colors(), ui.ChromeColors()...)
}

// pngSink writes frame-00000.png, frame-00001.png, … into a directory
// published whole (atomicfile.CreateDir): a temporary directory beside OUT,
// renamed to OUT when complete. An existing OUT is replaced only if it
// holds nothing but frames of an earlier export.
type pngSink struct {
	out string
	dir *atomicfile.Dir
	n   int
}

func newPNGSink(out string) (*pngSink, error) {
	dir, err := atomicfile.CreateDir(out, framesOnly(out))
	if err != nil {
		return nil, exportDirError(out, err)
	}
	return &pngSink{out: out, dir: dir}, nil
}

// frameName is the n-th frame's file name.
func frameName(n int) string { return fmt.Sprintf("frame-%05d.png", n) }

func (p *pngSink) add(_ int, img *image.RGBA) error {
	path := filepath.Join(p.dir.Path(), frameName(p.n))
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := cli.WriteAtomically(path, func(w io.Writer) error { return enc.Encode(w, img) }); err != nil {
		return fmt.Errorf("export: %s: %w", p.out, cli.UnwrapPath(err))
	}
	p.n++
	return nil
}

func (p *pngSink) commit() error {
	if err := p.dir.Commit(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

func (p *pngSink) abort() { p.dir.Abort() }

// checkPNGDir refuses a directory of frames at the input's own path (a
// directory is never an input, but a link to the input is refused here
// before any rendering, as cli.CheckOutputs refuses it for a GIF), and an
// OUT that may not be replaced (atomicfile.CheckDir, framesOnly).
func checkPNGDir(out, input string) error {
	dest, err := atomicfile.LinkDest(out)
	if err != nil {
		return cli.BadInput("-o %v", err)
	}
	t := atomicfile.Target{Path: out, Dest: dest}
	if atomicfile.SameAsInput(t, input) {
		return cli.BadInput("export: -o %s would overwrite the input %s", out, input)
	}
	if _, err := atomicfile.CheckDir(out, framesOnly(out)); err != nil {
		return exportDirError(out, err)
	}
	return nil
}

// framesOnly accepts a directory holding only an earlier export's frames;
// anything else is bad usage (exit 2), so an export never deletes files it
// did not write.
func framesOnly(out string) atomicfile.Replaceable {
	return func(ents []os.DirEntry) error {
		for _, e := range ents {
			var n int
			if _, err := fmt.Sscanf(e.Name(), "frame-%05d.png", &n); err != nil || e.Name() != frameName(n) {
				return cli.BadInput("-o %s: the directory holds %s, which is not an exported frame; name an empty or new directory", out, e.Name())
			}
		}
		return nil
	}
}

// exportDirError words CheckDir's errors for -o: what is in the way is bad
// usage; a failure to read or create is the environment's.
func exportDirError(out string, err error) error {
	var nd *atomicfile.NotDirError
	var ue cli.UsageError
	switch {
	case errors.As(err, &nd):
		return cli.BadInput("-o %s: exists and is not a directory (want OUT.gif, or a directory for numbered PNGs)", out)
	case errors.As(err, &ue):
		return err
	}
	return fmt.Errorf("export: %s: %w", out, cli.UnwrapPath(err))
}
