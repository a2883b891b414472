// Package trace writes Glidepath traces, the Trace v1 format
// (docs/formats.md): what the client pipeline did, tick by tick — one state
// row per live object per tick (committed position, heading, queue length,
// fail counter, contact bit), then that tick's event rows (routing, enqueue,
// node completion, stall windows, blips, snaps, contact changes).
//
// A trace is how Glidepath is compared with another implementation or with
// a golden file, so the Writer is byte-stable: the same rows give the same
// bytes, numbers use the shortest float32 round-trip form, and writing does
// not allocate per row. A trace is read back as a client trace
// (engine/clienttrace reads Trace v1 files), and golden files are compared
// byte for byte.
package trace
