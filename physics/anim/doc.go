// Package anim ports the retail animation pieces the motion pipeline runs:
// CSequence and AnimSequenceNode (root motion from velocity, omega and baked
// pos_frames), CPartArray::Update, motion tables (MotionData) and the part of
// CMotionInterp that gives speeds. Specified by seed 002 and seed 003 §3, §11.
//
// anim may import physics, mathgl and the standard library.
package anim
