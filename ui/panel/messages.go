// The Messages panel (Shift+M): the input events delivered at the cursor's
// tick — or within ±2 or ±15 ticks of it (a click on the title cycles the
// span) — as aclogview and Wireshark list packets: one row each, the tick,
// kind, object and a summary; a click on a row opens it to every field
// Glidepath read (stamps, flags, the PositionPack's optional parts), its
// source line or, for a capture, its frame number, capture time and the
// raw bytes of that frame's UDP datagram (read again from the capture when
// the row is opened, engine/capture.ReadDatagram), and moves the cursor to
// its delivery tick. With an object selected only its messages are listed.

package panel

import (
	"fmt"
	"image"
	"path/filepath"
	"reflect"
	"strings"

	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/ui/render"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// Messages panel limits.
const (
	msgMaxRows  = 400 // rows listed; the rest are counted
	msgPanelW   = 470
	msgHexWidth = 16 // bytes a hex line
)

// msgSpans are the ±ticks the title cycles through.
var msgSpans = [...]int{0, 2, 15}

// Messages is the panel's state.
type Messages struct {
	On     bool
	Span   int // index into msgSpans
	key    [4]int64
	Lines  []MsgLine
	Opened map[int]bool // store indices opened
	Scroll Scroller
	raw    map[int]rawFrame // by frame, read once
	Rect   image.Rectangle
	more   int // rows left out past msgMaxRows
}

// MsgLine is one drawn line: a row (event ≥ 0, head) or its fields.
type MsgLine struct {
	Text   string
	indent float32
	Head   bool
	Event  int // the store index, −1 for the title
	Tick   int
}

// rawFrame is a capture frame read again, or why not.
type rawFrame struct {
	d   capture.Datagram
	err error
}

// StoreOfRun is the event store behind a run, or nil.
func StoreOfRun(r *session.Run) *engine.EventStore {
	if s, ok := r.Src.(*simsource.Source); ok && s.Sim() != nil {
		return s.Sim().Query().Store()
	}
	return nil
}

// isCapture reports whether file is read as a network capture.
func isCapture(file string) bool {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".pcap", ".pcapng":
		return true
	}
	return false
}

// Toggle shows or hides the panel.
func (m *Messages) Toggle() {
	m.On = !m.On
	m.Invalidate()
}

// Invalidate has the rows listed again at the next update (the filter
// changed).
func (m *Messages) Invalidate() { m.key = [4]int64{-1} }

// Update lists the messages around the cursor when it, the selection
// (sel), the span or what is opened changed: r's, the reading reading of
// the session, over the viewport vp, those expr keeps (nil: all).
func (m *Messages) Update(r *session.Run, sel uint32, reading int, vp image.Rectangle, expr *filter.Expr) {
	if !m.On {
		return
	}
	m.Rect = image.Rect(vp.Min.X+8, vp.Min.Y+32, vp.Min.X+8+min(msgPanelW, vp.Dx()-16), vp.Max.Y-8)
	key := [4]int64{int64(r.Snap.Tick), int64(sel), int64(m.Span), int64(reading)}
	if m.Lines != nil && key == m.key {
		return
	}
	m.key = key
	m.Lines = m.Lines[:0]
	span := msgSpans[m.Span]
	title := fmt.Sprintf("Messages at tick %d", r.Snap.Tick)
	if span > 0 {
		title = fmt.Sprintf("Messages at tick %d ±%d", r.Snap.Tick, span)
	}
	if sel != 0 {
		title += fmt.Sprintf(" of %s", hexid.String(sel))
	}
	m.Lines = append(m.Lines, MsgLine{Text: title + "   (click: ± span)", Event: -1, Head: true})
	st := StoreOfRun(r)
	if st == nil {
		m.Lines = append(m.Lines, MsgLine{Text: "this input's messages are not kept", Event: -1})
		m.Scroll.SetContent(len(m.Lines)*LineHeight, m.Rect.Dy())
		return
	}
	file := r.Info.File
	rows := 0
	m.more = 0
	var ev recording.Event
	for k := max(r.Snap.Tick-span, 0); k <= r.Snap.Tick+span; k++ {
		lo, hi := st.Due(k)
		for i := lo; i < hi; i++ {
			st.At(i, &ev)
			if ev.Kind == recording.KindTruth {
				continue // not a message the client was sent
			}
			if ev.Kind == recording.KindNote {
				// The panel hides the note caption; the note shows here.
				m.Lines = append(m.Lines, MsgLine{Text: fmt.Sprintf("%6d  note: %s", k, ev.Text), Event: -1, Tick: k})
				continue
			}
			if sel != 0 && (!ev.HasGUID || ev.GUID != sel) {
				continue
			}
			if expr != nil {
				if it := filter.Message(&ev, k); !expr.Match(&it) {
					continue // filterbox.go
				}
			}
			if rows == msgMaxRows {
				m.more++
				continue
			}
			rows++
			m.Lines = append(m.Lines, MsgLine{Text: msgSummary(k, &ev), Head: true, Event: i, Tick: k})
			if m.Opened[i] {
				for _, f := range m.fields(&ev, file) {
					m.Lines = append(m.Lines, MsgLine{Text: f, indent: 14, Event: i, Tick: k})
				}
			}
		}
	}
	if rows == 0 {
		m.Lines = append(m.Lines, MsgLine{Text: "no message delivered here", Event: -1})
	}
	if m.more > 0 {
		m.Lines = append(m.Lines, MsgLine{Text: fmt.Sprintf("… and %d more", m.more), Event: -1})
	}
	m.Scroll.SetContent(len(m.Lines)*LineHeight, m.Rect.Dy())
}

