// The player a capture was read with: which rule chose it, and a loud
// warning when none did (engine/capture player.go).

package cmdinput

import (
	"fmt"
	"io"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/plural"
)

// WarnPlayerRule says on stderr which rule chose a capture's player when
// it was not PlayerCreate or -player, and warns loudly when no rule did.
func WarnPlayerRule(stderr io.Writer, name string, sum *capture.Summary) {
	if sum.ACPackets == 0 {
		// No player because nothing of the game was read: say that, not
		// "pass -player".
		fmt.Fprintf(stderr, "viewer: WARNING: %s\n", NoACPackets(name, sum))
		return
	}
	switch sum.PlayerRule {
	case capture.RuleNone:
		fmt.Fprintf(stderr, "viewer: WARNING: %s: no player: the capture has no PlayerCreate 0xF746 and no object was seen at a position the client reported; "+
			"every object's player_distance is 0, so the 96 m routing rule (MoveOrTeleport, docs/pipeline.md) is off. Pass the player's guid with -player 0xGUID.\n", name)
	case capture.RuleClientPosition:
		fmt.Fprintf(stderr, "viewer: %s: %s\n", name, sum.PlayerLine())
	}
}

// WarnCapturePlayer is WarnPlayerRule for a run's input, when it is a
// capture.
func WarnCapturePlayer(stderr io.Writer, src recording.Source) {
	if c, ok := src.(interface{ Summary() *capture.Summary }); ok {
		WarnPlayerRule(stderr, src.Name(), c.Summary())
	}
}

// SayTruthJoined says, for a capture run with -truth-from, what each
// other client's capture gave and how its clock was joined — the line
// viewer import prints — so a run checks the join as an import does.
func SayTruthJoined(stderr io.Writer, src recording.Source) {
	c, ok := src.(interface{ Summary() *capture.Summary })
	if !ok {
		return
	}
	for _, t := range c.Summary().TruthFrom {
		fmt.Fprintf(stderr, "viewer: truth from %s: player %s, %d positions → %d truth events (%d while the object did not exist here, %d after the end); clock %+.3f s; %d UpdatePositions received by both, at most %.3f s apart\n",
			t.File, t.Player, t.Positions, t.TruthEvents, t.NotLive, t.AfterEnd, t.ClockOffset, t.SharedUpdates, t.MaxUpdateSeconds)
	}
}

// WarnMalformedFrames says, for a capture, which frames were damaged: a
// capture is read past damage (docs/formats.md), but garbage in it — written
// into a live capture, appended to a finished one — or a frame left torn
// when a follow ended, should not pass unnoticed.
func WarnMalformedFrames(stderr io.Writer, src recording.Source) {
	c, ok := src.(interface{ Summary() *capture.Summary })
	if !ok {
		return
	}
	sum := c.Summary()
	if sum.MalformedCount == 0 || len(sum.Malformed) == 0 {
		return
	}
	first := sum.Malformed[0]
	more := ""
	if n := sum.MalformedCount - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more malformed frames; viewer import lists them)", n)
	}
	fmt.Fprintf(stderr, "viewer: warning: %s: frame %d: %s%s\n", src.Name(), first.Frame, first.Problem, more)
}

// WarnDroppedMessages says, for a capture, how many game messages were
// dropped incomplete (a fragment never came, engine/capture
// reassembly.go): a run of such a capture simulates none of them, which
// should not pass unnoticed.
func WarnDroppedMessages(stderr io.Writer, src recording.Source) {
	c, ok := src.(interface{ Summary() *capture.Summary })
	if !ok {
		return
	}
	sum := c.Summary()
	if sum.DroppedCount == 0 {
		return
	}
	why := ""
	if len(sum.Dropped) > 0 {
		why = fmt.Sprintf("; the first, frame %d: %s", sum.Dropped[0].Frame, sum.Dropped[0].Problem)
	}
	fmt.Fprintf(stderr, "viewer: warning: %s: %s incomplete, dropped (viewer import lists them)%s\n", src.Name(), plural.Count(sum.DroppedCount, "message"), why)
}

// NoACPackets says that a capture held no AC packet, with what it held
// instead and the likely cause.
func NoACPackets(name string, sum *capture.Summary) string {
	return fmt.Sprintf("%s: no AC packets: %s, %s, %d of them on no AC server port; nothing of the game was read "+
		"(a capture of other traffic, or a server on another port: -server-port N)", name, plural.Count(sum.Frames, "frame"), plural.Count(sum.Datagrams, "UDP datagram"), sum.OtherPorts)
}
