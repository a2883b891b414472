// Reader: a capture as a recording.Source. It pulls frames as the events
// are asked for — frames → UDP datagrams → AC packets → messages → events —
// so its memory follows the number of objects and the bounded reassembly
// windows, not the file's length.

package capture

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"sort"
	"time"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/internal/inputfile"
	"glidepath/physics"
)

// Default AC server ports: aclogview's range (PCapReader.readNetworkHeaders
// takes 9000–10013 as the server side).
const (
	DefaultPortLow  = 9000
	DefaultPortHigh = 10013
)

// maxStreams bounds the connections (server endpoint and direction) the
// followed client is tracked on; a client talks to one or two.
const maxStreams = 64

// prescanEvents bounds how many events the Reader holds back while it
// looks for the player's first position, the header's observer.
const prescanEvents = 16384

// Options are the capture-specific choices of an import.
type Options struct {
	// ServerPort, when not 0, is the one UDP port of the server; otherwise
	// any port in 9000–10013 is.
	ServerPort uint16
	// Player, when HasPlayer, is the player's guid; otherwise the
	// PlayerCreate 0xF746 message names it.
	Player    uint32
	HasPlayer bool
	// Truth are other clients of the same session (ReadTrack): each one's
	// own positions become truth events for its player here, on this
	// capture's clock through the server's (truth.go).
	Truth []*Track
	// TimeShift (seconds, ≥ 0) is added to every event's time: the window
	// puts several captures of one session on one server clock this way
	// (ServerStart).
	TimeShift float64
}

// NotCaptureError says a file is not a pcap or pcapng capture.
type NotCaptureError struct {
	File string
	Why  string
}

func (e *NotCaptureError) Error() string {
	return fmt.Sprintf("%s: not a capture: %s (want a pcap or pcapng file: magic 0xA1B2C3D4, 0xA1B23C4D or 0x0A0D0D0A; or datagram JSON Lines: {\"t\": …, \"dir\": \"s2c\", …})", e.File, e.Why)
}

