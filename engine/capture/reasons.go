// Reasons: the dropped and malformed items of a summary grouped by reason,
// with counts and the first frames of each, so a long capture's thousands
// of dropped messages read as a few lines.

package capture

import (
	"sort"
	"strings"
)

// Bounds of the grouping: the distinct reasons kept (the rest are counted
// under otherReasons) and the frames listed per reason.
const (
	maxReasons   = 256
	framesListed = 5
	otherReasons = "other reasons"
)

// ProblemGroup is one reason with how many items it covers and the first
// frames (1-based, ascending, distinct) it happened in.
type ProblemGroup struct {
	Reason string `json:"reason"`
	Count  int    `json:"count"`
	Frames []int  `json:"first_frames"`
}

// reasons groups problems by reason.
type reasons map[string]*ProblemGroup

// add counts one problem in frame; the zero reasons (a Summary built
// without newSummary) starts its map here.
func (rs *reasons) add(frame int, why string) {
	if *rs == nil {
		*rs = reasons{}
	}
	rs.addTo(frame, why)
}

func (rs reasons) addTo(frame int, why string) {
	key := reasonOf(why)
	g := rs[key]
	if g == nil {
		if len(rs) >= maxReasons {
			key = otherReasons
			g = rs[key]
		}
		if g == nil {
			g = &ProblemGroup{Reason: key}
			rs[key] = g
		}
	}
	g.Count++
	i := sort.SearchInts(g.Frames, frame)
	switch {
	case i < len(g.Frames) && g.Frames[i] == frame:
	case i < framesListed:
		g.Frames = append(g.Frames, 0)
		copy(g.Frames[i+1:], g.Frames[i:])
		g.Frames[i] = frame
		if len(g.Frames) > framesListed {
			g.Frames = g.Frames[:framesListed]
		}
	}
}

// list returns the groups, the commonest first, then by reason.
func (rs reasons) list() []ProblemGroup {
	out := make([]ProblemGroup, 0, len(rs))
	for _, g := range rs {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Reason < out[j].Reason
	})
	return out
}

// reasonOf is a problem's text with its numbers taken out: every word of
// hex digits that holds a decimal digit (a count, an offset, an opcode, a
// message id) reads N, and a list of them one N — "message N:N (N
// UpdateMotion): the capture ended before the message completed; missing
// fragment index [N] of N".
func reasonOf(why string) string {
	var b strings.Builder
	b.Grow(len(why))
	for i := 0; i < len(why); {
		j := i
		for j < len(why) && isWordByte(why[j]) {
			j++
		}
		if j == i {
			b.WriteByte(why[i])
			i++
			continue
		}
		w := why[i:j]
		if isNumberWord(w) {
			s := b.String()
			// "N N", "N, N": one N.
			t := strings.TrimRight(s, " ,")
			if strings.HasSuffix(t, "N") && len(t) < len(s) && (len(t) == 1 || !isWordByte(t[len(t)-2])) {
				b.Reset()
				b.WriteString(t)
			} else {
				b.WriteByte('N')
			}
		} else {
			b.WriteString(w)
		}
		i = j
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// isNumberWord says whether w is hex digits (after an optional 0x) with a
// decimal digit among them.
func isNumberWord(w string) bool {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "0x"), "0X")
	digit := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		default:
			return false
		}
	}
	return digit
}
