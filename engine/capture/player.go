// Player: who the player is. A capture that starts at login names the
// player in PlayerCreate 0xF746; one started later has none, and the
// player is then the first object whose server position is one the client
// itself reported (its AutonomousPosition 0xF753 and MoveToState 0xF61C
// game actions carry the client's own position, which the server echoes
// in the player's UpdatePosition). Without a player every object's
// player_distance is 0 and the 96 m routing rule (seed 004 §3) never
// fires, so the summary says which rule chose the player, or that none
// did.

package capture

import "glidepath/physics"

// The player rules, as the summary's player_rule names them.
const (
	RuleOption         = "option"          // -player
	RulePlayerCreate   = "player_create"   // PlayerCreate 0xF746
	RuleClientPosition = "client_position" // the client's own position
	RuleNone           = "none"
)

// Bounds of the matching: the client positions and server positions
// remembered, and how close two positions must be to be the same one.
const (
	recentPositions = 16
	sameSpot        = 0.01 // m
)

// PlayerLine says who the player is and which rule chose it, for a
// status line; "" while no rule has chosen yet (RuleNone is decided at
// the capture's end).
func (s *Summary) PlayerLine() string {
	switch s.PlayerRule {
	case "":
		return ""
	case RuleNone:
		return "player: NONE found (no PlayerCreate, no object at the client's own position): the 96 m rule is off; pass -player 0xGUID"
	case RuleOption:
		return "player " + s.Player + " (given with -player)"
	case RulePlayerCreate:
		return "player " + s.Player + " (from PlayerCreate 0xF746)"
	case RuleClientPosition:
		return "player " + s.Player + " (no PlayerCreate: the first object at a position the client reported)"
	}
	return "player " + s.Player + " (" + s.PlayerRule + ")"
}

// InputNotice is PlayerLine as soon as a rule has chosen the player —
// -player and PlayerCreate at once, the client's own position when it is
// seen, "none" at the capture's end — for the viewer's status line
// (engine.EventStore Notice, asked after every event). It is built once per
// rule and player, so asking costs no allocation.
func (r *Reader) InputNotice() string {
	if r.sum.PlayerRule != r.noticeRule || r.sum.Player != r.noticePlayer {
		r.noticeRule, r.noticePlayer = r.sum.PlayerRule, r.sum.Player
		r.notice = r.sum.PlayerLine()
	}
	return r.notice
}

// sighting is an object's server position.
type sighting struct {
	guid uint32
	pos  physics.Position
}

// playerFinder remembers the latest client and server positions while no
// player is known.
type playerFinder struct {
	client []physics.Position
	server []sighting
}

func samePlace(a, b *physics.Position) bool {
	return a.Cell == b.Cell && a.Frame.Origin.Sub(b.Frame.Origin).Len() <= sameSpot
}

// clientSaw notes a position the client reported and, if an object was
// just seen there, makes it the player.
func (w *world) clientSaw(t float64, p physics.Position) {
	if w.hasPlayer {
		return
	}
	for _, s := range w.server {
		if samePlace(&s.pos, &p) {
			w.setPlayer(s.guid, t, RuleClientPosition)
			return
		}
	}
	if len(w.client) == recentPositions {
		w.client = append(w.client[:0], w.client[1:]...)
	}
	w.client = append(w.client, p)
}

// serverSaw notes an object's server position and says whether that makes
// it the player (a position the client reported).
func (w *world) serverSaw(t float64, guid uint32, p physics.Position) bool {
	if w.hasPlayer {
		return false
	}
	for i := range w.client {
		if samePlace(&w.client[i], &p) {
			w.setPlayer(guid, t, RuleClientPosition)
			return true
		}
	}
	if len(w.server) == recentPositions {
		w.server = append(w.server[:0], w.server[1:]...)
	}
	w.server = append(w.server, sighting{guid, p})
	return false
}