// ReadError is the file failing to be read — an I/O error, or a followed
// file truncated, replaced or removed (recording.Tail) — as distinct from
// damage in what was read, which is counted and skipped: the capture's
// bytes end there for a reason that is not in them, so it is not taken as
// the capture's end. Frame is the 1-based frame being read.
type ReadError struct {
	File  string
	Frame int
	Err   error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("%s: frame %d: read: %v", e.File, e.Frame, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// PlayerAbsentError says the player given (Options.Player, -player) is
// named by no message of the capture: it names nothing in the input.
type PlayerAbsentError struct {
	File   string
	Player uint32
	// Announced is the guid the capture's PlayerCreate named, when it had
	// one (HasAnnounced).
	Announced    uint32
	HasAnnounced bool
}

func (e *PlayerAbsentError) Error() string {
	s := fmt.Sprintf("-player %s: %s has no message naming this guid", hexid.String(e.Player), e.File)
	if e.HasAnnounced {
		s += fmt.Sprintf(" (its PlayerCreate names %s)", hexid.String(e.Announced))
	}
	return s
}

// playerErr is the PlayerAbsentError once the capture has been read to
// its end without naming the player given; nil otherwise.
func (r *Reader) playerErr() error {
	if !r.eof || !r.opts.HasPlayer || r.world.playerSeen {
		return nil
	}
	return &PlayerAbsentError{File: r.name, Player: r.opts.Player, Announced: r.world.announced, HasAnnounced: r.world.hasAnnounced}
}

// streamKey names one direction of one connection by its server end.
type streamKey struct {
	server   netip.AddrPort
	toClient bool
}

// Reader reads a capture's events.
type Reader struct {
	name    string
	closer  io.Closer
	counter *countingReader
	fr      *frames
	opts    Options
	sum     *Summary
	header  recording.Header

	streams   map[streamKey]*stream
	ra        reassembler
	client    netip.AddrPort
	hasClient bool
	servers   []netip.AddrPort // server ends seen, for ambiguous ports
	frags     []fragment
	msgs      []message

	world   world
	firstTS time.Time
	started bool
	lastT   float64

	out   []recording.Event
	head  int
	eof   bool
	frame int // the frame being read

	// The snapshot state (snapshot.go), kept as events are handed out.
	state       map[uint32]*objState
	created     int
	observer    physics.Position
	hasObserver bool

	// clock maps the capture's times onto the server's (truth.go); truth
	// is the other clients' positions joined in (Options.Truth), collect
	// what ReadTrack gathers.
	clock   serverClock
	truth   truthJoin
	collect *Track

	// notice is InputNotice's line for noticeRule and noticePlayer.
	notice, noticeRule, noticePlayer string
}

var _ recording.Source = (*Reader)(nil)

// Open opens the capture at path ("-" is standard input; a FIFO is read as
// a stream). A file that is not a capture gives a *NotCaptureError; one
// that cannot be opened, the *os.PathError.
func Open(path string, opts Options) (*Reader, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	return OpenStream(path, f, opts)
}

// OpenStream reads a capture from rc as NewReader does and closes rc when
// the Reader is closed (or at once, on an error).
func OpenStream(name string, rc io.ReadCloser, opts Options) (*Reader, error) {
	r, err := NewReader(name, rc, opts)
	if err != nil {
		rc.Close()
		return nil, err
	}
	r.closer = rc
	return r, nil
}

// NewReader reads a capture from src; name is used in errors and the
// summary. It reads ahead until it knows the player's first position (at
// most prescanEvents events) so that the header can carry it.
func NewReader(name string, src io.Reader, opts Options) (*Reader, error) {
	return newReader(name, src, opts, nil)
}

// newReader is NewReader gathering the client's own positions into
// collect when it is not nil (ReadTrack).
func newReader(name string, src io.Reader, opts Options, collect *Track) (*Reader, error) {
	sum := newSummary(name)
	cr := &countingReader{r: src}
	fr, err := newFrames(cr, sum)
	if err != nil {
		if cr.err != nil {
			return nil, &ReadError{File: name, Frame: 1, Err: cr.err}
		}
		why := err.Error()
		if errors.Is(err, errNotCapture) {
			why = "unknown magic number"
		}
		return nil, &NotCaptureError{File: name, Why: why}
	}
	fr.src = cr
	if fr.dg != nil && opts.ServerPort != 0 {
		return nil, &LineError{File: name, Line: 1, Field: "pair", Problem: fmt.Sprintf("-server-port %d: a datagram JSONL file names no ports (its server ports are %d + pair)", opts.ServerPort, DefaultPortLow)}
	}
	r := &Reader{
		name: name, counter: cr, fr: fr, opts: opts, sum: sum,
		streams: make(map[streamKey]*stream),
	}
	r.ra.stats = sum
	r.collect = collect
	r.world = newWorld(r)
	r.truth.init(opts.Truth, sum)
	if opts.HasPlayer {
		r.world.setPlayer(opts.Player, 0, RuleOption)
	}
	// Read ahead until the player's first position and the first event
	// after t = 0 are known (or the bound is reached).
	for !r.eof && len(r.out) < prescanEvents && (!r.world.hasObserver || r.lastT == 0) {
		r.fill()
	}
	if err := r.readErr(); err != nil {
		return nil, err
	}
	if err := r.playerErr(); err != nil {
		return nil, err
	}
	r.header = recording.NewHeader()
	r.header.HasObserver = r.world.hasObserver
	r.header.Observer = r.world.observer
	r.header.Terrain.Z = r.world.groundZ()
	// A capture's bodies stand where the server put them: where the world
	// has no ground under one, the server's heights are its floor
	// (physics/floors.go).
	r.header.Terrain.ServerFloor = true
	r.hoistCreates()
	for i := range r.header.Entities {
		e := &r.header.Entities[i]
		r.track(&recording.Event{Kind: recording.KindCreate, GUID: e.GUID, HasGUID: true, Entity: e})
	}
	return r, nil
}

// hoistCreates moves the objects created in the first server frame's
// instant (t = 0) into the header, so that they exist at tick 0 as a
// recording's header entities do. Only creates read ahead, and only before
// any delete of the same object, move.
func (r *Reader) hoistCreates() {
	deleted := map[uint32]bool{}
	kept := r.out[:0]
	for _, ev := range r.out {
		switch {
		case ev.Kind == recording.KindDelete:
			deleted[ev.GUID] = true
		case ev.Kind == recording.KindCreate && ev.T == 0 && !deleted[ev.GUID]:
			r.header.Entities = append(r.header.Entities, *ev.Entity)
			r.sum.events[ev.Kind.String()]--
			r.sum.HeaderEntities++
			continue
		}
		kept = append(kept, ev)
	}
	r.out = kept
}

// Name is the capture's name as given.
func (r *Reader) Name() string { return r.name }

// Header is the header the capture implies: 30 ticks per second, flat
// terrain at the height of the first position known, the objects created
// at t = 0 as its entities (every later one arrives by a create event),
// the player's first position as the observer when it is known.
func (r *Reader) Header() recording.Header { return r.header }

// Summary is what the import has read so far; complete after Next
// returned io.EOF.
func (r *Reader) Summary() *Summary { return r.sum }

// BytesRead is how many bytes of the file were read so far.
func (r *Reader) BytesRead() int64 { return r.counter.n }

// Close closes the file.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	err := r.closer.Close()
	r.closer = nil
	return err
}

// Next returns the next event, or io.EOF after the last. Damaged frames
// are counted in the summary, never returned as errors; the file failing
// to be read is (*ReadError), once the events read before it are taken.
func (r *Reader) Next() (recording.Event, error) {
	for r.head == len(r.out) {
		if r.eof {
			if err := r.readErr(); err != nil {
				return recording.Event{}, err
			}
			if err := r.playerErr(); err != nil {
				return recording.Event{}, err
			}
			if tr, ok := r.truth.due(r, r.sum.Span); ok {
				r.track(&tr)
				tr.T += r.opts.TimeShift
				return tr, nil
			}
			if err := r.truth.finish(r); err != nil {
				return recording.Event{}, err
			}
			return recording.Event{}, io.EOF
		}
		r.out, r.head = r.out[:0], 0
		r.fill()
	}
	if tr, ok := r.truth.due(r, r.out[r.head].T); ok {
		r.track(&tr)
		tr.T += r.opts.TimeShift
		return tr, nil
	}
	r.head++
	ev := &r.out[r.head-1]
	r.track(ev)
	out := *ev
	out.T += r.opts.TimeShift
	return out, nil
}

// ServerStart is the server's time (seconds) at the capture's time 0, from
// the server packets read ahead for the header (TimeSync, ConnectRequest);
// false when none of them carried it.
func (r *Reader) ServerStart() (float64, bool) { return r.clock.off, r.clock.ok }

// fill reads frames until at least one event is ready or the file ends.
func (r *Reader) fill() {
	start := len(r.out)
	for len(r.out) == start {
		d, err := r.fr.next()
		if err != nil {
			r.finish()
			return
		}
		r.datagram(&d)
	}
}

// finish ends the stream: pending messages are dropped, lists sorted.
func (r *Reader) finish() {
	if r.eof {
		return
	}
	r.eof = true
	r.world.giveUpAll()
	keys := make([]streamKey, 0, len(r.streams))
	for k := range r.streams {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if c := keys[i].server.Compare(keys[j].server); c != 0 {
			return c < 0
		}
		return !keys[i].toClient && keys[j].toClient
	})
	for _, k := range keys {
		r.ra.dropAll(r.streams[k], "the capture ended before the message completed")
	}
	if r.started && r.fr.dg == nil {
		// (A datagram JSONL file's times count from its first line: it
		// has no wall-clock start.)
		r.sum.Start = r.firstTS.UTC().Format(time.RFC3339Nano)
	}
	if r.sum.PlayerRule == "" {
		r.sum.PlayerRule = RuleNone
	}
	r.sum.finish()
}

