// Package packcmd is the work of viewer pack: the evidence pack for one
// moment of an input — the recording shrunk to it, the tables, the cause
// chain, the messages delivered, the reading, the version, the GIF when a
// display can render it, and a README giving the commands that remake each
// file — written as a directory or a zip (docs/viewer.md, "viewer pack").
package packcmd

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/plural"
	"glidepath/internal/runcmd"
	"glidepath/interp"
)

// packKinds are the pipeline events a pack may be about, in the order one
// is preferred when several are at the same distance from the moment.
var packKinds = []eventlog.EventKind{eventlog.EventBlip, eventlog.EventSnap, eventlog.EventPop, eventlog.EventHitch}

// The files of a pack.
const (
	FileRecording = "recording.jsonl"
	FileStates    = "states.parquet"
	FileEvents    = "events.parquet"
	FileCauseText = "cause.txt"
	FileCauseJSON = "cause.json"
	FileGIF       = "moment.gif"
	FileMessages  = "messages.jsonl"
	FileRaw       = "messages-raw.jsonl"
	FileReading   = "reading.json"
	FileVersion   = "version.txt"
	FileReadme    = "README.md"
)

// packStep is one file of the pack made by a viewer subcommand.
type packStep struct {
	file string
	args []string // without "viewer"; paths relative to the pack
	// stdout: the file is the command's standard output.
	stdout bool
}

// hasObject reports whether the recording has guid in its header or
// creates it.
func hasObject(rec *recording.Recording, guid uint32) bool {
	for i := range rec.Header.Entities {
		if rec.Header.Entities[i].GUID == guid {
			return true
		}
	}
	for i := range rec.Events {
		if ev := &rec.Events[i]; ev.Kind == recording.KindCreate && ev.GUID == guid {
			return true
		}
	}
	return false
}

// nearestEvent is the blip, snap, pop or hitch (of guid, when not 0)
// nearest tick at within window ticks; ties go to the earlier, then to the
// kind first in packKinds.
func nearestEvent(events []eventlog.Event, at, window int, guid uint32) (eventlog.Event, bool) {
	best, bestD, bestK := eventlog.Event{}, window+1, len(packKinds)
	for _, e := range events {
		k := -1
		for i, pk := range packKinds {
			if e.Kind == pk {
				k = i
			}
		}
		if k < 0 || (guid != 0 && e.GUID != guid) {
			continue
		}
		d := int(e.Tick) - at
		if d < 0 {
			d = -d
		}
		if d < bestD || (d == bestD && e.Tick == best.Tick && k < bestK) {
			best, bestD, bestK = e, d, k
		}
	}
	return best, bestD <= window
}

// runPackStep runs one subcommand (through run) inside dir, so that the paths it is
// given — and the tables' input column, which holds the path as given —
// are the pack's own, as the README's commands give them.
func runPackStep(run func(args []string, stdout, stderr io.Writer) error, st packStep, dir string, stderr io.Writer) error {
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	if err := os.Chdir(dir); err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	defer os.Chdir(wd)
	var buf bytes.Buffer
	if err := run(st.args, &buf, cmdinput.WithoutFloorNotice(stderr)); err != nil {
		return fmt.Errorf("pack: %s: %w", st.file, err)
	}
	if st.stdout {
		return os.WriteFile(st.file, buf.Bytes(), 0o644)
	}
	return nil
}

