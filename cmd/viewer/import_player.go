// The player a capture was read with: which rule chose it, and a loud
// warning when none did (engine/capture player.go).

package main

import (
	"fmt"
	"io"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
)

// warnPlayerRule says on stderr which rule chose a capture's player when
// it was not PlayerCreate or -player, and warns loudly when no rule did.
func warnPlayerRule(stderr io.Writer, name string, sum *capture.Summary) {
	switch sum.PlayerRule {
	case capture.RuleNone:
		fmt.Fprintf(stderr, "viewer: WARNING: %s: no player: the capture has no PlayerCreate 0xF746 and no object was seen at a position the client reported; "+
			"every object's player_distance is 0, so the 96 m routing rule (MoveOrTeleport, docs/pipeline.md) is off. Pass the player's guid with -player 0xGUID.\n", name)
	case capture.RuleClientPosition:
		fmt.Fprintf(stderr, "viewer: %s: %s\n", name, sum.PlayerLine())
	}
}

// warnCapturePlayer is warnPlayerRule for a run's input, when it is a
// capture.
func warnCapturePlayer(stderr io.Writer, src recording.Source) {
	if c, ok := src.(interface{ Summary() *capture.Summary }); ok {
		warnPlayerRule(stderr, src.Name(), c.Summary())
	}
}
