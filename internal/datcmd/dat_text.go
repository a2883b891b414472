// The text forms of `viewer dat` (without -json): a folder's summary and
// one decoded entry, for reading at a terminal.

package datcmd

import (
	"fmt"
	"io"
	"strings"

	"glidepath/assets/dat"
	"glidepath/internal/plural"
)

func writeDatSummaryText(w io.Writer, s *datSummary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", s.Dir)
	for _, f := range s.Files {
		fmt.Fprintf(&b, "%s: %s, block size %d, data set %d, iteration %d, %s\n",
			f.Name, plural.Count(int(f.FileSize), "byte"), f.BlockSize, f.DataSet, f.Iteration, plural.Count(f.Entries, "entry"))
		for _, t := range f.Types {
			fmt.Fprintf(&b, "  %-12s %-16s %d\n", t.Key, t.Type, t.Count)
		}
	}
	if s.HeightTable != nil {
		fmt.Fprintf(&b, "height table: %s m to %s m\n", datFmtF(s.HeightTable[0]), datFmtF(s.HeightTable[1]))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func datFmtF(f datFloat) string {
	b, _ := f.MarshalJSON()
	return string(b)
}

func datFmtV(v [3]datFloat) string {
	return fmt.Sprintf("(%s, %s, %s)", datFmtF(v[0]), datFmtF(v[1]), datFmtF(v[2]))
}

func datFmtFrame(f datJSONFrame) string {
	return fmt.Sprintf("%s rot (%s, %s, %s, %s)", datFmtV(f.Origin), datFmtF(f.Rotation[0]), datFmtF(f.Rotation[1]), datFmtF(f.Rotation[2]), datFmtF(f.Rotation[3]))
}

func datMotionName(id datID) string {
	if n := dat.CommandName(uint32(id)); n != "" {
		return fmt.Sprintf("0x%08X %s", uint32(id), n)
	}
	return fmt.Sprintf("0x%08X", uint32(id))
}

func writeDatEntryText(w io.Writer, v any) error {
	var b strings.Builder
	switch e := v.(type) {
	case datJSONLandBlock:
		fmt.Fprintf(&b, "LandBlock 0x%08X, has objects %v\n", uint32(e.ID), e.HasObjects)
		if e.Heights != nil {
			b.WriteString("heights (m), a row per x (west to east), y south to north:\n")
			for x := 0; x < 9; x++ {
				for y := 0; y < 9; y++ {
					fmt.Fprintf(&b, " %7s", datFmtF(e.Heights[x*9+y]))
				}
				b.WriteByte('\n')
			}
		} else {
			b.WriteString("heights: no client_portal.dat Region to read them through\n")
		}
		b.WriteString("terrain words, a row per x:\n")
		for x := 0; x < 9; x++ {
			for y := 0; y < 9; y++ {
				fmt.Fprintf(&b, " %04X", e.Terrain[x*9+y])
			}
			b.WriteByte('\n')
		}
	case datJSONLandBlockInfo:
		fmt.Fprintf(&b, "LandBlockInfo 0x%08X: %s, %s, %s\n", uint32(e.ID), plural.Count(int(e.NumCells), "cell"), plural.Count(len(e.Objects), "object"), plural.Count(len(e.Buildings), "building"))
		for _, o := range e.Objects {
			fmt.Fprintf(&b, "  object 0x%08X at %s\n", uint32(o.Setup), datFmtFrame(datJSONFrame{o.Origin, o.Rotation}))
		}
		for _, o := range e.Buildings {
			fmt.Fprintf(&b, "  building 0x%08X at %s, %s\n", uint32(o.Model), datFmtFrame(datJSONFrame{o.Origin, o.Rotation}), plural.Count(o.Portals, "portal"))
		}
	case datJSONSetup:
		fmt.Fprintf(&b, "Setup 0x%08X: %s, flags 0x%X\n", uint32(e.ID), plural.Count(len(e.Parts), "part"), e.Flags)
		fmt.Fprintf(&b, "  height %s, radius %s, step up %s, step down %s\n", datFmtF(e.Height), datFmtF(e.Radius), datFmtF(e.StepUpHeight), datFmtF(e.StepDownHeight))
		for i, c := range e.CylSpheres {
			fmt.Fprintf(&b, "  cylsphere %d: origin %s radius %s height %s\n", i, datFmtV(c.Origin), datFmtF(c.Radius), datFmtF(c.Height))
		}
		for i, s := range e.Spheres {
			fmt.Fprintf(&b, "  sphere %d: origin %s radius %s\n", i, datFmtV(s.Origin), datFmtF(s.Radius))
		}
		if e.DefaultMotionTable != 0 {
			fmt.Fprintf(&b, "  default motion table 0x%08X\n", uint32(e.DefaultMotionTable))
		}
	case datJSONMotionTable:
		fmt.Fprintf(&b, "MotionTable 0x%08X, default style %s\n", uint32(e.ID), datMotionName(e.DefaultStyle))
		for _, s := range e.StyleDefaults {
			fmt.Fprintf(&b, "  style %s defaults to %s\n", datMotionName(s.Style), datMotionName(s.Motion))
		}
		for _, group := range []struct {
			name string
			ms   []datJSONMotion
		}{{"cycle", e.Cycles}, {"modifier", e.Modifiers}, {"link", e.Links}} {
			for _, m := range group.ms {
				from := ""
				if m.From != nil {
					from = " from " + datMotionName(*m.From)
				}
				fmt.Fprintf(&b, "  %s %s%s -> %s: velocity %s omega %s\n", group.name, datMotionName(m.Style), from, datMotionName(m.Motion), datFmtV(m.Velocity), datFmtV(m.Omega))
				for _, a := range m.Animations {
					fmt.Fprintf(&b, "    animation 0x%08X frames %d..%d at %s fps\n", uint32(a.ID), a.LowFrame, a.HighFrame, datFmtF(a.Framerate))
				}
			}
		}
	case datJSONAnimation:
		fmt.Fprintf(&b, "Animation 0x%08X: %s of %s, flags 0x%X, %s\n", uint32(e.ID), plural.Count(int(e.NumFrames), "frame"), plural.Count(int(e.NumParts), "part"), e.Flags, plural.Count(len(e.PosFrames), "pos_frame"))
		for i, f := range e.Frames {
			pos := ""
			if i < len(e.PosFrames) {
				pos = " pos " + datFmtFrame(e.PosFrames[i])
			}
			fmt.Fprintf(&b, "  frame %d:%s\n", i, pos)
			for _, h := range f.Hooks {
				fmt.Fprintf(&b, "    hook %v\n", h["type"])
			}
		}
	case datJSONRegion:
		fmt.Fprintf(&b, "Region 0x%08X %q: %d x %d %s of %s, %s m squares, %s per cell\n",
			uint32(e.ID), e.Name, e.NumBlockLength, e.NumBlockWidth, plural.Noun(int(e.NumBlockLength)*int(e.NumBlockWidth), "landblock"),
			plural.Count(int(e.LBlockLength), "cell"), datFmtF(e.SquareLength), plural.CountAs(int(e.VertexPerCell), "vertex", "vertices"))
		fmt.Fprintf(&b, "  height table: %s m to %s m\n", datFmtF(e.LandHeightTable[0]), datFmtF(e.LandHeightTable[255]))
	case datJSONRaw:
		fmt.Fprintf(&b, "%s 0x%08X in %s: %s (not decoded)\n", e.Type, uint32(e.ID), e.File, plural.Count(e.Size, "byte"))
	default:
		writeDatGeometryText(&b, v)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
