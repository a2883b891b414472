// The pack subcommand: an evidence pack for one moment of an input — the
// shrunk recording that still shows it, the states and events tables of
// that recording, the cause chain, the input messages at the moment, the
// reading and version, a GIF when a display is there, and a README with the
// exact commands that made each file (docs/viewer.md "What-if, shrink and
// evidence packs"). Each file but messages.jsonl, reading.json and
// version.txt is made by running another viewer subcommand in process, with
// the arguments the README lists, so the README's commands remake them byte
// for byte.

package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/internal/atomicfile"
	"glidepath/interp"
)

const packSynopsis = "viewer pack (-at TICK | -bookmark NAME) [-select GUID] [-reading NAME] [-window N] [-o DIR|FILE.zip] FILE"

// packKinds are the pipeline events a pack may be about, in the order one
// is preferred when several are at the same distance from the moment.
var packKinds = []eventlog.EventKind{eventlog.EventBlip, eventlog.EventSnap, eventlog.EventPop, eventlog.EventHitch}

// packFile names the files of a pack.
const (
	packRecording = "recording.jsonl"
	packStates    = "states.parquet"
	packEvents    = "events.parquet"
	packCauseText = "cause.txt"
	packCauseJSON = "cause.json"
	packGIF       = "moment.gif"
	packMessages  = "messages.jsonl"
	packRaw       = "messages-raw.jsonl"
	packReading   = "reading.json"
	packVersion   = "version.txt"
	packReadme    = "README.md"
)

// packStep is one file of the pack made by a viewer subcommand.
type packStep struct {
	file string
	args []string // without "viewer"; paths relative to the pack
	// stdout: the file is the command's standard output.
	stdout bool
}

