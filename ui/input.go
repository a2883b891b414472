// Keys and the mouse in the viewer's own terms: one explicit table of every
// key, its command and what it does (the help overlay and docs/viewer.md
// list the same table), and the mouse state the camera and the timeline
// read. Keeping the mapping here leaves the commands testable without a
// window.

package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/ui/camera"
	"glidepath/ui/overlay"
	"glidepath/ui/panel"
)

// command is something a key asks the viewer to do.
type command uint8

const (
	cmdNone command = iota
	cmdPlay
	cmdStepBack
	cmdStepForward
	cmdStepBack10
	cmdStepForward10
	cmdPrevEvent
	cmdNextEvent
	cmdNextLane
	cmdSlower
	cmdFaster
	cmdFirst
	cmdLast
	cmdFollow
	cmdFrameAll
	cmdFrameSelection
	cmdNextObject
	cmdPrevObject
	cmdDeselect
	cmdHelp
	cmdScreenshot
	cmdTopDown
	cmdIsometric
	cmdPerspective
	cmdStagePrev
	cmdStageNext
	cmdNextReading
	cmdToggleLeft
	cmdToggleRight
	cmdToggleTimeline
	cmdNextDivergence
	cmdFirstDivergence
	cmdBookmark
	cmdUnbookmark
	cmdPrevBookmark
	cmdNextBookmark
	cmdToggleBookmarks
	cmdExportMarks
	cmdOpen
	cmdTourNext
	cmdTourPrev
	cmdBeforeAfter
	cmdGoto // Ctrl+G (navigate.go)
	cmdMessages
	cmdFilter // Ctrl+F (filterbox.go)
	cmdSplit
	cmdQuit // Ctrl+Q, Esc twice
	cmdWorld
	cmdOpenDat
	cmdSavePack
	cmdLayer // + overlay.Layer: toggle that layer
)

// binding is one key of the table.
type binding struct {
	key   ebiten.Key
	shift bool // requires Shift; false matches only without it
	cmd   command
	// repeat: holding the key repeats the command.
	repeat bool
	// name and help are what the help overlay shows.
	name, help string
}

