// Compiling: running every remote's script tick by tick and turning what the
// server did into a Recording v1 — the header (tick rate, observer, terrain,
// one entity per remote), truth for every remote on every tick, motion and
// vector events when the motion changes or a jump starts, UpdatePositions at
// the cadence, each passed through the network model, observer moves and
// notes — sorted by receive time.

package scenario

import (
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"

	"glidepath/engine/recording"
	"glidepath/internal/inputfile"
	"glidepath/physics"
)

// Compile parses the scenario in data (named name in errors) and compiles it.
// assets is the assets tree, as for Parse.
func Compile(name string, data []byte, assets fs.FS) (*recording.Recording, error) {
	s, err := Parse(name, data, assets)
	if err != nil {
		return nil, err
	}
	return s.Compile()
}

// CompileFile reads, parses and compiles the scenario at path; errors name
// the file as path.
func CompileFile(path string, assets fs.FS) (*recording.Recording, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	return Compile(path, data, assets)
}

// readLimited reads the file at path ("-" is standard input; a FIFO is
// read as a stream), but never more than one byte past MaxFileSize: a
// larger file is refused without being read whole.
func readLimited(path string) ([]byte, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(path, f)
}

// ReadLimited reads a scenario's text from r (name is the file in
// errors), never more than one byte past MaxFileSize.
func ReadLimited(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return nil, &Error{File: name, Line: 1, Column: 1, Field: "yaml",
			Problem: fmt.Sprintf("the file is over the limit of %d bytes (1 MiB)", MaxFileSize)}
	}
	if what := inputfile.NotText(data[:min(len(data), 512)]); what != "" {
		return nil, &Error{File: name, Line: 1, Column: 1, Field: "yaml",
			Problem: "the file is " + what + ", not a scenario (YAML text)"}
	}
	return data, nil
}

// Compile runs the scenario and returns its recording: the same scenario
// gives the same recording, event for event and bit for bit. The recording
// is named after the scenario's file; recording.WriteFile writes it.
func (s *Scenario) Compile() (*recording.Recording, error) {
	return s.compile(s.limits())
}

// limits are the bounds Compile runs the scenario under.
func (s *Scenario) limits() limits {
	lim := defaultLimits()
	lim.truth = !s.noTruth
	return lim
}

// remoteRun is one remote while compiling.
type remoteRun struct {
	spec     *remoteSpec
	mv       *mover
	snd      *sender
	net      *link
	airborne bool // airborne_updates is on
	vector   uint16
}

// compiler collects events with their sort keys.
type compiler struct {
	s      *Scenario
	lim    limits
	events []recording.Event
	keys   []sortKey
	end    float64

	// When streaming (stream.go), out receives the events in receive order
	// and pending holds those not yet handed out.
	out     func(*recording.Event) error
	pending pendingHeap
	written float64
	added   int

	// notes counts the note events: the description, the notes and every
	// step's note together stay within the recording's limit.
	notes int
}

// sortKey orders events: by receive time, then by the time an outage held
// them from (a burst arrives in its original order), then by the order the
// server produced them.
type sortKey struct {
	t, orig float64
	idx     int
}

func (c *compiler) add(ev recording.Event, orig float64) error {
	if ev.T > c.end {
		return nil // arrives after the capture ends
	}
	if ev.Kind == recording.KindNote {
		if c.notes++; c.notes > recording.MaxNotes {
			at := loc{line: c.s.at.line, col: c.s.at.col, field: "notes"}
			return at.errorf(c.s.Name, "the description, notes and steps' notes make more than %d notes (the limit of notes per recording)", recording.MaxNotes)
		}
	}
	if c.out != nil {
		return c.push(ev, orig)
	}
	if len(c.events) >= c.lim.maxEvents {
		return c.s.durationAt.errorf(c.s.Name, "the scenario produces more than %d events (the limit); shorten it or use fewer remotes", c.lim.maxEvents)
	}
	c.keys = append(c.keys, sortKey{t: ev.T, orig: orig, idx: len(c.events)})
	c.events = append(c.events, ev)
	return nil
}

