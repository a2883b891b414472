// Package draw is the world-space drawing interface the viewport's overlays
// draw through (STYLE.md point 3: drawing is a separate, read-only pass):
// lines, arrows, circles, markers, text and bodies in global metres. The
// viewport's frame builder implements Canvas; Recorder implements it as plain
// data so overlay logic is tested without a display. The package imports no
// Ebitengine.
package draw
