// InterpolationManager: its state with retail meaning and sentinels, the
// constructor, StopInterpolating, and the read-only views the trace and the
// viewer use (seed 000 §1, §2).

package interp

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// interpState is everything an InterpolationManager owns that changes, as
// plain values, so a checkpoint is a copy (seed 000 §1 struct layout).
//
// The counters every tick reads come first and the queue's ring (2 KB, of
// which a tick reads the head node) last, so the tick touches as few cache
// lines as it can.
type interpState struct {
	keepHeading      bool             // keep_heading (int in retail)
	useAdjustedSpeed bool             // fUseAdjustedSpeed_ (a static in retail)
	frameCounter     uint32           // frame_counter
	originalDistance float32          // original_distance; LargeDistance = no baseline
	progressQuantum  float32          // progress_quantum
	nodeFailCounter  int32            // node_fail_counter
	bliptoPosition   physics.Position // blipto_position
	queue            nodeQueue        // position_queue
}

// InterpolationManager is retail's InterpolationManager (seed 000): the queue
// of server positions a remote glides through, the 5-frame stall window that
// judges its progress, and the blip that gives up and snaps.
//
// What every tick reads (the reading, the body, the counters) is laid out
// first; the queue's ring ends the state.
type InterpolationManager struct {
	reading Reading
	body    Body             // physics_obj
	read    bodyReader       // how body's position is read
	pm      *PositionManager // owner, for get_sticky_object_id; may be nil
	sink    Sink
	st      interpState
	// turn remembers writeOffset's last turn (body and head rotations in,
	// offset rotation and its matrix out): a body that has turned to its
	// head keeps asking for the same one.
	turn turnMemo
	// k are the thresholds (RetailConstants unless overridden).
	k Constants
}

// turnMemo caches writeOffset's subtract2 rotation for one pair of body and
// head rotations, keyed on their exact bits, and the offset frame's matrix
// for that rotation. It never changes a result.
type turnMemo struct {
	valid      bool
	body, head [4]uint32
	rot        mgl32.Quat
	cache      physics.CacheMemo
}

// NewInterpolationManager is InterpolationManager::InterpolationManager
// (0x005558D0, seed 000 §2): an empty queue, original_distance = 999999,
// counters zero, blipto_position the identity frame in cell 0. It returns an
// error for an invalid reading. A nil body makes every method a no-op, as
// retail's physics_obj null checks do.
func NewInterpolationManager(body Body, r Reading) (*InterpolationManager, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return newInterpolationManager(body, r, RetailConstants(), nil), nil
}

func newInterpolationManager(body Body, r Reading, k Constants, pm *PositionManager) *InterpolationManager {
	m := &InterpolationManager{reading: r, k: k, body: body, read: newBodyReader(body), pm: pm}
	m.st.reset()
	return m
}

// reset puts the state where the constructor leaves it.
func (s *interpState) reset() {
	*s = interpState{
		originalDistance: LargeDistance,
		bliptoPosition:   physics.Position{Frame: physics.IdentityFrame()},
		useAdjustedSpeed: UseAdjustedSpeed,
	}
}

// SetSink sets where decisions are reported; nil reports nothing.
func (m *InterpolationManager) SetSink(s Sink) { m.sink = s }

// SetUseAdjustedSpeed sets the fUseAdjustedSpeed_ toggle: true (retail's
// value) reads get_adjusted_max_speed for the catch-up speed, false
// get_max_speed (seed 000 §4).
func (m *InterpolationManager) SetUseAdjustedSpeed(on bool) { m.st.useAdjustedSpeed = on }

// StopInterpolating is InterpolationManager::StopInterpolating (0x00555950,
// seed 000 §2): drain the queue and reset the stall state, including
// original_distance = 999999 and node_fail_counter = 0. keep_heading and
// blipto_position are left as they are.
func (m *InterpolationManager) StopInterpolating() {
	m.st.queue.clear()
	m.st.frameCounter = 0
	m.st.progressQuantum = 0
	m.st.nodeFailCounter = 0
	m.st.originalDistance = LargeDistance
}

// IsInterpolating is InterpolationManager::IsInterpolating: the queue is not
// empty.
func (m *InterpolationManager) IsInterpolating() bool { return m.st.queue.Len() > 0 }

// QueueLen is the number of queued nodes.
func (m *InterpolationManager) QueueLen() int { return m.st.queue.Len() }

// Node returns the i-th queued node, 0 being the head; ok is false when i is
// out of range.
func (m *InterpolationManager) Node(i int) (n Node, ok bool) {
	if i < 0 || i >= m.st.queue.Len() {
		return Node{}, false
	}
	return *m.st.queue.at(i), true
}

// NodeRef is Node(i) by pointer into the queue, not copied: valid until the
// queue next changes, for reading only.
func (m *InterpolationManager) NodeRef(i int) (*Node, bool) {
	if i < 0 || i >= m.st.queue.Len() {
		return nil, false
	}
	return m.st.queue.at(i), true
}

