// Package report builds what is told of a run once it has run: the
// per-object report of every reading's glide metrics (text, JSON and the
// metrics table's rows, `viewer run`), the first divergence of two
// readings' runs (`viewer run -compare`), and the guided tour's stops read
// off the event log (the viewer's -tour). It reads the runs through the
// engine's exported view only.
package report