func (s *Scenario) compile(lim limits) (*recording.Recording, error) {
	c := &compiler{s: s, lim: lim}
	var h recording.Header
	err := s.run(c, func(hd *recording.Header) error {
		h = *hd
		c.reserve(int(math.Round(s.Duration * float64(s.TickRate))))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &recording.Recording{Name: s.Name, Header: h, Events: c.sorted()}, nil
}

// run runs the scenario: it builds the header and hands it to header, then
// runs every remote and the observer tick by tick, adding their events to c
// and telling c when a tick is done.
func (s *Scenario) run(c *compiler, header func(*recording.Header) error) error {
	g := newGeo(s)
	lim := c.lim
	rate := float64(s.TickRate)
	ticks := int(math.Round(s.Duration * rate))
	if lim.truth && (ticks+1)*len(s.remotes) > lim.maxEvents {
		return s.durationAt.errorf(s.Name, "%d ticks × %d remotes of truth is more than the %d-event limit; shorten the scenario or use fewer remotes",
			ticks+1, len(s.remotes), lim.maxEvents)
	}
	c.end = float64(ticks)/rate + dueTolerance
	steps := 0
	h := recording.NewHeader()
	h.TickRate = s.TickRate
	if s.terrain.asset {
		h.Terrain = recording.Terrain{Kind: recording.TerrainAsset, Name: s.terrain.name}
	} else {
		h.Terrain = recording.Terrain{Kind: recording.TerrainFlat, Z: float32(s.terrain.z)}
	}
	h.Terrain.Obstacles = s.terrain.obstacles

	var obs *observerRun
	if s.observer != nil {
		if x, y := g.global(s.observer.start); !onMap(x, y) {
			return s.observer.errorf(s.Name, "the observer starts off the landblock map")
		}
		obs = newObserverRun(s, &g, &steps, lim.maxSteps)
		h.HasObserver, h.Observer = true, obs.position()
	}

	runs := make([]*remoteRun, len(s.remotes))
	h.Entities = make([]recording.Entity, len(s.remotes))
	for i, r := range s.remotes {
		x, y := g.global(r.start)
		if !onMap(x, y) {
			return r.errorf(s.Name, "the start position is off the landblock map")
		}
		b := body{x: x, y: y, z: g.groundZ(x, y, r.indoor), heading: r.heading, grounded: true, indoor: r.indoor}
		runs[i] = &remoteRun{
			spec: r,
			mv:   newMover(s.Name, &g, b, r.script, r.runRate, r.turnRate, &steps, lim.maxSteps),
			snd:  newSender(r.cadence, b, r.instance),
			net:  newLink(r.net, r.cadence, s.Seed, r.guid),
		}
		h.Entities[i] = entity(r, g.position(b.x, b.y, b.z, b.heading, b.indoor))
	}
	if err := header(&h); err != nil {
		return err
	}

	if s.Description != "" {
		if err := c.add(recording.Event{Kind: recording.KindNote, Text: s.Description}, 0); err != nil {
			return err
		}
	}
	for _, n := range s.notes {
		if err := c.add(recording.Event{Kind: recording.KindNote, T: n.t, Text: n.text, GUID: n.guid, HasGUID: n.hasGUID}, n.t); err != nil {
			return err
		}
	}
	for _, run := range runs {
		if err := c.truth(0, run, &g); err != nil {
			return err
		}
	}

	for k := 1; k <= ticks; k++ {
		t0, t := float64(k-1)/rate, float64(k)/rate
		for _, run := range runs {
			if err := c.tick(run, t0, t, &g); err != nil {
				return err
			}
		}
		if obs != nil {
			if err := obs.tick(c, k, t0, t); err != nil {
				return err
			}
		}
		// Every event of a later tick arrives at or after its start, t.
		if err := c.done(t); err != nil {
			return err
		}
	}
	return c.done(math.Inf(1))
}

// reserve sizes the event slices for what the scenario will roughly
// produce, so that a large compile does not copy them while growing.
func (c *compiler) reserve(ticks int) {
	n := len(c.s.notes) + 1
	for _, r := range c.s.remotes {
		if c.lim.truth {
			n += ticks + 1
		}
		sends := float64(ticks) // on change: at most one a tick
		if !r.cadence.onChange {
			sends = math.Min(sends, c.s.Duration/r.cadence.interval+1)
		}
		n += int(sends*(1+r.net.duplicate)) + 2*len(r.script)
	}
	// Motion events depend on the scripts; a quarter more covers walks with
	// a turn every few seconds.
	n = min(n+n/4, c.lim.maxEvents)
	c.events = make([]recording.Event, 0, n)
	c.keys = make([]sortKey, 0, n)
}

// entity is the header entity of a remote standing at pos.
func entity(r *remoteSpec, pos physics.Position) recording.Entity {
	e := recording.NewEntity(r.guid, pos)
	e.Name = r.name
	e.Seq.Instance = r.instance
	e.HasMotion = r.hasMotion
	e.RunRate = float32(r.runRate)
	e.MotionTable = r.motionTable
	if r.radius > 0 {
		e.Radius = float32(r.radius)
	}
	if r.height > 0 {
		e.Height = float32(r.height)
	}
	return e
}

// sorted returns the events in receive order. It sorts the keys, then moves
// the events into place by following the permutation's cycles, so a large
// recording is never held twice.
func (c *compiler) sorted() []recording.Event {
	slices.SortFunc(c.keys, func(a, b sortKey) int {
		if r := cmp.Compare(a.t, b.t); r != 0 {
			return r
		}
		if r := cmp.Compare(a.orig, b.orig); r != 0 {
			return r
		}
		return cmp.Compare(a.idx, b.idx)
	})
	ev := c.events
	for i := range c.keys {
		if c.keys[i].idx < 0 {
			continue // already placed by an earlier cycle
		}
		// Slot j receives the event at keys[j].idx; walk the cycle from i.
		tmp := ev[i]
		j := i
		for {
			k := c.keys[j].idx
			c.keys[j].idx = -1
			if k == i {
				ev[j] = tmp
				break
			}
			ev[j] = ev[k]
			j = k
		}
	}
	c.keys = nil
	return ev
}
