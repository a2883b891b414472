// Package panel holds the viewer's panels as small types, each with its own
// update and draw given what it needs rather than the whole window: the
// object list, the overlay legend, the viewport's heads-up text, the
// one-line text boxes' keys and box, and what they share — the scroll, the
// fitting of text to a width, the colours and row sizes.
package panel