// isServerPort says whether port is an AC server's.
func (r *Reader) isServerPort(port uint16) bool {
	if r.opts.ServerPort != 0 {
		return port == r.opts.ServerPort
	}
	return port >= DefaultPortLow && port <= DefaultPortHigh
}

// datagram handles one UDP datagram: picks its direction and client,
// parses the AC packet and hands its messages on.
func (r *Reader) datagram(d *datagram) {
	src := netip.AddrPortFrom(netip.AddrFrom4(d.srcIP), d.srcPort)
	dst := netip.AddrPortFrom(netip.AddrFrom4(d.dstIP), d.dstPort)
	fromServer, toServer := r.isServerPort(d.srcPort), r.isServerPort(d.dstPort)
	if fromServer && toServer {
		// Both ports in the range (a client port such as 9050): the end
		// already seen as a server is the server, else the source.
		fromServer = !r.knownServer(dst) || r.knownServer(src)
	}
	var key streamKey
	var client netip.AddrPort
	switch {
	case fromServer:
		key, client = streamKey{src, true}, dst
	case toServer:
		key, client = streamKey{dst, false}, src
	default:
		r.sum.OtherPorts++
		return
	}
	if len(r.servers) < maxStreams && !r.knownServer(key.server) {
		r.servers = append(r.servers, key.server)
	}
	if !r.hasClient {
		r.client, r.hasClient = client, true
		r.sum.Client = client.String()
	} else if client != r.client {
		r.sum.OtherClients++
		return
	}
	p, err := parsePacket(d.payload, r.frags)
	r.frags = p.frags[:0]
	if err != nil {
		r.sum.malformed(d.frame, err.Error())
		return
	}
	if p.sizeMismatch {
		r.sum.SizeMismatch++
	}
	if key.toClient {
		r.sum.ACPackets++
		if !r.started {
			r.firstTS, r.started = d.ts, true
		}
		if p.hasServerTime {
			r.clock.sample(float64(d.ts.Sub(r.firstTS).Nanoseconds())/1e9, p.serverTime)
		}
	} else {
		r.sum.ClientPackets++
	}
	st := r.streams[key]
	if st == nil {
		if len(r.streams) >= maxStreams {
			r.sum.skip("AC packets of a server endpoint beyond the first 64")
			return
		}
		st = newStream()
		r.streams[key] = st
	}
	r.frame = d.frame
	r.msgs = r.ra.packet(st, &p, d.frame, d.ts, r.msgs[:0])
	for i := range r.msgs {
		m := &r.msgs[i]
		if key.toClient {
			r.world.serverMessage(m)
		} else {
			r.world.clientMessage(m)
		}
	}
}

