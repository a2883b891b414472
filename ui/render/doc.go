// Package render builds the viewport's frame: it projects world-space
// primitives with one view-projection matrix, clips them against the near
// plane, culls back faces, sorts them in layered painter's order and fills
// reusable vertex/index batches for Ebitengine's DrawTriangles32 (DESIGN.md
// "The viewer"; measurements in notes/viewport.md). There is no depth
// buffer; the painter's order is, per pass:
//
//  1. terrain: triangles sorted farthest first, then cell and landblock lines;
//  2. ground: overlays draped on the terrain;
//  3. solids: bodies and obstacles, each solid whole, sorted by the depth of
//     its centre (convex and back-face culled, so a solid needs no inner
//     sort);
//  4. overlay: screen-space lines, arrows and discs, in call order;
//  5. markers: shader-drawn symbols;
//  6. labels: boxes, then text.
//
// A global per-triangle sort was rejected: terrain triangles then cut into
// bodies standing on them. The cost of the layering is that hills never hide
// bodies or overlays behind them.
package render
