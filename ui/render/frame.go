// The frame's first draw: Ebitengine's OpenGL driver (2.10.3) skips a
// uniform upload when the value equals the one it last uploaded for the
// program in use, and it keeps that last value as a slice into the
// command queue's buffer of uniforms, which the queue reuses from its
// start once a frame's commands are flushed. Ebitengine forgets those
// values only when it presents a frame. A frame flushed without a present
// — a hidden window; a frame after four that drew nothing on the screen,
// which Ebitengine does not present, drawing into another image — leaves
// them pointing into the buffer; when the render thread has handed that
// queue back in time for the next frame's commands (it flushes on its
// own thread), the next frame's first draw with the same program finds
// its own values there, "equal", and draws with the uniforms of the
// other frame's last draw: the destination's size among them, so the
// viewport's triangles land scaled and shifted (docs/benchmarks.md, "The
// first view's camera"). Ebitengine forgets them too when the program
// changes, so a frame that starts with a draw through the marker shader
// has every uniform of its triangles uploaded.

package render

import "github.com/hajimehoshi/ebiten/v2"

// nothingIndices is Begin's triangle's.
var nothingIndices = []uint32{0, 1, 2}

// Begin starts a frame on dst: one triangle of no area and no colour
// through the marker shader, which changes nothing on dst but makes the
// frame's first draws with Ebitengine's own shaders upload every uniform
// (above). Call it before anything else is drawn in the frame.
func (r *Renderer) Begin(dst *ebiten.Image) error {
	if err := r.init(); err != nil {
		return err
	}
	dst.DrawTrianglesShader32(r.nothing[:], nothingIndices, r.shader, &r.shOpts)
	return nil
}
