// Package whatif delivers a recording's events again under changed network
// conditions (Redeliver) and overrides reading choices and the
// interpolation's retail thresholds by name (Set, interp.Constants),
// so that a real capture can be replayed beside itself under "what if the
// latency were 150 ms more, or updates came every 2 s" (docs/viewer.md
// "What-if, shrink and evidence packs").
//
// The network is the scenario model (engine/scenario network.go) applied to
// the recorded receive times as send times: an UpdatePosition may be lost
// (gone) or held back by the reorder delay, in which case it arrives after a
// newer one with its own old stamps, and the pipeline drops it as stale the
// way retail does (newer_event, seed 004 §2); UpdateMotion, VectorUpdate and
// DeleteObject are reliable and ordered. Creates (with the motion event a
// CreateObject's movement block is imported as, right after it at the same
// t), truths, observer moves and notes keep their times, but for a create
// after its object's delete, which arrives no sooner than that delete; an
// UpdatePosition arriving after the delete that followed it is dropped.
// Everything is drawn from generators seeded by Seed
// and each object's guid, so a what-if is deterministic.
package whatif
