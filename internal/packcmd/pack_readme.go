package packcmd

import (
	"fmt"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
)

// packReadmeText is the pack's README.md: what it shows, what each file is,
// and the commands that remake them.
func packReadmeText(input, reading string, ev eventlog.Event, at int, keep string, from, to int, steps []packStep, gif bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Evidence pack: %s of %s at tick %d\n\n", ev.Kind, hexid.String(ev.GUID), ev.Tick)
	fmt.Fprintf(&b, "Input `%s`, reading `%s`, the moment asked for: tick %d. The %s nearest it is at tick %d; ", input, reading, at, ev.Kind, ev.Tick)
	fmt.Fprintf(&b, "`%s` is the smallest recording found that still shows it (`-keep '%s'`).\n\n", FileRecording, keep)
	b.WriteString("## Files\n\n")
	rows := [][2]string{
		{FileRecording, "the shrunk recording (Recording v1): replay it with `viewer run` or open it with `viewer`"},
		{FileStates, "the states table (Tables v1) of the shrunk recording's run"},
		{FileEvents, "the events table (Tables v1) of the same run"},
		{FileCauseText, "the cause chains (`viewer run -explain`)"},
		{FileCauseJSON, "the same as JSON (`viewer run -explain -json`)"},
		{FileMessages, fmt.Sprintf("the input messages of %s (and guid-less ones) delivered at tick %d, decoded, as Recording v1 event lines", hexid.String(ev.GUID), ev.Tick)},
		{FileRaw, "the UpdatePositions among them as raw message bytes (Recording v1's `raw` form: the whole 0xF748 message, opcode first, in hex)"},
		{FileReading, "the reading's every choice (docs/readings.md)"},
		{FileVersion, "the Glidepath build that made the pack"},
		{FileOpen, "opens the recording at this moment in the web viewer when served beside it (docs/web.md)"},
	}
	if gif {
		rows = append(rows, [2]string{FileGIF, fmt.Sprintf("ticks %d–%d of the shrunk recording, the object selected", from, to)})
	} else {
		rows = append(rows, [2]string{FileGIF, "left out: no display was available; the command below makes it"})
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "- `%s`: %s\n", r[0], r[1])
	}
	b.WriteString("\n## Reproduce\n\nFrom this folder, with the input at the path named; each command remakes its file byte for byte:\n\n```sh\n")
	for _, st := range steps {
		line := "viewer " + shellJoin(st.args)
		if st.stdout {
			line += " > " + st.file
		}
		b.WriteString(line + "\n")
	}
	if !gif {
		fmt.Fprintf(&b, "xvfb-run -a viewer %s\n", shellJoin([]string{"export", "-reading", reading, "-select", hexid.String(ev.GUID),
			"-from", fmt.Sprint(from), "-to", fmt.Sprint(to), "-o", FileGIF, FileRecording}))
	}
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
