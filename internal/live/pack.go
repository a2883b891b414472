// A live session's evidence pack: the moment an alarm rang, kept as files
// that remake it without the session — the recording of every event the
// capture had given by then, the client's trace as it stood (complete
// lines), the alarm, the reading, the version, the tick bookmarked in the
// recording's sidecar, and a README with the commands that show it again
// (viewer diff, the window at the tick, viewer pack for the full pack). It
// is published whole (atomicfile.PublishDir) while the session goes on; a
// signal during the writing leaves no part of it.

package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"glidepath/engine/bookmarks"
	"glidepath/engine/clienttrace"
	"glidepath/engine/recording"
	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/packcmd"
	"glidepath/internal/plural"
)

// The files of a live pack (docs/live.md).
const (
	PackRecording = "recording.jsonl"
	PackAlarm     = "alarm.json"
	PackReading   = "reading.json"
	PackVersion   = "version.txt"
	PackReadme    = "README.md"
)

// packName is the folder of an alarm's pack in dir: live-TICK-KIND-GUID,
// or with -2, -3 … when that is taken.
func packName(dir string, a *Alarm) string {
	name := filepath.Join(dir, fmt.Sprintf("live-%06d-%s-%s", a.Tick, a.Kind, a.GUID))
	out := name
	for n := 2; ; n++ {
		if _, err := os.Lstat(out); os.IsNotExist(err) {
			return out
		}
		out = name + "-" + strconv.Itoa(n)
	}
}

// writePack writes a's evidence pack and returns its path.
func writePack(l *session, a *Alarm) (string, error) {
	target := packName(l.o.PackDir, a)
	a.Pack = target
	err := atomicfile.PublishDir(target, func(ents []os.DirEntry) error {
		if len(ents) > 0 {
			return fmt.Errorf("%s: the directory exists and is not empty", target)
		}
		return nil
	}, func(dir string) error { return fillPack(l, a, dir) })
	if err != nil {
		a.Pack = ""
		return "", err
	}
	return target, nil
}

// fillPack writes the pack's files into dir.
func fillPack(l *session, a *Alarm, dir string) error {
	rec := l.src.recordingSoFar()
	if err := writeFile(filepath.Join(dir, PackRecording), func(w io.Writer) error {
		return recording.Write(PackRecording, w, rec)
	}); err != nil {
		return err
	}
	sc, err := bookmarks.Load(filepath.Join(dir, PackRecording))
	if err == nil {
		if err = sc.Bookmarks.Add(a.Tick, label(*a)); err == nil {
			err = sc.Save()
		}
	}
	if err != nil {
		return err
	}
	client := ""
	if l.o.Against != "" {
		client = filepath.Base(l.o.Against)
		if err := copyLines(l.o.Against, filepath.Join(dir, client), l.s.TickRate(), l.s.Tick()); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, PackAlarm), append(b, '\n'), 0o644); err != nil {
		return err
	}
	if b, err = json.MarshalIndent(l.o.Reading, "", "  "); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, PackReading), append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, PackVersion), []byte(packcmd.Version()+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, PackReadme), []byte(packReadme(l, a, client, len(rec.Events))), 0o644); err != nil {
		return err
	}
	return cli.Stopped("writing the pack %s", a.Pack)
}

func writeFile(path string, fn func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// copyLines copies the complete lines of the client trace at from (all
// of it up to its last newline: a row being written is not one yet) to
// to, up to the last row of tick last, the tick the run had reached: the
// pack's recording holds the events the run had read, so the rows of
// later ticks — a client ahead of the capture — would be compared there
// with a retail body that got none of their updates, and viewer diff on
// the pack would call every object that moved on a divergence.
func copyLines(from, to string, tickRate, last int) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		data = data[:i+1]
	} else {
		data = nil
	}
	return os.WriteFile(to, data[:rowsThrough(from, data, tickRate, last)], 0o644)
}

// rowsThrough is how many bytes of a client trace's complete lines hold
// its rows up to tick last: up to the line of the first row of a later
// tick, or all of them (a gzip-compressed trace, which is not cut by
// line, or one that stops reading well before: the session reports that
// trace's error itself).
func rowsThrough(name string, data []byte, tickRate, last int) int {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		return len(data)
	}
	rd, err := clienttrace.NewReader(name, bytes.NewReader(data), tickRate)
	if err != nil {
		return len(data)
	}
	var rows []clienttrace.Row
	for {
		if rows, err = rd.NextTick(rows); err != nil || len(rows) == 0 {
			return len(data)
		}
		if rows[0].Tick <= last {
			continue
		}
		// The start of the row's line (Line counts from 1).
		off := 0
		for n := 1; n < rows[0].Line && off < len(data); n++ {
			i := bytes.IndexByte(data[off:], '\n')
			if i < 0 {
				return len(data)
			}
			off += i + 1
		}
		return off
	}
}

// packReadme is the pack's README: the moment, and the commands that show
// it again from the pack's own files.
func packReadme(l *session, a *Alarm, client string, events int) string {
	var b strings.Builder
	src := l.o.Capture
	if src == "" {
		src = "interface " + l.o.Iface
	}
	fmt.Fprintf(&b, "# Live evidence pack: %s of %s at tick %d\n\n", a.Kind, a.GUID, a.Tick)
	fmt.Fprintf(&b, "Written by `viewer live` while it followed %s", src)
	if client != "" {
		fmt.Fprintf(&b, " beside the client trace %s", l.o.Against)
	}
	fmt.Fprintf(&b, ", under reading %s.\n\n%s\n\n", l.o.Reading.Name, a.What)
	fmt.Fprintf(&b, "## Files\n\n")
	fmt.Fprintf(&b, "- `%s`: the %s the capture had given when the alarm rang (Recording v1); its sidecar `%s` bookmarks tick %d.\n",
		PackRecording, plural.Count(events, "event"), PackRecording+bookmarks.Suffix, a.Tick)
	if client != "" {
		fmt.Fprintf(&b, "- `%s`: the client's trace as it stood (its complete lines), up to tick %d, the run's: the recording has not the events of later ticks.\n", client, l.s.Tick())
	}
	fmt.Fprintf(&b, "- `%s`: the alarm, as `viewer live -json` printed it.\n", PackAlarm)
	fmt.Fprintf(&b, "- `%s`, `%s`: the reading and the build.\n\n", PackReading, PackVersion)
	fmt.Fprintf(&b, "## Commands (run in this folder)\n\n```\n")
	if client != "" {
		fmt.Fprintf(&b, "viewer diff -reading %s -tol %g %s %s\n", l.o.Reading.Name, l.o.Tolerance, PackRecording, client)
		fmt.Fprintf(&b, "viewer -reading %s -against %s -tick %d -select %s %s\n", l.o.Reading.Name, client, a.Tick, a.GUID, PackRecording)
	} else {
		fmt.Fprintf(&b, "viewer -reading %s -tick %d -select %s %s\n", l.o.Reading.Name, a.Tick, a.GUID, PackRecording)
	}
	if a.Kind != KindDivergence {
		fmt.Fprintf(&b, "viewer pack -at %d -select %s -reading %s %s\n", a.Tick, a.GUID, l.o.Reading.Name, PackRecording)
	}
	fmt.Fprintf(&b, "viewer run -explain -reading %s %s\n```\n", l.o.Reading.Name, PackRecording)
	return b.String()
}
