package cmdinput

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
	"glidepath/internal/inputfile"
)

// ReadInput reads the whole input at path (a recording, scenario or
// capture) into memory, for the commands that run it more than once
// (whatif, shrink, pack); a malformed input is bad input.
func ReadInput(path string, opts loader.LoadOptions) (*recording.Recording, error) {
	src, _, err := OpenInput(path, opts)
	if err != nil {
		return nil, err
	}
	rec, err := recording.ReadSource(src)
	src.Close()
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	return rec, nil
}

// OpenInput opens a recording or a capture as a stream, or compiles a
// scenario and returns its expectations too ("-" is standard input; the
// file is opened once, so a FIFO works); every failure is bad input
// (exit 2) and names the file.
func OpenInput(path string, opts loader.LoadOptions) (recording.Source, []scenario.Expectation, error) {
	if err := CheckPlayerInput(path, opts.Capture); err != nil {
		return nil, nil, err
	}
	src, expect, err := loader.OpenExpectWith(path, assets.FS(), opts)
	if err != nil {
		return nil, nil, cli.UsageError{Err: err}
	}
	return src, expect, nil
}

// TraceInputName is the input the trace header names: the file's base name,
// so a trace does not depend on where the file was. A file descriptor the
// shell passed (`<(…)` is /dev/fd/63) keeps its whole path: "63" names
// nothing.
func TraceInputName(path string) string {
	for _, fd := range [...]string{"/dev/fd/", "/proc/self/fd/"} {
		if strings.HasPrefix(path, fd) {
			return path
		}
	}
	if path == "/dev/stdin" {
		return path
	}
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// CaptureFlags are the capture options import and run share (the viewer
// and shot open captures with the defaults).
type CaptureFlags struct {
	serverPort int
	player     string
	truthFrom  pathList
	// fs is the flag set Add added to, when it is one: -server-port 0
	// given is refused, not taken as the default.
	fs *flag.FlagSet
}

// pathList is a repeatable flag's files.
type pathList []string

func (p *pathList) String() string { return strings.Join(*p, ",") }
func (p *pathList) Set(v string) error {
	if v == "" {
		return errors.New("want a capture file")
	}
	*p = append(*p, v)
	return nil
}

// Add adds -server-port, -player and -truth-from to fs.
func (c *CaptureFlags) Add(fs interface {
	IntVar(p *int, name string, value int, usage string)
	StringVar(p *string, name, value, usage string)
	Var(value flag.Value, name, usage string)
}) {
	c.fs, _ = fs.(*flag.FlagSet)
	fs.IntVar(&c.serverPort, "server-port", 0, "a capture's AC server UDP `port` (default: any of 9000–10013)")
	fs.StringVar(&c.player, "player", "", "the player's `guid` in a capture (default: from PlayerCreate 0xF746, else the first object at a position the client reported)")
	fs.Var(&c.truthFrom, "truth-from", "another client's `capture` of the same session (repeatable): its player's own positions become truth events here, the clocks joined on the server's (docs/real-sessions.md)")
}

// Inputs is files and the -truth-from captures: every file the command
// reads, which no output may name (cli.CheckOutputs).
func (c *CaptureFlags) Inputs(files []string) []string {
	return append(append([]string(nil), files...), c.truthFrom...)
}

// Args are the flags as given, for another command run on the same
// capture (viewer live's window).
func (c *CaptureFlags) Args() []string {
	var a []string
	if c.serverPort != 0 {
		a = append(a, "-server-port", strconv.Itoa(c.serverPort))
	}
	if c.player != "" {
		a = append(a, "-player", c.player)
	}
	for _, p := range c.truthFrom {
		a = append(a, "-truth-from", p)
	}
	return a
}

// Options checks the flags and returns the capture options.
func (c *CaptureFlags) Options() (capture.Options, error) {
	var o capture.Options
	if c.serverPort < 0 || c.serverPort > 65535 || (c.serverPort == 0 && c.fs != nil && cli.IsSet(c.fs, "server-port")) {
		return o, cli.BadInput("-server-port %d: want a UDP port, 1–65535", c.serverPort)
	}
	o.ServerPort = uint16(c.serverPort)
	if c.player != "" {
		v, err := hexid.Parse(c.player)
		if err != nil {
			return o, cli.BadInput("-player %q: want an object guid such as 0x50000001", c.player)
		}
		o.Player, o.HasPlayer = v, true
	}
	for _, path := range c.truthFrom {
		tr, err := capture.ReadTrack(path, capture.Options{})
		if err != nil {
			return o, cli.UsageError{Err: err}
		}
		o.Truth = append(o.Truth, tr)
	}
	return o, nil
}

// CheckPlayerInput refuses -player for an input that is not a capture: a
// recording or scenario has no player guid (its player is the observer),
// so the guid names nothing in it. A capture that never names the guid is
// refused as it is read (capture.PlayerAbsentError).
func CheckPlayerInput(path string, o capture.Options) error {
	// A stream (standard input, a FIFO) is told apart only as it is read:
	// the capture reader refuses an absent player there.
	if o.HasPlayer && inputfile.Regular(path) && !loader.IsCapture(path) {
		return cli.BadInput("-player %s: %s is not a capture (.pcap, .pcapng): -player names the player of a capture, and names nothing here", hexid.String(o.Player), path)
	}
	if len(o.Truth) > 0 && inputfile.Regular(path) && !loader.IsCapture(path) {
		return cli.BadInput("-truth-from %s: %s is not a capture (.pcap, .pcapng, datagram JSONL): truth from another client is joined to a capture's clock, and there is none here", o.Truth[0].File, path)
	}
	return nil
}
