// Teaching hooks: the pipeline panel's title with the stage stepped to
// ("stage n/N", deliver being stage 1), the colour of docs links, and the
// other small pieces that make the screen explain itself.

package panel

import (
	"fmt"
	"image"

	"glidepath/engine/eventlog"

	"glidepath/ui/inspect"
	"glidepath/ui/pipeline"
	"glidepath/ui/render"
	"glidepath/ui/session"
)

// PipelineTitle is the pipeline panel's title: the stage stepped to as
// "stage n/N" (deliver is stage 1), or the whole tick.
func PipelineTitle(s *pipeline.Stepper) string {
	switch st := s.Stage(); {
	case st == pipeline.StageDeliver:
		return fmt.Sprintf("Pipeline: stage %d/%d %s", s.Number(), pipeline.NumPanelStages, pipeline.Deliver.Name)
	case st >= 0:
		return fmt.Sprintf("Pipeline: stage %d/%d %s", s.Number(), pipeline.NumPanelStages, pipeline.Steps[st].Name)
	}
	return fmt.Sprintf("Pipeline: whole tick, %d stages (Z/X step)", pipeline.NumPanelStages)
}

// WrapValues breaks field values wider than width into continuation lines
// under the value column, so no value is cut off at the panel's edge.
func WrapValues(f *render.Flat, ls []inspect.Line, width float32) []inspect.Line {
	out := ls[:0:0]
	for _, l := range ls {
		if l.Heading || l.Cells != nil || l.Label == "" || f.Measure(l.Value) <= width {
			out = append(out, l)
			continue
		}
		for i, part := range Wrap(f, l.Value, width) {
			c := l
			c.Value = part
			if i > 0 {
				c.Label = " "
			}
			out = append(out, c)
		}
	}
	return out
}

// CaptionNote is the note shown as a caption at tick: the latest within the
// last CaptionSeconds, or — before any has come due — the scenario's
// description (a note at the first tick), so that tick 0 says what the
// scenario is about. nil when none.
func CaptionNote(notes []eventlog.Note, tick, rate int) *eventlog.Note {
	for i := len(notes) - 1; i >= 0; i-- {
		n := &notes[i]
		if n.Tick <= tick && tick-n.Tick < CaptionSeconds*rate {
			return n
		}
	}
	if len(notes) > 0 && notes[0].Tick <= 1 && tick < notes[0].Tick {
		return &notes[0]
	}
	return nil
}

// DrawReadingLegend, under -compare, names each reading's body colour in
// the viewport vp's bottom-left corner, the reading whose overlays show
// marked.
func DrawReadingLegend(f *render.Flat, vp image.Rectangle, s *session.Session) {
	if len(s.Runs) < 2 {
		return
	}
	lh := f.LineHeight() + 4
	w := float32(0)
	names := make([]string, len(s.Runs))
	for i := range s.Runs {
		names[i] = s.RunName(i)
		if i == s.Sel {
			names[i] += "  (overlays; C switches)"
		}
		w = max(w, f.Measure(names[i]))
	}
	// Bottom-left: the top holds the scenario's captions.
	x, y := float32(vp.Min.X)+8, float32(vp.Max.Y)-lh*float32(len(names))-16
	f.Rect(x, y, w+40, lh*float32(len(names))+8, BoxColor)
	for i, r := range s.Runs {
		yy := y + 4 + lh*float32(i)
		f.Rect(x+8, yy+3, 14, 10, r.Color)
		col := DimColor
		if i == s.Sel {
			col = HeadColor
		}
		f.Text(x+28, yy, names[i], col)
	}
}

// CaptionSeconds is how long a note stays as a caption after its tick.
const CaptionSeconds = 4