func (r *Reader) knownServer(a netip.AddrPort) bool {
	for _, s := range r.servers {
		if s == a {
			return true
		}
	}
	return false
}

// eventTime is the event time of a frame: its timestamp minus the first
// server frame's, never before 0 nor before the previous event's.
func (r *Reader) eventTime(ts time.Time) float64 {
	t := 0.0
	if r.started {
		t = float64(ts.Sub(r.firstTS).Nanoseconds()) / 1e9
	}
	if t < r.lastT {
		if r.lastT-t > 1e-9 {
			r.sum.TimeHeld++
		}
		t = r.lastT
	}
	if t < 0 {
		t = 0
	}
	r.lastT = t
	return t
}

// emit queues an event.
func (r *Reader) emit(ev recording.Event) {
	// An event's line is the frame it came in, so that whoever reports a
	// problem with it (the engine's time limit, say) names the frame.
	ev.Line = r.frame
	r.sum.events[ev.Kind.String()]++
	if len(r.world.pending) > 0 || len(r.world.held) > 0 {
		r.world.held = append(r.world.held, ev)
		r.world.checkHeld(ev.T)
		r.world.release()
		return
	}
	r.out = append(r.out, ev)
}

// readErr is the file's read error, once the frames have ended, if they
// ended because reading failed (frames.next ends the frames there as it
// ends them at damage; what was buffered before the error is read first).
func (r *Reader) readErr() error {
	if r.eof && r.fr.dg != nil && r.fr.dg.err != nil {
		e := *r.fr.dg.err.(*LineError)
		e.File = r.name
		return &e
	}
	if !r.eof || r.counter.err == nil {
		return nil
	}
	return &ReadError{File: r.name, Frame: r.fr.frame, Err: r.counter.err}
}

// countingReader counts the bytes read through it (for progress), and
// keeps the first error of the file other than its end: the frame readers
// turn any error into the end of the frames.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}
