// Panels: the ebitenui widgets — the top bar's buttons and status, the
// panels' backgrounds and titles, the object filter box and the stage
// stepping buttons — placed by one layouter at the rectangles
// panel.ComputeLayout computes. The dense content of the panels (object
// rows, legend, inspector, pipeline) is drawn by panel_draw.go over these
// backgrounds.
// The window's own colours are listed for an export's palette (viewer
// export keeps them exact in a GIF, with the overlays').

package ui

import (
	"image"
	"image/color"

	"glidepath/ui/panel"
	"glidepath/ui/timeline"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/themes"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Panel colours.
var (
	panelColor  = color.NRGBA{0x20, 0x24, 0x2a, 0xff}
	topColor    = color.NRGBA{0x17, 0x1a, 0x1e, 0xff}
	titleColor  = color.NRGBA{0x9a, 0xc8, 0xf0, 0xff}
	statusColor = color.NRGBA{0xe0, 0xe4, 0xe8, 0xff}
)

// gui is the ebitenui side of the window.
type gui struct {
	ui     *ebitenui.UI
	root   *widget.Container
	status *widget.Text
	play   *widget.Button
	live   *widget.Button // with -follow
	filter *widget.TextInput
	// statusX is where the status line starts, after the buttons.
	statusX int
	title   struct{ objects, layers, inspector, pipeline *widget.Text }
	// slots place each child of root; slot i is child i.
	slots []slot
}

// slot is where one widget goes and when it shows.
type slot struct {
	w     widget.PreferredSizeLocateableWidget
	rect  func(l *panel.Layout) image.Rectangle
	shown func(p panel.Open) bool
}

// placer lays root's children out at their slots' rectangles.
type placer struct{ a *app }

func (p placer) PreferredSize([]widget.PreferredSizeLocateableWidget) (int, int) { return 0, 0 }

func (p placer) Layout(ws []widget.PreferredSizeLocateableWidget, _ image.Rectangle) {
	g := p.a.gui
	for i, w := range ws {
		if i >= len(g.slots) {
			break
		}
		s := &g.slots[i]
		w.SetLocation(s.rect(&p.a.lay))
		vis := widget.Visibility_Show
		if s.shown != nil && !s.shown(p.a.panels.Open) {
			vis = widget.Visibility_Hide
		}
		w.GetWidget().SetVisibility(vis)
	}
}

// newGUI builds the widgets; face is the viewer's font.
func newGUI(a *app, face *text.GoTextFace) *gui {
	var f text.Face = face
	theme := themes.GetBasicDarkTheme()
	theme.DefaultFace = &f
	theme.TextTheme.Face = &f
	theme.TextInputTheme.Face = &f
	theme.TextInputTheme.Padding = &widget.Insets{Left: 6, Right: 6, Top: 5, Bottom: 4}
	theme.ButtonTheme.TextFace = &f
	theme.ButtonTheme.TextPadding = &widget.Insets{Left: 10, Right: 10, Top: 4, Bottom: 4}
	theme.PanelTheme.BackgroundImage = eimage.NewNineSliceColor(panelColor)

	g := &gui{}
	g.root = widget.NewContainer(widget.ContainerOpts.Layout(placer{a}))
	add := func(w widget.PreferredSizeLocateableWidget, rect func(l *panel.Layout) image.Rectangle, shown func(p panel.Open) bool) {
		g.root.AddChild(w)
		g.slots = append(g.slots, slot{w: w, rect: rect, shown: shown})
	}
	background := func(c color.NRGBA) *widget.Container {
		return widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(c)),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.TrackHover(true)))
	}
	left := func(p panel.Open) bool { return p.Left }
	right := func(p panel.Open) bool { return p.Right }
	add(background(topColor), func(l *panel.Layout) image.Rectangle { return l.Top }, nil)
	add(background(panelColor), func(l *panel.Layout) image.Rectangle { return l.Left }, left)
	add(background(panelColor), func(l *panel.Layout) image.Rectangle { return l.Right }, right)

	button := func(label string, cmd command) *widget.Button {
		return widget.NewButton(
			widget.ButtonOpts.TextLabel(label),
			// The viewer's own keys do what Space and Enter would; a
			// clicked button keeping them would act twice.
			widget.ButtonOpts.DisableDefaultKeys(),
			widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.TrackHover(true)),
			widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { a.in.push(cmd) }),
		)
	}
	// The top bar: transport and panel buttons, then the status.
	x := 6
	topButton := func(label string, width int, cmd command) *widget.Button {
		b := button(label, cmd)
		x0 := x
		add(b, func(l *panel.Layout) image.Rectangle { return image.Rect(x0, 4, x0+width, panel.TopBarHeight-4) }, nil)
		x += width + 4
		return b
	}
	topButton("|◄", 36, cmdFirst)
	topButton("◄", 30, cmdStepBack)
	g.play = topButton("Play", 58, cmdPlay)
	topButton("►", 30, cmdStepForward)
	topButton("►|", 36, cmdLast)
	x += 8
	topButton("Objects", 70, cmdToggleLeft)
	topButton("Inspector", 80, cmdToggleRight)
	topButton("Timeline", 76, cmdToggleTimeline)
	topButton("Help", 50, cmdHelp)
	if a.pb.Following() {
		// Following a file being written: back to the live edge (End).
		g.live = topButton("● Live", 64, cmdLast)
	}
	statusX := x + 10
	g.statusX = statusX
	g.status = widget.NewText(widget.TextOpts.Text("", &f, statusColor),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter))
	add(g.status, func(l *panel.Layout) image.Rectangle { return image.Rect(statusX, 0, l.W-6, panel.TopBarHeight) }, nil)

	title := func(s string, rect func(l *panel.Layout) image.Rectangle, shown func(p panel.Open) bool) *widget.Text {
		t := widget.NewText(widget.TextOpts.Text(s, &f, titleColor))
		add(t, rect, shown)
		return t
	}
	g.title.objects = title("Objects", func(l *panel.Layout) image.Rectangle { return l.ObjTitle }, left)
	g.filter = widget.NewTextInput(
		widget.TextInputOpts.Placeholder("filter by name or guid"),
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.TrackHover(true)),
	)
	add(g.filter, func(l *panel.Layout) image.Rectangle { return l.Filter }, left)
	g.title.layers = title("Overlays (click or key to toggle)", func(l *panel.Layout) image.Rectangle { return l.LayTitle }, left)
	g.title.inspector = title("Inspector", func(l *panel.Layout) image.Rectangle { return l.InsTitle }, right)
	g.title.pipeline = title("Pipeline: UpdateObjectInternal", func(l *panel.Layout) image.Rectangle { return l.PipeTitle }, right)
	stageButton := func(label string, cmd command, at func(l *panel.Layout) image.Rectangle) {
		add(button(label, cmd), at, right)
	}
	stageButton("◄ stage (Z)", cmdStagePrev, func(l *panel.Layout) image.Rectangle {
		return image.Rect(l.StageBar.Min.X, l.StageBar.Min.Y, l.StageBar.Min.X+100, l.StageBar.Max.Y)
	})
	stageButton("stage ► (X)", cmdStageNext, func(l *panel.Layout) image.Rectangle {
		return image.Rect(l.StageBar.Min.X+106, l.StageBar.Min.Y, l.StageBar.Min.X+206, l.StageBar.Max.Y)
	})
	// Tab selects objects, not widgets.
	g.ui = &ebitenui.UI{Container: g.root, PrimaryTheme: theme, DisableDefaultFocus: true}
	return g
}

// relayout makes the widgets follow a new layout.
func (g *gui) relayout() { g.root.RequestRelayout() }

// focused reports whether a widget (the filter box) has the keyboard.
func (g *gui) focused() bool { return g.filter.IsFocused() }

// releaseFocus gives the keyboard back to the viewer when the filter box
// has it and Enter or Escape is pressed or the mouse is pressed elsewhere.
func (g *gui) releaseFocus(l *panel.Layout) {
	if !g.filter.IsFocused() {
		return
	}
	x, y := ebiten.CursorPosition()
	clickedAway := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !image.Pt(x, y).In(l.Filter)
	if clickedAway || inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		g.filter.Focus(false)
	}
}

// ChromeColors lists the opaque colours the panels, the timeline and the
// status draw with.
func ChromeColors() []color.RGBA {
	out := []color.RGBA{background, panel.NoteColor, panel.BarColor, panel.HUDColor, panel.OffColor, panel.ScrollbarColor,
		panel.RowSelected, panel.RowHover, panel.TextColor, panel.DimColor, panel.HeadColor, panel.BookmarkColor, edgeColor, panel.LinkColor}
	return append(out, timeline.Colors()...)
}
