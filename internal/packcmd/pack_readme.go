package packcmd

import (
	"fmt"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
)

// packReadme is what the README says: the input as the pack's commands
// name it (relative to the pack), the reading, the event found in the
// input (ev) and as the shrunk recording shows it (shown), the moment
// asked for, the -keep expression, the GIF's ticks, the commands that made
// the files (steps), the command that makes the whole pack again beside
// this one (again), whether the GIF is in and whether the pack is a zip.
type packReadme struct {
	input, reading string
	ev, shown      eventlog.Event
	at             int
	keep           string
	from, to       int
	steps          []packStep
	again          []string
	gif, zip       bool
}

// packReadmeText is the pack's README.md: what it shows, what each file
// is, and for every file the command that makes it, run from the pack's
// folder with paths relative to it.
func packReadmeText(p packReadme) string {
	var b strings.Builder
	ev, shown := p.ev, p.shown
	fmt.Fprintf(&b, "# Evidence pack: %s of %s at tick %d\n\n", shown.Kind, hexid.String(shown.GUID), shown.Tick)
	fmt.Fprintf(&b, "Input `%s` (relative to this folder), reading `%s`, the moment asked for: tick %d. ", p.input, p.reading, p.at)
	fmt.Fprintf(&b, "In the input, the %s nearest it is at tick %d; `%s` is the smallest recording found that still shows it (`-keep '%s'`), ",
		ev.Kind, ev.Tick, FileRecording, p.keep)
	if shown.Tick == ev.Tick {
		fmt.Fprintf(&b, "at the same tick, %d.\n\n", shown.Tick)
	} else {
		fmt.Fprintf(&b, "and shows it at tick %d: the tables, the cause chains and the GIF are of that recording, so look there at tick %d.\n\n", shown.Tick, shown.Tick)
	}
	b.WriteString("## Files\n\n")
	rows := [][2]string{
		{FileRecording, "the shrunk recording (Recording v1): replay it with `viewer run` or open it with `viewer`"},
		{FileStates, "the states table (Tables v1) of the shrunk recording's run"},
		{FileEvents, "the events table (Tables v1) of the same run"},
		{FileCauseText, "the cause chains of the shrunk recording (`viewer run -explain`)"},
		{FileCauseJSON, "the same as JSON (`viewer run -explain -json`)"},
		{FileMessages, fmt.Sprintf("the input's messages of %s (and guid-less ones) delivered at tick %d, the event's tick in the input, decoded, as Recording v1 event lines", hexid.String(ev.GUID), ev.Tick)},
		{FileRaw, "the UpdatePositions among them as raw message bytes (Recording v1's `raw` form: the whole 0xF748 message, opcode first, in hex)"},
		{FileReading, "the reading's every choice (docs/readings.md)"},
		{FileVersion, "the Glidepath build that made the pack"},
	}
	if p.gif {
		rows = append(rows, [2]string{FileGIF, fmt.Sprintf("ticks %d–%d of the shrunk recording, the object selected", p.from, p.to)})
	} else {
		rows = append(rows, [2]string{FileGIF, "left out: no display was available; the command below makes it"})
	}
	rows = append(rows, [2]string{FileReadme, "this file"})
	for _, r := range rows {
		fmt.Fprintf(&b, "- `%s`: %s\n", r[0], r[1])
	}
	b.WriteString("\n## Reproduce\n\n")
	if p.zip {
		b.WriteString("Unzip the pack into a folder beside the zip (`unzip -d NAME NAME.zip`) and run these from that folder. ")
	} else {
		b.WriteString("Run these from this folder. ")
	}
	b.WriteString("Every path is relative to it. Each command is under the names of the files it makes; the ones before the last remake their files byte for byte, and the last makes the whole pack again in a folder beside this one (its `version.txt` names the build that ran it):\n\n```sh\n")
	for _, st := range p.steps {
		names := st.file
		if st.file == FileStates {
			names += ", " + FileEvents
		}
		line := "viewer " + shellJoin(st.args)
		if st.stdout {
			line += " > " + st.file
		}
		b.WriteString("# " + names + "\n" + line + "\n")
	}
	if !p.gif {
		fmt.Fprintf(&b, "# %s\nxvfb-run -a viewer %s\n", FileGIF, shellJoin([]string{"export", "-reading", p.reading, "-select", hexid.String(shown.GUID),
			"-from", fmt.Sprint(p.from), "-to", fmt.Sprint(p.to), "-o", FileGIF, FileRecording}))
	}
	fmt.Fprintf(&b, "# %s, %s, %s, %s, %s\nviewer %s\n", FileMessages, FileRaw, FileReading, FileVersion, FileReadme, shellJoin(p.again))
	b.WriteString("```\n")
	return b.String()
}

// shellJoin quotes each argument that needs it for a POSIX shell.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@", r))
		}) < 0 {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
