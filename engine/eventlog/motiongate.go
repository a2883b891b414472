// Motion gates: the verdict a motion event's stamps got, as the event log
// carries it (engine/stamps.go runs the gate).

package eventlog

// MotionGate is a motion event's stamp verdict.
type MotionGate uint8

const (
	// MotionUngated: the event carried no stamps and was applied.
	MotionUngated MotionGate = iota
	// MotionApplied: its stamps passed and it was applied.
	MotionApplied
	// MotionSeeded: the object's first motion with stamps — the stamps
	// stored before it are not in the recording — applied, its stamps
	// stored.
	MotionSeeded
	// MotionInstanceNewer: a later incarnation's; retail queues it for
	// that object (never replayed here).
	MotionInstanceNewer
	// MotionInstanceOlder: an earlier incarnation's; dropped.
	MotionInstanceOlder
	// MotionStaleMovement: the movement stamp was not newer; dropped.
	MotionStaleMovement
	// MotionStaleServerControl: the server-control stamp was older;
	// dropped (its movement stamp was stored).
	MotionStaleServerControl
	numMotionGates
)

var motionGateNames = [numMotionGates]string{
	MotionUngated:            "ungated",
	MotionApplied:            "applied",
	MotionSeeded:             "applied (first stamps, stored)",
	MotionInstanceNewer:      "dropped: instance newer (queued for a later incarnation)",
	MotionInstanceOlder:      "dropped: instance older",
	MotionStaleMovement:      "dropped: movement stamp not newer",
	MotionStaleServerControl: "dropped: server_control stamp older",
}

func (g MotionGate) String() string {
	if g < numMotionGates {
		return motionGateNames[g]
	}
	return "MotionGate(?)"
}

// Applied reports whether the motion was applied.
func (g MotionGate) Applied() bool { return g <= MotionSeeded }

// MotionStampNames name the three stamps a motion event carries, in the
// order Event.Stored and recording.MotionSeq hold them.
var MotionStampNames = [3]string{"instance", "movement", "server_control"}
