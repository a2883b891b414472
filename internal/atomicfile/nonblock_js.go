//go:build js

package atomicfile

// oNonblock is none in a browser (GOOS=js): there are no
// FIFOs there to wait on (the web viewer, docs/web.md).
const oNonblock = 0