// msgSummary is a row: tick, kind, object and the fields that matter most.
func msgSummary(tick int, ev *recording.Event) string {
	s := fmt.Sprintf("%6d  %-8s", tick, ev.Kind)
	if ev.HasGUID {
		s += fmt.Sprintf(" %s", hexid.String(ev.GUID))
	}
	switch ev.Kind {
	case recording.KindPosition:
		u := &ev.Update
		s += fmt.Sprintf("  %s (%.2f, %.2f, %.2f)  pos %d tp %d fp %d", hexid.String(u.Pos.Cell),
			u.Pos.Frame.Origin[0], u.Pos.Frame.Origin[1], u.Pos.Frame.Origin[2],
			u.Seq.Position, u.Seq.Teleport, u.Seq.ForcePosition)
	case recording.KindMotion:
		s += fmt.Sprintf("  %v", ev.Motion.MovementType)
	case recording.KindVector:
		s += fmt.Sprintf("  v %v", ev.Vector.Velocity)
	case recording.KindCreate:
		if ev.Entity != nil {
			s += "  " + ev.Entity.Name
		}
	}
	return s
}

// fields is an opened row: its source, every field read and its bytes.
func (m *Messages) fields(ev *recording.Event, file string) []string {
	var out []string
	if isCapture(file) {
		out = append(out, fmt.Sprintf("capture frame %d, t %.6f s", ev.Line, ev.T))
	} else if ev.Line > 0 {
		out = append(out, fmt.Sprintf("%s line %d, t %.6f s", filepath.Base(file), ev.Line, ev.T))
	} else {
		out = append(out, fmt.Sprintf("compiled from the scenario (no source line), t %.6f s", ev.T))
	}
	switch ev.Kind {
	case recording.KindPosition:
		dumpFields("", reflect.ValueOf(ev.Update), 0, &out)
		out = append(out, "PositionPack bytes (encoded again from the fields):")
		out = append(out, hexLines(recording.EncodeUpdatePosition(&ev.Update))...)
	case recording.KindMotion:
		dumpFields("", reflect.ValueOf(ev.Motion), 0, &out)
	case recording.KindVector:
		dumpFields("", reflect.ValueOf(ev.Vector), 0, &out)
	case recording.KindCreate:
		if ev.Entity != nil {
			dumpFields("", reflect.ValueOf(*ev.Entity), 0, &out)
		}
	case recording.KindObserver:
		dumpFields("", reflect.ValueOf(ev.Pos), 0, &out)
	}
	if isCapture(file) && ev.Line > 0 {
		if m.raw == nil {
			m.raw = map[int]rawFrame{}
		}
		rf, ok := m.raw[ev.Line]
		if !ok {
			d, err := capture.ReadDatagram(file, ev.Line)
			rf = rawFrame{d: d, err: err}
			m.raw[ev.Line] = rf
		}
		if rf.err != nil {
			out = append(out, "raw bytes: "+rf.err.Error())
		} else {
			out = append(out, fmt.Sprintf("frame %d at %s, %v → %v, UDP payload %d bytes:", rf.d.Frame,
				rf.d.Time.UTC().Format("2006-01-02 15:04:05.000000"), rf.d.Src, rf.d.Dst, len(rf.d.Payload)))
			out = append(out, hexLines(rf.d.Payload)...)
		}
	}
	return out
}