// Nodes appends the queue, head first, to dst and returns it; pass a slice
// with capacity to copy without allocating.
func (m *InterpolationManager) Nodes(dst []Node) []Node {
	for i := 0; i < m.st.queue.Len(); i++ {
		dst = append(dst, *m.st.queue.at(i))
	}
	return dst
}

// FailCounter is node_fail_counter.
func (m *InterpolationManager) FailCounter() int32 { return m.st.nodeFailCounter }

// FrameCounter is frame_counter, the frames into the current stall window.
func (m *InterpolationManager) FrameCounter() uint32 { return m.st.frameCounter }

// OriginalDistance is original_distance, the window's baseline distance to
// the head; LargeDistance means no baseline yet.
func (m *InterpolationManager) OriginalDistance() float32 { return m.st.originalDistance }

// ProgressQuantum is progress_quantum, what the window has accumulated.
func (m *InterpolationManager) ProgressQuantum() float32 { return m.st.progressQuantum }

// KeepHeading is keep_heading.
func (m *InterpolationManager) KeepHeading() bool { return m.st.keepHeading }

// BliptoPosition is blipto_position.
func (m *InterpolationManager) BliptoPosition() physics.Position { return m.st.bliptoPosition }

// Reading is the reading the manager runs.
func (m *InterpolationManager) Reading() Reading { return m.reading }

// StallWindow is the current stall window as the viewer colours it.
type StallWindow struct {
	// Frames is frame_counter (0–4): frames accumulated since the window
	// opened.
	Frames uint32
	// ProgressQuantum is progress_quantum so far.
	ProgressQuantum float32
	// HasBaseline is false while original_distance holds the 999999
	// sentinel (the window will pass whatever happens, seed 000 §2).
	HasBaseline bool
	// Cumulative is original_distance minus the body's current distance to
	// the head: the progress the window would be judged on now. Zero when
	// there is no baseline or no position node at the head.
	Cumulative float32
}

// Window reports the current stall window.
func (m *InterpolationManager) Window() StallWindow {
	w := StallWindow{
		Frames:          m.st.frameCounter,
		ProgressQuantum: m.st.progressQuantum,
		HasBaseline:     m.st.originalDistance != LargeDistance,
	}
	if w.HasBaseline && m.body != nil && m.st.queue.Len() > 0 && m.st.queue.front().Type == NodePosition {
		var buf physics.Position
		_, d := offsetDistance(m.read.position(m.body, &buf), &m.st.queue.front().Position)
		w.Cumulative = m.st.originalDistance - d
	}
	return w
}

// stickyObjectID is CPhysicsObj::get_sticky_object_id: the owner's sticky
// target, 0 without an owner.
func (m *InterpolationManager) stickyObjectID() uint32 {
	if m.pm == nil {
		return 0
	}
	return m.pm.StickyObjectID()
}

// catchUpSpeed is the catch-up speed of adjust_offset (seed 000 §4,
// READINGS.md item 10): 2 × get_adjusted_max_speed (or get_max_speed with the
// toggle off), or 7.5 m/s when that is below F_EPSILON or there is no motion
// interpreter. A NaN speed also takes the fallback.
func (m *InterpolationManager) catchUpSpeed() float32 {
	var c float32
	if mi := m.read.motionInterp(m.body); mi != nil {
		var s float32
		if m.st.useAdjustedSpeed {
			s = mi.AdjustedMaxSpeed()
		} else {
			s = mi.MaxSpeed()
		}
		c = float32(s * m.k.MaxInterpolatedVelocityMod)
	}
	if !(c >= FEpsilon) {
		c = m.k.MaxInterpolatedVelocity
	}
	return c
}

// emit sends e, stamped with the counter and queue length, to the sink.
// Callers check m.sink != nil first so nothing is built without one.
func (m *InterpolationManager) emit(e Event) {
	e.FailCounter = m.st.nodeFailCounter
	e.QueueLen = m.st.queue.Len()
	m.sink.Emit(e)
}

// finitePosition reports whether a position's origin and rotation are finite.
//
// v − v is +0 for a finite v and NaN for a NaN or an infinity, and a sum of
// +0s is +0 while a sum with a NaN is NaN: one comparison tests all seven.
func finitePosition(p *physics.Position) bool {
	o, q := &p.Frame.Origin, &p.Frame.Rot
	return (o[0]-o[0])+(o[1]-o[1])+(o[2]-o[2])+(q.W-q.W)+(q.V[0]-q.V[0])+(q.V[1]-q.V[1])+(q.V[2]-q.V[2]) == 0
}

// finite reports whether v is neither NaN nor infinite (v − v is 0 exactly
// then).
func finite(v float32) bool { return v-v == 0 }

func finiteVec(v mgl32.Vec3) bool { return (v[0]-v[0])+(v[1]-v[1])+(v[2]-v[2]) == 0 }
