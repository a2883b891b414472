// Package panel holds the viewer's panels as small types, each with its own
// update and draw given what it needs rather than the whole window: the
// object list, the overlay legend, the viewport's heads-up text, the
// Messages panel, the inspector, the pipeline panel, the bookmarks, the
// open, filter and go-to boxes, the guided tour, the help and the
// captions; where the panels go (Layout) and which are open at what size
// (State); and what they share — the scroll, the text boxes' keys, the
// fitting of text to a width, the colours and row sizes. A panel hands
// back what the user asked for (a path to open, a tick to go to, an object
// picked) rather than acting on the window itself.
package panel