func runPack(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("pack", packSynopsis, stderr)
	at := fs.Int("at", -1, "the moment: tick `TICK`")
	mark := fs.String("bookmark", "", "the moment: the input's bookmark labelled `NAME`")
	sel := fs.String("select", "", "the object (`GUID`); default the one whose event is nearest the moment")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	window := fs.Int("window", 30, "look for the event within `N` ticks of the moment, and show N ticks either side of it in the GIF")
	out := fs.String("o", "", "write the pack to the directory `DIR`, or to FILE.zip (default pack-TICK)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return badInput("pack: want one FILE (a recording, a scenario or a capture), got %d", len(files))
	}
	input := files[0]
	// -at is checked first: -at -1 is the flag's default, so the test
	// below would read it as no -at at all.
	if isSet(fs, "at") && *at < 0 {
		return badInput("pack: -at %d: want a tick of 0 or more", *at)
	}
	if (*at >= 0) == (*mark != "") {
		return badInput("pack: name the moment with one of -at TICK or -bookmark NAME")
	}
	if *window < 1 || *window > 10000 {
		return badInput("pack: -window %d: want 1 to 10000 ticks", *window)
	}
	r, err := interp.ReadingByName(*reading)
	if err != nil {
		return badInput("pack: -reading: %v", err)
	}
	var guid uint32
	if *sel != "" {
		if guid, err = parseGUID(*sel); err != nil {
			return badInput("pack: -select %q: %v", *sel, err)
		}
	}
	rec, err := readInput(input, loader.LoadOptions{})
	if err != nil {
		return err
	}
	// moment names the moment as the command line gave it, for messages.
	moment := fmt.Sprintf("-at %d", *at)
	if *mark != "" {
		found := false
		for _, b := range loadBookmarks(input, stderr) {
			if b.Label == *mark {
				*at, found = b.Tick, true
				moment = fmt.Sprintf("-bookmark %q (tick %d)", *mark, b.Tick)
				break
			}
		}
		if !found {
			return badInput("pack: -bookmark %q: %s has no bookmark of that label", *mark, input)
		}
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: r, EventLog: true, Metrics: true})
	if err != nil {
		return usageError{err}
	}
	if *at > s.LastTick() {
		return badInput("pack: %s: outside the run, which has ticks 0 to %d", moment, s.LastTick())
	}
	if guid != 0 && !s.Store().HasObject(guid) && !hasObject(rec, guid) {
		return badInput("pack: -select %s: %s has no such object", *sel, input)
	}
	if err := runTicks(s); err != nil {
		return err
	}
	ev, ok := nearestEvent(s.AllEvents(), *at, *window, guid)
	if !ok {
		who := ""
		if guid != 0 {
			who = " of " + hexid.String(guid)
		}
		return badInput("pack: %s: no blip, snap, pop or hitch%s within %d ticks under reading %s", moment, who, *window, r.Name)
	}
	if *out == "" {
		*out = "pack-" + strconv.Itoa(*at)
	}
	if samePath(*out, input) {
		return badInput("pack: -o %s would overwrite the input", *out)
	}
	asZip := strings.HasSuffix(strings.ToLower(*out), ".zip")
	if asZip {
		if err := checkOutputs("pack", []string{input}, output{"-o", *out}); err != nil {
			return err
		}
	}
	if !asZip {
		// The pack directory replaces only an empty directory: never a
		// file, a link, a FIFO or a device (which the rename below would
		// remove). A link to a directory names that directory.
		if info, err := os.Lstat(*out); err == nil && info.Mode()&os.ModeSymlink != 0 {
			if dest, err := filepath.EvalSymlinks(*out); err == nil {
				*out = dest
			}
		}
		if info, err := os.Lstat(*out); err == nil && !info.IsDir() {
			return badInput("pack: -o %s: %s, not a directory; name a new or empty directory, or FILE.zip", *out, packKind(info.Mode()))
		}
		if ents, err := os.ReadDir(*out); err == nil && len(ents) > 0 {
			return badInput("pack: -o %s: the directory exists and is not empty", *out)
		}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(*out), "."+filepath.Base(*out)+".tmp-")
	if err != nil {
		return fmt.Errorf("pack: %s: %w", *out, unwrapPath(err))
	}
	if tmp, err = filepath.Abs(tmp); err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("pack: %w", err)
	}

	abs, err := filepath.Abs(input)
	if err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	keep := fmt.Sprintf("%s guid=%s tick~%d", ev.Kind, hexid.String(ev.GUID), ev.Tick)
	from, to := max(int(ev.Tick)-*window, 0), int(ev.Tick)+*window
	steps := []packStep{
		{file: packRecording, args: []string{"shrink", "-keep", keep, "-reading", r.Name, "-o", packRecording, abs}},
		{file: packStates, args: []string{"run", "-quiet", "-reading", r.Name, "-states", packStates, "-events", packEvents, packRecording}},
		{file: packCauseText, args: []string{"run", "-explain", "-reading", r.Name, packRecording}, stdout: true},
		{file: packCauseJSON, args: []string{"run", "-explain", "-json", "-reading", r.Name, packRecording}, stdout: true},
	}
	gif := !noDisplay()
	if gif {
		steps = append(steps, packStep{file: packGIF, args: []string{"export", "-reading", r.Name, "-select", hexid.String(ev.GUID),
			"-from", strconv.Itoa(from), "-to", strconv.Itoa(to), "-o", packGIF, packRecording}})
	} else {
		fmt.Fprintf(stderr, "viewer: warning: pack: no display (DISPLAY is not set): %s is left out; README.md gives the command that makes it (under xvfb-run -a)\n", packGIF)
	}
	for _, st := range steps {
		if err := runPackStep(st, tmp, stderr); err != nil {
			return err
		}
	}
	if err := writePackMessages(filepath.Join(tmp, packMessages), filepath.Join(tmp, packRaw), rec, s, int(ev.Tick), ev.GUID); err != nil {
		return err
	}
	if err := writeJSONFile(filepath.Join(tmp, packReading), r); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, packVersion), []byte(buildVersion()+"\n"), 0o644); err != nil {
		return err
	}
	readme := packReadmeText(input, r.Name, ev, *at, keep, from, to, steps, gif)
	if err := os.WriteFile(filepath.Join(tmp, packReadme), []byte(readme), 0o644); err != nil {
		return err
	}
	if err := stopped("writing %s", *out); err != nil {
		return err
	}
	if asZip {
		if err := zipDir(tmp, *out); err != nil {
			return err
		}
	} else {
		os.Remove(*out) // an empty directory, if any
		if err := os.Rename(tmp, *out); err != nil {
			return fmt.Errorf("pack: %w", err)
		}
	}
	fmt.Fprintf(stdout, "wrote %s: %s of %s at tick %d\n", *out, ev.Kind, hexid.String(ev.GUID), ev.Tick)
	return nil
}

// packKind names what a path that is not a directory is.
func packKind(m os.FileMode) string {
	switch {
	case m.IsRegular():
		return "is a file"
	case m&os.ModeSymlink != 0:
		return "is a link to nothing"
	case m&os.ModeNamedPipe != 0:
		return "is a FIFO"
	case m&os.ModeDevice != 0:
		return "is a device"
	}
	return "exists"
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

// runPackStep runs one subcommand inside dir, so that the paths it is
// given — and the tables' input column, which holds the path as given —
// are the pack's own, as the README's commands give them.
func runPackStep(st packStep, dir string, stderr io.Writer) error {
	var cmd func([]string, io.Writer, io.Writer) error
	for _, c := range commands() {
		if c.name == st.args[0] {
			cmd = c.run
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	if err := os.Chdir(dir); err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	defer os.Chdir(wd)
	var buf bytes.Buffer
	if err := cmd(st.args[1:], &buf, stderr); err != nil {
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
		if s.TickOf(ev.T) != tick || (ev.HasGUID && ev.GUID != guid) {
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