// writePackMessages writes the input messages delivered at tick (those of
// guid, and the guid-less ones) as Recording v1 event lines, decoded, to
// path, and the UpdatePositions among them again as raw message bytes
// (Recording v1's "raw" form, the 0xF748 body re-encoded) to rawPath.
func writePackMessages(path, rawPath string, rec *recording.Recording, s *engine.Sim, tick int, guid uint32) error {
	var decoded, raw []recording.Event
	for i := range rec.Events {
		ev := rec.Events[i]
		if s.Query().TickOf(ev.T) != tick || (ev.HasGUID && ev.GUID != guid) {
			continue
		}
		ev.Raw = false
		decoded = append(decoded, ev)
		if ev.Kind == recording.KindPosition {
			ev.Raw = true
			raw = append(raw, ev)
		}
	}
	for _, f := range []struct {
		path   string
		events []recording.Event
	}{{path, decoded}, {rawPath, raw}} {
		var buf bytes.Buffer
		w, err := recording.NewWriter(filepath.Base(f.path), &buf, &rec.Header)
		if err != nil {
			return err
		}
		for i := range f.events {
			if err := w.Write(&f.events[i]); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
		// The first line is the header, which recording.jsonl already has.
		_, lines, _ := bytes.Cut(buf.Bytes(), []byte("\n"))
		if err := os.WriteFile(f.path, lines, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func writeJSONFile(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// buildVersion is the module's version and VCS revision, as the build
// recorded them.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "glidepath (no build information)"
	}
	v := "glidepath " + bi.Main.Version
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision", "vcs.modified", "vcs.time":
			v += " " + s.Key + "=" + s.Value
		}
	}
	return v + " " + bi.GoVersion
}

// zipDir writes every file of dir (flat) into the zip at out, atomically.
func zipDir(dir, out string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	return atomicfile.Write(out, func(w io.Writer) error {
		zw := zip.NewWriter(w)
		for _, e := range ents {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			f, err := zw.Create(e.Name())
			if err != nil {
				return err
			}
			if _, err := f.Write(data); err != nil {
				return err
			}
		}
		return zw.Close()
	})
}

// Options are what a pack is made of: the moment (At, or the bookmark
// Bookmark), the object (GUID, as given in Select; 0 for the one whose
// event is nearest), the reading, the window either side and where it goes
// (Out: a directory or FILE.zip; "" for pack-TICK). Display says a window
// can render the GIF; Run runs a viewer subcommand (args[0]) for each of
// the pack's files.
type Options struct {
	At       int
	Bookmark string
	Window   int
	Select   string
	GUID     uint32
	Reading  interp.Reading
	Out      string
	Display  bool
	Run      func(args []string, stdout, stderr io.Writer) error
}

// Run makes the evidence pack for one moment of input.
func Run(input string, o Options, stdout, stderr io.Writer) error {
	rec, err := cmdinput.ReadInput(input, loader.LoadOptions{})
	if err != nil {
		return err
	}
	// moment names the moment as the command line gave it, for messages.
	moment := fmt.Sprintf("-at %d", o.At)
	if o.Bookmark != "" {
		found := false
		for _, b := range runcmd.LoadBookmarks(input, stderr) {
			if b.Label == o.Bookmark {
				o.At, found = b.Tick, true
				moment = fmt.Sprintf("-bookmark %q (tick %d)", o.Bookmark, b.Tick)
				break
			}
		}
		if !found {
			return cli.BadInput("pack: -bookmark %q: %s has no bookmark of that label", o.Bookmark, input)
		}
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: o.Reading, EventLog: true, Metrics: true})
	if err != nil {
		return cli.UsageError{Err: err}
	}
	if o.At > s.LastTick() {
		return cli.BadInput("pack: %s: outside the run, which has ticks 0 to %d", moment, s.LastTick())
	}
	if o.GUID != 0 && !s.Query().Store().HasObject(o.GUID) && !hasObject(rec, o.GUID) {
		return cli.BadInput("pack: -select %s: %s has no such object", o.Select, input)
	}
	if err := runcmd.RunTicks(s); err != nil {
		return err
	}
	cmdinput.WarnFloor(stderr, s)
	ev, ok := nearestEvent(s.Query().AllEvents(), o.At, o.Window, o.GUID)
	if !ok {
		who := ""
		if o.GUID != 0 {
			who = " of " + hexid.String(o.GUID)
		}
		return cli.BadInput("pack: %s: no blip, snap, pop or hitch%s within %s under reading %s", moment, who, plural.Count(o.Window, "tick"), o.Reading.Name)
	}
	if o.Out == "" {
		o.Out = "pack-" + strconv.Itoa(o.At)
	}
	if cli.SamePath(o.Out, input) {
		return cli.BadInput("pack: -o %s would overwrite the input", o.Out)
	}
	asZip := strings.HasSuffix(strings.ToLower(o.Out), ".zip")
	if asZip {
		if err := cli.CheckOutputs("pack", []string{input}, cli.Output{Flag: "-o", Path: o.Out}); err != nil {
			return err
		}
	}
	// The pack is a directory published whole (atomicfile.CreateDir): it
	// replaces only an empty directory, never a file, a FIFO or a device,
	// and a link to a directory names that directory. A zip's files are
	// gathered in a scratch directory beside it.
	var out *atomicfile.Dir
	if asZip {
		out, err = atomicfile.TempDir(o.Out)
	} else {
		o.Out = filepath.Clean(o.Out) // pack/ names the directory pack, not a file in it
		out, err = atomicfile.CreateDir(o.Out, func(ents []os.DirEntry) error {
			if len(ents) > 0 {
				return cli.BadInput("pack: -o %s: the directory exists and is not empty", o.Out)
			}
			return nil
		})
	}
	var nd *atomicfile.NotDirError
	var ue cli.UsageError
	switch {
	case errors.As(err, &nd):
		return cli.BadInput("pack: -o %s: is %s, not a directory; name a new or empty directory, or FILE.zip", o.Out, nd.Kind)
	case errors.As(err, &ue):
		return err
	case err != nil:
		return fmt.Errorf("pack: %s: %w", o.Out, cli.UnwrapPath(err))
	}
	defer out.Abort()
	tmp := out.Path()

	// The input as the pack's own commands name it: relative to the pack
	// (the temporary folder is its sibling, so the path is the same).
	in, err := packRelative(tmp, input)
	if err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	keep := fmt.Sprintf("%s guid=%s tick~%d", ev.Kind, hexid.String(ev.GUID), ev.Tick)
	shrink := packStep{file: FileRecording, args: []string{"shrink", "-keep", keep, "-reading", o.Reading.Name, "-o", FileRecording, in}}
	if err := runPackStep(o.Run, shrink, tmp, stderr); err != nil {
		return err
	}
	// The pack is about the event as the shrunk recording shows it: the
	// shrinking keeps an event of that kind and object within the -keep
	// tolerance, not necessarily at the same tick.
	shown, err := shrunkEvent(filepath.Join(tmp, FileRecording), o.Reading, ev)
	if err != nil {
		return err
	}
	from, to := max(int(shown.Tick)-o.Window, 0), int(shown.Tick)+o.Window
	steps := []packStep{
		shrink,
		{file: FileStates, args: []string{"run", "-quiet", "-reading", o.Reading.Name, "-states", FileStates, "-events", FileEvents, FileRecording}},
		{file: FileCauseText, args: []string{"run", "-explain", "-reading", o.Reading.Name, FileRecording}, stdout: true},
		{file: FileCauseJSON, args: []string{"run", "-explain", "-json", "-reading", o.Reading.Name, FileRecording}, stdout: true},
	}
	gif := o.Display
	if gif {
		steps = append(steps, packStep{file: FileGIF, args: []string{"export", "-reading", o.Reading.Name, "-select", hexid.String(ev.GUID),
			"-from", strconv.Itoa(from), "-to", strconv.Itoa(to), "-o", FileGIF, FileRecording}})
	} else {
		fmt.Fprintf(stderr, "viewer: warning: pack: no display (DISPLAY is not set): %s is left out; README.md gives the command that makes it (under xvfb-run -a)\n", FileGIF)
	}
	for _, st := range steps[1:] {
		if err := runPackStep(o.Run, st, tmp, stderr); err != nil {
			return err
		}
	}
	// The whole pack again, beside this one: the command for the files no
	// other subcommand makes alone.
	again := []string{"pack", "-at", strconv.Itoa(o.At)}
	if o.GUID != 0 {
		again = append(again, "-select", hexid.String(o.GUID))
	}
	again = append(again, "-reading", o.Reading.Name, "-window", strconv.Itoa(o.Window), "-o", "../"+strings.TrimSuffix(filepath.Base(o.Out), ".zip")+"-again", in)
	if err := writePackMessages(filepath.Join(tmp, FileMessages), filepath.Join(tmp, FileRaw), rec, s, int(ev.Tick), ev.GUID); err != nil {
		return err
	}
	if err := writeJSONFile(filepath.Join(tmp, FileReading), o.Reading); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, FileVersion), []byte(buildVersion()+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, FileOpen), []byte(packOpenHTML(shown, o.Reading.Name)), 0o644); err != nil {
		return err
	}
	readme := packReadmeText(packReadme{input: in, reading: o.Reading.Name, ev: ev, shown: shown, at: o.At, keep: keep,
		from: from, to: to, steps: steps, again: again, gif: gif, zip: asZip})
	if err := os.WriteFile(filepath.Join(tmp, FileReadme), []byte(readme), 0o644); err != nil {
		return err
	}
	if err := cli.Stopped("writing %s", o.Out); err != nil {
		return err
	}
	if asZip {
		if err := zipDir(tmp, o.Out); err != nil {
			return err
		}
	} else if err := out.Commit(); err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s: %s of %s at tick %d\n", o.Out, shown.Kind, hexid.String(shown.GUID), shown.Tick)
	return nil
}

