// Wrapping text to a width, for tooltips that must never run off the
// window.

package timeline

import "strings"

// WrapText breaks s at spaces into lines no wider than width as m
// measures them; a single word wider than width is cut between characters.
func WrapText(m interface{ Measure(string) float32 }, s string, width float32) []string {
	if m.Measure(s) <= width {
		return []string{s}
	}
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if m.Measure(try) <= width {
			line = try
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		line = w
		for m.Measure(line) > width && len([]rune(line)) > 1 {
			rs := []rune(line)
			k := len(rs) - 1
			for k > 1 && m.Measure(string(rs[:k])) > width {
				k--
			}
			out = append(out, string(rs[:k]))
			line = string(rs[k:])
		}
	}
	return append(out, line)
}