// dumpFields appends "name: value" for every exported field of v, nested
// structs as dotted names, at full precision.
func dumpFields(prefix string, v reflect.Value, depth int, out *[]string) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		name := prefix + f.Name
		for fv.Kind() == reflect.Pointer {
			if fv.IsNil() {
				break
			}
			fv = fv.Elem()
		}
		switch {
		case fv.Kind() == reflect.Pointer: // nil
			continue
		case fv.Kind() == reflect.Struct && depth < 4 && !hasString(fv):
			dumpFields(name+".", fv, depth+1, out)
		case fv.Kind() == reflect.Uint32 && strings.Contains(strings.ToLower(f.Name), "cell") ||
			fv.Kind() == reflect.Uint32 && (f.Name == "GUID" || f.Name == "Target" || f.Name == "Setup" || f.Name == "Parent"):
			*out = append(*out, fmt.Sprintf("%s: %s", name, hexid.String(uint32(fv.Uint()))))
		default:
			*out = append(*out, fmt.Sprintf("%s: %v", name, fv.Interface()))
		}
	}
}

// hasString reports whether a struct value prints itself (a String method).
func hasString(v reflect.Value) bool {
	_, ok := v.Interface().(fmt.Stringer)
	return ok
}

// hexLines is b as hex, msgHexWidth bytes a line with its offset.
func hexLines(b []byte) []string {
	var out []string
	for off := 0; off < len(b); off += msgHexWidth {
		end := min(off+msgHexWidth, len(b))
		out = append(out, fmt.Sprintf("%04X  % X", off, b[off:end]))
	}
	return out
}

// Contains reports whether the panel is shown and pt is over it.
func (m *Messages) Contains(pt image.Point) bool { return m.On && pt.In(m.Rect) }

// Mouse handles the wheel and a click at pt over the panel: the title
// cycles the span; a row opens or closes, and the cursor (at cursor) is to
// go to its tick when goTo.
func (m *Messages) Mouse(pt image.Point, wheel float64, clicked bool, cursor int) (tick int, goTo bool) {
	m.Scroll.Wheel(wheel)
	if !clicked {
		return
	}
	k := (pt.Y - m.Rect.Min.Y - 4 + m.Scroll.Y) / LineHeight
	if k < 0 || k >= len(m.Lines) {
		return
	}
	l := m.Lines[k]
	switch {
	case k == 0:
		m.Span = (m.Span + 1) % len(msgSpans)
	case l.Head && l.Event >= 0:
		if m.Opened == nil {
			m.Opened = map[int]bool{}
		}
		m.Opened[l.Event] = !m.Opened[l.Event]
		tick, goTo = l.Tick, l.Tick != cursor
	default:
		return 0, false
	}
	m.Lines = nil // built again
	return tick, goTo
}

// Draw draws the panel over the viewport's left side, the rows at cursor
// marked.
func (m *Messages) Draw(f *render.Flat, cursor int) {
	if !m.On || m.Lines == nil {
		return
	}
	r := m.Rect
	f.Rect(float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), BoxColor)
	w := float32(r.Dx() - 16)
	for k, l := range m.Lines {
		y := r.Min.Y + 4 + k*LineHeight - m.Scroll.Y
		if y < r.Min.Y || y+LineHeight > r.Max.Y {
			continue
		}
		col := DimColor
		switch {
		case l.Event < 0 && l.Head:
			col = HeadColor
		case l.Head && l.Tick == cursor:
			col = TextColor
		case l.Head:
			col = OffColor
		}
		if l.Head && l.Event >= 0 && m.Opened[l.Event] {
			f.Rect(float32(r.Min.X), float32(y), float32(r.Dx()), LineHeight, RowSelected)
		}
		f.Text(float32(r.Min.X+8)+l.indent, float32(y), Clip(f.Measure, l.Text, w-l.indent), col)
	}
	m.Scroll.DrawBar(f, r)
}
