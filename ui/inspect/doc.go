// Package inspect is the text of the viewer's object list and inspector:
// one row per object (name, guid, queue length, fail counter, live
// metrics) and, for the selection, its state field by field under the
// retail names (CPhysicsObj, InterpolationManager seed 000 §1–§2,
// ConstraintManager, the queue as a table, the last routing branch and the
// sequence stamps seed 004 §2, §8). Plain strings, tested without a
// display.
package inspect
