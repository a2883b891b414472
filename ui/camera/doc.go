// Package camera is the viewport's camera as plain data and math: top-down,
// isometric and perspective orbit views (Z up, X east, Y north, global
// metres), one view-projection matrix per frame, pan, zoom to the cursor,
// orbit, follow and frame-all, ray picking, and mouse gestures read from an
// Input the app fills. It imports no Ebitengine, so all of it is tested
// without a display.
package camera
