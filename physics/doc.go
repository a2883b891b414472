// Package physics ports the retail client's physics object (CPhysicsObj) and
// the math it stands on: Frame and Position, headings, cell-aware distance,
// the object's state and transient-state flags, velocity and update_times,
// the per-tick pipeline (UpdateObjectInternal, UpdatePositionInternal,
// UpdatePhysicsInternal, set_frame, SetPositionInternal), retail's
// transition over terrain, statics and dat geometry, and UpdatePosition routing
// (MoveOrTeleport). Specified by seeds 003 (per-tick), 004 (routing) and
// 001 (thresholds).
//
// Where things are:
//
//	frame.go, position.go       Frame (and vec, its registers-kept vector), Position, headings, landblock arithmetic
//	constants.go, flags.go      retail constants and the reading choices; state and transient-state bits
//	object.go                   Object (CPhysicsObj), the accessors interp.Body needs, the collaborators' interfaces
//	tick.go, commit.go          the per-tick pipeline and how it commits
//	stage.go                    Stage and the optional per-tick StageRecord
//	world.go, terrain.go,       the collision world: terrain (its JSON read by engine/terrainjson),
//	obstacle.go, statics.go     obstacles, dat statics
//	geometry*.go                polygons, BSPs, cells, buildings (the dat geometry)
//	transit*.go, transition.go  retail's transition (CTransition) and its result
//	setposition.go              SetPosition / SetPositionSimple (placement)
//	route.go                    UnpackPositionEvent → HandleReceivedPosition → MoveOrTeleport; update_times and newer_event
//	state.go                    the object's state as flat words (the engine's checkpoints)
//
// docs/collision.md says what the transition leaves out.
//
// physics may import only mathgl and the standard library. It reaches the
// animation, the position manager, the motion interpreter and the movement
// manager through the small interfaces at the end of object.go.
package physics
