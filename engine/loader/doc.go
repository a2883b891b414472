// Package loader opens an input by path: a recording (.jsonl, .jsonl.gz), a
// network capture, or a scenario (.yaml, compiled in memory), told by its
// name or else by its first bytes, as one recording.Source (or a whole
// recording.Recording) and, for a scenario, its expectations.
package loader
