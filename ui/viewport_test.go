// Pixel tests of the viewport's renderer and the ground readout.

package ui

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
	"glidepath/ui/panel"
	"glidepath/ui/render"
)

// Landblock 0xA9B4's south-west corner, global metres.
var lbA9B4 = draw.Vec3{0xA9 * 192, 0xB4 * 192, 0}

// drawScene builds a frame with fn and renders it into a fresh w×h image
// filled with the background colour, returning its pixels.
func drawScene(t *testing.T, v camera.View, terrain *render.Terrain, fn func(c draw.Canvas)) *image.RGBA {
	t.Helper()
	b, err := render.NewBuilder()
	if err != nil {
		t.Fatal(err)
	}
	w, h := int(v.Viewport.W), int(v.Viewport.H)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	img.Fill(background)
	b.Begin(v, terrain)
	fn(b)
	b.End()
	var r render.Renderer
	if err := r.Draw(img, b); err != nil {
		t.Fatal(err)
	}
	px := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(px.Pix)
	return px
}

// near reports whether two colours match within tol per channel.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func at(px *image.RGBA, x, y float64) color.RGBA {
	return px.RGBAAt(int(x), int(y))
}

func TestRender_BodyColourAppearsWhereItProjects(t *testing.T) {
	for _, m := range []camera.Mode{camera.TopDown, camera.Isometric, camera.Perspective} {
		t.Run(m.String(), func(t *testing.T) {
			cam := camera.New(lbA9B4)
			cam.SetMode(m)
			cam.Span = 30
			v := cam.View(camera.Viewport{W: 320, H: 240})
			pos := lbA9B4.Add(draw.Vec3{4, 3, 0})
			red := color.RGBA{220, 30, 30, 255}
			px := drawScene(t, v, nil, func(c draw.Canvas) {
				c.Body(draw.Body{Pos: pos, Radius: 1.5, Height: 2, Color: red})
			})
			// The top cap, behind the heading arrow (which points north).
			x, y, ok := v.Project(pos.Add(draw.Vec3{0, -0.8, 2}))
			if !ok {
				t.Fatal("body not in view")
			}
			got := at(px, x, y)
			if !(got.R > 150 && got.G < 80 && got.B < 80) {
				t.Errorf("pixel at the body's projected top (%.0f, %.0f) is %v, want the body's red", x, y, got)
			}
			// Far from the body the background shows.
			if got := at(px, 10, 10); !near(got, background, 2) {
				t.Errorf("corner pixel %v, want the background %v", got, background)
			}
		})
	}
}

func TestRender_NearerBodyCoversFartherOne(t *testing.T) {
	cam := camera.New(lbA9B4)
	cam.SetMode(camera.Isometric)
	cam.Span = 30
	v := cam.View(camera.Viewport{W: 320, H: 240})
	// Two bodies on the same line of sight, the near one drawn first, its
	// heading arrow pointing at the camera, away from the overlap.
	ahead := draw.Vec3{v.Forward[0], v.Forward[1], 0}.Normalize() // horizontal
	nearPos, farPos := lbA9B4.Sub(ahead.Mul(2.5)), lbA9B4.Add(ahead.Mul(2.5))
	px := drawScene(t, v, nil, func(c draw.Canvas) {
		c.Body(draw.Body{Pos: nearPos, Radius: 2, Height: 3, Heading: 225, Color: color.RGBA{30, 200, 30, 255}})
		c.Body(draw.Body{Pos: farPos, Radius: 2, Height: 3, Heading: 225, Color: color.RGBA{30, 30, 220, 255}})
	})
	// The far edge of the near body's top, which on screen lies over the
	// far body's front.
	overlap := nearPos.Add(ahead.Mul(1.2)).Add(draw.Vec3{0, 0, 3})
	x, y, _ := v.Project(overlap)
	if got := at(px, x, y); !(got.G > got.B && got.G > got.R) {
		t.Errorf("pixel at the near body's top (%.0f, %.0f) is %v, want its green over the far blue body", x, y, got)
	}
	// The same pixel without the near body shows the far one: they overlap.
	px = drawScene(t, v, nil, func(c draw.Canvas) {
		c.Body(draw.Body{Pos: farPos, Radius: 2, Height: 3, Heading: 225, Color: color.RGBA{30, 30, 220, 255}})
	})
	if got := at(px, x, y); !(got.B > got.G && got.B > got.R) {
		t.Errorf("pixel (%.0f, %.0f) is %v without the near body, want the far body's blue: the test point is not in the overlap", x, y, got)
	}
}

func TestRender_TerrainGridAndMarkerShader(t *testing.T) {
	terrain, err := render.NewTerrain(render.TerrainSpec{MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 192, MaxY: lbA9B4[1] + 192})
	if err != nil {
		t.Fatal(err)
	}
	cam := camera.New(lbA9B4.Add(draw.Vec3{96, 96, 0}))
	cam.Span = 100
	v := cam.View(camera.Viewport{W: 320, H: 240})
	yellow := color.RGBA{255, 210, 60, 255}
	dot := lbA9B4.Add(draw.Vec3{80, 90, 0})
	px := drawScene(t, v, terrain, func(c draw.Canvas) {
		c.Marker(dot, draw.Marker{Shape: draw.Dot, Radius: 8, Color: yellow})
	})
	// Inside a cell: the terrain's ground colour, neither background nor line.
	gx, gy, _ := v.Project(lbA9B4.Add(draw.Vec3{108, 108, 0}))
	ground := at(px, gx, gy)
	if near(ground, background, 8) || !(ground.G > ground.B) {
		t.Errorf("cell interior %v: want the green-grey ground", ground)
	}
	// On a cell line (x = 96 m): darker than the ground beside it.
	lx, ly, _ := v.Project(lbA9B4.Add(draw.Vec3{96, 108, 0}))
	if line := at(px, lx, ly); !(int(line.G) < int(ground.G)-5) {
		t.Errorf("cell line pixel %v not darker than the ground %v", line, ground)
	}
	// The marker shader: its colour at the centre, its dark rim at the edge,
	// the ground just outside.
	mx, my, _ := v.Project(dot)
	if got := at(px, mx, my); !near(got, yellow, 6) {
		t.Errorf("marker centre %v, want %v", got, yellow)
	}
	if got := at(px, mx+12, my); !near(got, ground, 6) {
		t.Errorf("pixel 12 px right of an 8 px marker is %v, want the ground %v", got, ground)
	}
}

func TestDescribeGround(t *testing.T) {
	for _, tt := range []struct {
		x, y float64
		want string
	}{
		{lbA9B4[0] + 96, lbA9B4[1] + 96, "0xA9B40025  x 96.0  y 96.0"},
		{lbA9B4[0] + 1, lbA9B4[1] + 191, "0xA9B40008  x 1.0  y 191.0"},
		{-5, 10, "outside the world (-5.0, 10.0)"},
	} {
		if got := panel.DescribeGround(tt.x, tt.y); got != tt.want {
			t.Errorf("describeGround(%v, %v) = %q, want %q", tt.x, tt.y, got, tt.want)
		}
	}
}
