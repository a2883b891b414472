// Truth from the other clients of one session. When several retail clients
// were recorded at once (the public corpus's fellowship-* sessions), each
// player's own client says where that player really was: the positions it
// sent the server, its MoveToState 0xF61C and AutonomousPosition 0xF753
// game actions. ReadTrack reads them from one capture; a Reader given
// those Tracks (Options.Truth) hands them out as truth events for that
// player's guid, so metrics and error plots compare what this client showed
// with what that client did.
//
// The captures' clocks are joined through the server's: every server
// packet with a TimeSync optional header (and the ConnectRequest) carries
// the server's time, so each capture's offset to the server clock is known,
// taken from its least delayed packet (the largest server time minus
// capture time). A point at capture time t of the other capture is at
// t + offset(other) − offset(this) here. As a check that nothing compared
// nothing, each UpdatePosition 0xF748 both captures received (the same
// guid, instance and position stamps) is timed in both and the largest
// difference reported, in seconds and in ticks.

package capture

import (
	"fmt"
	"io"
	"math"
	"sort"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/internal/inputfile"
	"glidepath/physics"
)

// MaxTrackPoints bounds the positions one Track keeps (a client sends a few
// a second: this is days of them).
const MaxTrackPoints = 1 << 20

// maxTrackUpdates bounds the UpdatePositions a Track remembers for the
// shared-update check.
const maxTrackUpdates = 1 << 20

// TrackPoint is one position a client reported, at its capture's time.
type TrackPoint struct {
	T   float64
	Pos physics.Position
	// Client is the game action it came in, with its stamps and contact
	// flag.
	Client recording.ClientReport
}

// updateKey names one UpdatePosition as the server sent it to everyone.
type updateKey struct {
	guid               uint32
	instance, position uint16
}

// Track is one client's own positions, read from its capture.
type Track struct {
	// File is the capture's name; Player its player's guid.
	File   string
	Player uint32
	// Offset is the server's time minus the capture's (seconds).
	Offset float64
	Points []TrackPoint
	// updates are the capture's UpdatePositions, at its own times.
	updates map[updateKey]float64
}

// serverClock is a capture's offset to the server's clock.
type serverClock struct {
	off     float64
	ok      bool
	samples int
}

// sample notes a server packet at capture time t carrying server time st.
func (c *serverClock) sample(t, st float64) {
	c.samples++
	if off := st - t; !c.ok || off > c.off {
		c.off, c.ok = off, true
	}
}

// ReadTrack reads the capture at path to its end and returns its client's
// own positions and clock. The capture must name its player (PlayerCreate,
// the client's own positions, or opts.Player) and carry the server's time.
func ReadTrack(path string, opts Options) (*Track, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opts.Truth = nil
	tr := &Track{File: path, updates: map[updateKey]float64{}}
	r, err := newReader(path, f, opts, tr)
	if err != nil {
		return nil, err
	}
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case !r.world.hasPlayer:
		return nil, fmt.Errorf("-truth-from %s: the capture names no player (no PlayerCreate 0xF746, no object at a position its client reported), so its positions are nobody's", path)
	case !r.clock.ok:
		return nil, fmt.Errorf("-truth-from %s: no server packet carries the server's time (TimeSync or ConnectRequest), so its clock cannot be joined to another capture's", path)
	case len(tr.Points) == 0:
		return nil, fmt.Errorf("-truth-from %s: its client reported no position (no MoveToState 0xF61C or AutonomousPosition 0xF753)", path)
	}
	tr.Player, tr.Offset = r.world.player, r.clock.off
	return tr, nil
}

// ServerStarts opens each capture at paths with opts and returns the
// server's time at its time 0 (Reader.ServerStart); an error names a capture
// whose server packets carry no time.
func ServerStarts(paths []string, opts Options) ([]float64, error) {
	out := make([]float64, len(paths))
	for i, p := range paths {
		o := opts
		o.Truth, o.TimeShift = nil, 0
		r, err := Open(p, o)
		if err != nil {
			return nil, err
		}
		st, ok := r.ServerStart()
		r.Close()
		if !ok {
			return nil, fmt.Errorf("%s: no server packet before its first position carries the server's time (TimeSync or ConnectRequest): it cannot be put on the other captures' clock", p)
		}
		out[i] = st
	}
	return out, nil
}

// TruthFrom is what one -truth-from capture gave (the summary's truth_from).
type TruthFrom struct {
	File   string `json:"file"`
	Player string `json:"player"`
	// ClockOffset is the other capture's time minus this one's for the
	// same server time (seconds).
	ClockOffset float64 `json:"clock_offset_seconds"`
	Positions   int     `json:"positions"`
	TruthEvents int     `json:"truth_events"`
	// NotLive counts positions from before the player's object was
	// created here or after it was deleted (a truth event must name a live
	// object); AfterEnd those past this capture's last event.
	NotLive  int `json:"not_live"`
	AfterEnd int `json:"after_end"`
	// SharedUpdates counts the UpdatePositions both captures received;
	// MaxUpdateSeconds and MaxUpdateTicks are the largest difference of
	// their times here once the clocks are joined.
	SharedUpdates    int     `json:"shared_updates"`
	MaxUpdateSeconds float64 `json:"max_update_difference_seconds"`
	MaxUpdateTicks   int     `json:"max_update_difference_ticks"`
}