// keymap is the table of every key.
func keymap() []binding {
	b := []binding{
		{ebiten.KeySpace, false, cmdPlay, false, "Space", "play / pause"},
		{ebiten.KeyArrowLeft, false, cmdStepBack, true, "←", "one tick back"},
		{ebiten.KeyArrowRight, false, cmdStepForward, true, "→", "one tick forward"},
		{ebiten.KeyArrowLeft, true, cmdStepBack10, true, "Shift+←", "ten ticks back"},
		{ebiten.KeyArrowRight, true, cmdStepForward10, true, "Shift+→", "ten ticks forward"},
		{ebiten.KeyComma, false, cmdPrevEvent, true, ",", "previous event of the selected lane"},
		{ebiten.KeyPeriod, false, cmdNextEvent, true, ".", "next event of the selected lane"},
		{ebiten.KeyK, false, cmdNextLane, false, "K", "select the next timeline lane for , and ."},
		{ebiten.KeyBracketLeft, false, cmdSlower, false, "[", "slower (¼× … 8×)"},
		{ebiten.KeyBracketRight, false, cmdFaster, false, "]", "faster"},
		{ebiten.KeyHome, false, cmdFirst, false, "Home", "first tick"},
		{ebiten.KeyEnd, false, cmdLast, false, "End", "last tick"},
		{ebiten.KeyF, false, cmdFollow, false, "F", "follow the selection"},
		{ebiten.KeyF, true, cmdFrameSelection, false, "Shift+F", "frame the selection and its queue"},
		{ebiten.KeyA, false, cmdFrameAll, false, "A", "frame everything the run visits"},
		{ebiten.KeyTab, false, cmdNextObject, false, "Tab", "select the next object (Shift+Tab: previous)"},
		{ebiten.KeyTab, true, cmdPrevObject, false, "", ""},
		{ebiten.KeyEscape, false, cmdDeselect, false, "Esc", "close the help, end the tour, leave stage stepping, clear the range, then the selection"},
		{ebiten.KeyH, false, cmdHelp, false, "H", "this help"},
		{ebiten.KeyP, false, cmdScreenshot, false, "P", "save a PNG of the window next to the input"},
		{ebiten.KeyP, true, cmdSavePack, false, "Shift+P", "save the evidence pack (viewer pack) of the blip, snap, pop or hitch nearest the cursor — the selection's — in a folder next to the input"},
		{ebiten.KeyDigit1, false, cmdTopDown, false, "1", "top-down camera"},
		{ebiten.KeyDigit2, false, cmdIsometric, false, "2", "isometric camera"},
		{ebiten.KeyDigit3, false, cmdPerspective, false, "3", "perspective orbit camera"},
		{ebiten.KeyZ, false, cmdStagePrev, true, "Z", "sub-tick: previous stage of the tick (deliver is the first)"},
		{ebiten.KeyX, false, cmdStageNext, true, "X", "sub-tick: next stage: deliver, then each stage that ran"},
		{ebiten.KeyC, false, cmdNextReading, false, "C", "select the next compared reading, or the next input with several open"},
		{ebiten.KeyC, true, cmdSplit, false, "Shift+C", "side by side: one view per reading or input, cameras linked / overlay"},
		{ebiten.KeyD, false, cmdNextDivergence, false, "D", "with -against: the selection's next tick diverging from the client trace"},
		{ebiten.KeyD, true, cmdFirstDivergence, false, "Shift+D", "with -against: the selection's first divergence"},
		{ebiten.KeyF1, false, cmdToggleLeft, false, "F1", "show / hide the object list"},
		{ebiten.KeyF2, false, cmdToggleRight, false, "F2", "show / hide the inspector and pipeline"},
		{ebiten.KeyF3, false, cmdToggleTimeline, false, "F3", "show / hide the timeline"},
		{ebiten.KeyL, false, cmdBookmark, false, "L", "bookmark the cursor's tick, with a label typed in a box (Enter keeps, Esc drops)"},
		{ebiten.KeyL, true, cmdUnbookmark, false, "Shift+L", "remove the bookmark at the cursor"},
		{ebiten.KeyPageUp, false, cmdPrevBookmark, true, "PgUp", "previous bookmark"},
		{ebiten.KeyPageDown, false, cmdNextBookmark, true, "PgDn", "next bookmark"},
		{ebiten.KeyF4, false, cmdToggleBookmarks, false, "F4", "show / hide the bookmark list"},
		{ebiten.KeyO, true, cmdOpen, false, "Shift+O", "open another recording or scenario (a path box; Tab completes); or drop a file on the window"},
		{ebiten.KeyE, false, cmdExportMarks, false, "E", "export the timeline's selected range (Shift-drag), else the ticks between the bookmarks around the cursor, to a GIF next to the input"},
		{ebiten.KeyEnter, false, cmdTourNext, false, "Enter", "guided tour (viewer -tour): next stop"},
		{ebiten.KeyBackspace, false, cmdTourPrev, false, "Backspace", "guided tour: previous stop"},
		{ebiten.KeyM, true, cmdMessages, false, "Shift+M", "the Messages panel: the input events delivered at the cursor, each opening to its fields and bytes"},
		{ebiten.KeyV, false, cmdBeforeAfter, false, "V", "inspector: the state before this tick / after it (see a blip's cause)"},
		{ebiten.KeyDigit4, false, cmdWorld, false, "4", "world overlay: the terrain mesh (height-tinted, split diagonals when zoomed in), the statics and buildings, the landblock and cell lines"},
		{ebiten.KeyW, true, cmdOpenDat, false, "Shift+W", "open dat folder…: read the client's world from client_portal.dat and client_cell_1.dat in a folder (a path box), remembered for next time"},
	}
	for _, e := range overlay.Legend() {
		b = append(b, binding{key: layerKey(e.Key), cmd: cmdLayer + command(e.Layer), name: e.Key, help: "overlay: " + e.Name})
	}
	return b
}

// layerKey is the ebiten key of a legend's single-letter key.
func layerKey(k string) ebiten.Key {
	if k[0] >= '0' && k[0] <= '9' {
		return ebiten.KeyDigit0 + ebiten.Key(k[0]-'0')
	}
	return ebiten.KeyA + ebiten.Key(k[0]-'A')
}

// inputState is the viewer's input between ticks: the key table, the key
// presses read from Ebitengine and not yet applied, the commands the
// widgets asked for since the last tick, and the mouse state the mouse
// routing reads (Shift for a timeline range, where the mouse is). Only its
// methods and updateMouse change it.
type inputState struct {
	keys  []binding
	queue []keyEvent // key presses and repeats, in order, until applied
	cmds  []command  // this tick's, reused
	// fromKeys is how many of cmds came from key events (the first ones).
	fromKeys int
	pending  []command   // from widget handlers, until the next tick
	shift    bool        // Shift held: a timeline drag selects a range
	mouse    image.Point // where the mouse routing last saw the mouse
	scratch  []ebiten.Key
}

// keyEvent is one key press, or one repeat of a held key, with the Shift
// state it came with.
type keyEvent struct {
	key   ebiten.Key
	shift bool
}

// push queues a command a widget asked for.
func (in *inputState) push(c command) { in.pending = append(in.pending, c) }

// press queues a key press as if the keyboard had sent it (read reads
// Ebitengine's presses through it).
func (in *inputState) press(key ebiten.Key, shift bool) {
	in.queue = append(in.queue, keyEvent{key: key, shift: shift})
}