// packRelative is input's path relative to dir, forward slashes (the
// README's commands run from the pack); standard input and a path with no
// relative form stay as given.
func packRelative(dir, input string) (string, error) {
	if input == "-" {
		return input, nil
	}
	abs, err := filepath.Abs(input)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return abs, nil
	}
	return filepath.ToSlash(rel), nil
}

// shrunkEvent runs the shrunk recording under r and returns its event of
// ev's kind and object nearest ev's tick within the -keep tolerance (±5
// ticks, engine/filter's default for tick~): the event the pack shows.
func shrunkEvent(path string, r interp.Reading, ev eventlog.Event) (eventlog.Event, error) {
	rec, err := recording.ReadFile(path)
	if err != nil {
		return ev, fmt.Errorf("pack: %s: %w", FileRecording, err)
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: r, EventLog: true})
	if err != nil {
		return ev, fmt.Errorf("pack: %s: %w", FileRecording, err)
	}
	if err := runcmd.RunTicks(s); err != nil {
		return ev, err
	}
	var kept []eventlog.Event
	for _, e := range s.Query().AllEvents() {
		if e.Kind == ev.Kind && e.GUID == ev.GUID {
			kept = append(kept, e)
		}
	}
	shown, ok := nearestEvent(kept, int(ev.Tick), shrinkTolerance, ev.GUID)
	if !ok {
		return ev, fmt.Errorf("pack: %s: no %s of %s within %d ticks of tick %d, which the shrinking kept", FileRecording, ev.Kind, hexid.String(ev.GUID), shrinkTolerance, ev.Tick)
	}
	return shown, nil
}

// shrinkTolerance is the tolerance of the -keep expression's tick~N
// (engine/filter's default for tick).
const shrinkTolerance = 5

// Version is the build's version line, as a pack's version.txt holds it.
func Version() string { return buildVersion() }
