// Package timeline is the viewer's time control and its timeline strip:
// Playback (cursor, playing, speed — Rerun's time control as a small type
// changed by commands, STYLE.md point 4), the strip's zoomable view of the
// run, its event lanes for the selection or every object, the hover
// details, and the plot of distance-to-head and error-to-truth. It draws
// through a small 2D Painter and imports no Ebitengine, so all of it is
// tested without a display.
package timeline