// read queues this tick's key events from Ebitengine: every key that went
// down since the last tick (inpututil.AppendJustPressedKeys: also a tap
// that came up again within the tick), then every repeating key held long
// enough to repeat this tick (keyFires). Ebitengine reports one press per
// key per tick, in key order; what it reports is never dropped.
func (in *inputState) read() {
	if ctrlHeld() {
		in.readCtrl() // Ctrl+G, Ctrl+Q (navigate.go)
		return
	}
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	in.scratch = inpututil.AppendJustPressedKeys(in.scratch[:0])
	in.pressTick(in.scratch, shift)
	for i, b := range in.keys {
		if repeats(in.keys, b, shift) && !repeatsBefore(in.keys, i, shift) &&
			keyFires(false, inpututil.KeyPressDuration(b.key), true) {
			in.press(b.key, shift)
		}
	}
}

// pressTick queues the keys that went down within one tick. They come in
// key order, not in the order they were pressed: a key that opens a box
// (L, Shift+O) is queued after the others, so → then L within one tick
// bookmarks the tick → reached.
func (in *inputState) pressTick(keys []ebiten.Key, shift bool) {
	for _, last := range []bool{false, true} {
		for _, k := range keys {
			if opensBox(in.keys, keyEvent{key: k, shift: shift}) == last {
				in.press(k, shift)
			}
		}
	}
}

// opensBox reports whether key event e opens a box that takes the
// keyboard (the bookmark label, the open path).
func opensBox(table []binding, e keyEvent) bool {
	var buf [4]command
	for _, c := range keyCommands(table, e, buf[:0]) {
		if c == cmdBookmark || c == cmdOpen {
			return true
		}
	}
	return false
}

// repeats reports whether binding b repeats while its key is held with
// the Shift state shift.
func repeats(table []binding, b binding, shift bool) bool {
	return b.repeat && (b.shift == shift || !b.shift && !hasShiftVariant(table, b.key))
}

// repeatsBefore reports whether a binding before table[i] already repeats
// table[i]'s key: a held key repeats once per tick, whatever its bindings.
func repeatsBefore(table []binding, i int, shift bool) bool {
	for _, b := range table[:i] {
		if b.key == table[i].key && repeats(table, b, shift) {
			return true
		}
	}
	return false
}

// commands returns this tick's commands: the queued key events' (when no
// box or widget has the keyboard: keysFree; otherwise they are dropped),
// every one in the order it came, then what the widgets queued.
func (in *inputState) commands(keysFree bool) []command {
	in.cmds = in.cmds[:0]
	if keysFree {
		for _, e := range in.queue {
			in.cmds = keyCommands(in.keys, e, in.cmds)
		}
	}
	in.queue = in.queue[:0]
	in.fromKeys = len(in.cmds)
	in.cmds = append(in.cmds, in.pending...)
	in.pending = in.pending[:0]
	return in.cmds
}

// keyCommands appends the commands of key event e: each binding of its key
// with its Shift state, in table order. A plain binding fires with Shift
// held only when the key has no Shift binding of its own.
func keyCommands(table []binding, e keyEvent, dst []command) []command {
	for _, b := range table {
		if b.key != e.key || b.shift != e.shift && (b.shift || hasShiftVariant(table, b.key)) {
			continue
		}
		dst = append(dst, b.cmd)
	}
	return dst
}

// keyFires decides whether a key's command runs this tick: on the tick it
// went down — even when it also came up within that tick, as a short tap
// does when frames are slow (its press duration then reads 0, so going by
// the duration alone would lose it) — and, for repeating keys, every few
// ticks while held.
func keyFires(justPressed bool, duration int, repeat bool) bool {
	if justPressed {
		return true
	}
	return repeat && duration > panel.RepeatDelay && (duration-panel.RepeatDelay)%panel.RepeatInterval == 0
}

// hasShiftVariant reports whether key has a Shift binding, in which case
// the plain binding must not fire with Shift held.
func hasShiftVariant(table []binding, key ebiten.Key) bool {
	for _, b := range table {
		if b.key == key && b.shift {
			return true
		}
	}
	return false
}

// mouseInput reads the mouse.
func mouseInput() camera.Input {
	x, y := ebiten.CursorPosition()
	_, wy := ebiten.Wheel()
	return camera.Input{
		X: float64(x), Y: float64(y),
		Left:   ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Right:  ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight),
		Middle: ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle),
		Wheel:  wy,
		Free:   true,
	}
}

// applyInput applies this tick's commands (inputState.commands), key
// events first, each in the order it came: ten queued → presses move the
// cursor ten ticks, whatever happened between two Updates. A key that
// opens a box (L's label, Shift+O's path) gives it the keyboard: the key
// events queued after it are dropped, as the box reads its own keys.
func (a *app) applyInput(keysFree bool) {
	cmds := a.in.commands(keysFree)
	for i, c := range cmds {
		if i < a.in.fromKeys && a.boxHasKeys() {
			continue
		}
		a.apply(c)
	}
}

// boxHasKeys reports whether a box being typed in has the keyboard.
func (a *app) boxHasKeys() bool {
	return a.open.Active || a.marks.Editing || a.nav.box.On || a.filt.BoxOn
}