// truthPoint is one queued truth position, on the server's clock.
type truthPoint struct {
	st     float64
	track  int
	pos    physics.Position
	client recording.ClientReport
}

// truthJoin hands the tracks' points out as truth events.
type truthJoin struct {
	tracks []*Track
	queue  []truthPoint
	head   int
	sums   []TruthFrom
	done   bool
}

func (j *truthJoin) init(tracks []*Track, sum *Summary) {
	if len(tracks) == 0 {
		return
	}
	j.tracks = tracks
	for i, tr := range tracks {
		for _, p := range tr.Points {
			j.queue = append(j.queue, truthPoint{st: p.T + tr.Offset, track: i, pos: p.Pos, client: p.Client})
		}
		j.sums = append(j.sums, TruthFrom{File: tr.File, Player: hexid.String(tr.Player), Positions: len(tr.Points)})
	}
	sort.SliceStable(j.queue, func(a, b int) bool { return j.queue[a].st < j.queue[b].st })
	sum.TruthFrom = j.sums
}

// due returns the next truth event at or before t (this capture's time),
// once this capture's clock is known; truth for an object that is not live
// here is counted and passed over.
func (j *truthJoin) due(r *Reader, t float64) (recording.Event, bool) {
	if !r.clock.ok {
		return recording.Event{}, false
	}
	for j.head < len(j.queue) {
		q := &j.queue[j.head]
		at := q.st - r.clock.off
		if at > t+1e-9 {
			return recording.Event{}, false
		}
		j.head++
		s := &r.sum.TruthFrom[q.track]
		guid := j.tracks[q.track].Player
		if _, live := r.state[guid]; !live || at < 0 || (r.world.hasPlayer && guid == r.world.player) {
			s.NotLive++
			continue
		}
		// Never before an event already handed out (the clock's offset
		// only grows as less delayed packets are met).
		at = max(at, r.sum.Span)
		s.TruthEvents++
		r.sum.events[recording.KindTruth.String()]++
		return recording.Event{T: at, Kind: recording.KindTruth, GUID: guid, HasGUID: true, Pos: q.pos, Client: q.client}, true
	}
	return recording.Event{}, false
}

// finish counts the points past the end and refuses a join that joined
// nothing: a capture without the server's time, or no truth event at all.
func (j *truthJoin) finish(r *Reader) error {
	if len(j.tracks) == 0 || j.done {
		return nil
	}
	j.done = true
	for ; j.head < len(j.queue); j.head++ {
		r.sum.TruthFrom[j.queue[j.head].track].AfterEnd++
	}
	if !r.clock.ok {
		return &TruthError{File: r.name, Problem: "no server packet carries the server's time (TimeSync or ConnectRequest), so the -truth-from captures cannot be joined to it"}
	}
	for i := range r.sum.TruthFrom {
		s := &r.sum.TruthFrom[i]
		s.ClockOffset = j.tracks[i].Offset - r.clock.off
		if s.TruthEvents == 0 {
			return &TruthError{File: r.name, Problem: fmt.Sprintf("-truth-from %s: none of its %d positions of player %s falls while that object exists here (%d before it was created or after it was deleted, %d after the end)", s.File, s.Positions, s.Player, s.NotLive, s.AfterEnd)}
		}
	}
	return nil
}

// TruthError is a -truth-from join that cannot be made.
type TruthError struct {
	File, Problem string
}

func (e *TruthError) Error() string { return e.File + ": " + e.Problem }

// serverUpdate notes an UpdatePosition the capture received at t (every
// one, the player's own included): a Track being read remembers it; a
// Reader joined to Tracks times it against the same one in each.
func (r *Reader) serverUpdate(t float64, u *recording.UpdatePosition) {
	k := updateKey{u.GUID, u.Seq.Instance, u.Seq.Position}
	if c := r.collect; c != nil && len(c.updates) < maxTrackUpdates {
		if _, seen := c.updates[k]; !seen {
			c.updates[k] = t
		}
	}
	if len(r.truth.tracks) == 0 || !r.clock.ok {
		return
	}
	for i, tr := range r.truth.tracks {
		tb, ok := tr.updates[k]
		if !ok {
			continue
		}
		s := &r.sum.TruthFrom[i]
		s.SharedUpdates++
		here := tb + tr.Offset - r.clock.off
		s.MaxUpdateSeconds = max(s.MaxUpdateSeconds, math.Abs(here-t))
		rate := float64(recording.DefaultTickRate)
		ticks := int(math.Abs(math.Ceil(here*rate-1e-9) - math.Ceil(t*rate-1e-9)))
		s.MaxUpdateTicks = max(s.MaxUpdateTicks, ticks)
	}
}
