// Pre-scan: the limits checked before the YAML library sees a scenario. The
// library's memory grows with nesting faster than with size (20 KB of `[`
// cost it 661 MB; 100 000 of them a Go out-of-memory crash), and it
// allocates several hundred bytes per input byte on any input, so a file is
// refused — naming the line, column and limit — when it is larger than
// MaxFileSize or nests deeper than MaxNesting (docs/scenarios.md, "Limits").
//
// Nesting is counted cheaply and slightly generously, on the bytes: the
// indentation levels of block lines, each compact `- ` or `? ` indicator
// starting one, and each open `[` or `{` of flow collections. Quoted
// scalars, block scalars (| and >), comments, anchors and tags are skipped;
// a quote or bracket inside a plain scalar is text. The count errs on the
// high side (a block mapping under a sequence item counts two levels), which
// only matters for files far deeper than any scenario needs.

package scenario

import "fmt"

// Limits checked before parsing.
const (
	// MaxFileSize bounds a scenario file (bytes): 1 MiB. The shipped
	// scenarios are under 4 KiB; the YAML library takes about half a second
	// and 600 MB of allocation on a megabyte of flow lists.
	MaxFileSize = 1 << 20
	// MaxNesting bounds how deeply a scenario's collections nest (levels).
	// The format itself needs fewer than ten.
	MaxNesting = 64
)

// prescan checks the limits on data before the YAML library sees it.
func prescan(file string, data []byte) error {
	if len(data) > MaxFileSize {
		return &Error{File: file, Line: 1, Column: 1, Field: "yaml",
			Problem: fmt.Sprintf("the file is over the limit of %d bytes (1 MiB)", MaxFileSize)}
	}
	s := scanner{file: file, data: data}
	return s.run()
}

// scanner walks a scenario's bytes line by line.
type scanner struct {
	file string
	data []byte
	line int
	// indents are the indentations of the open block levels.
	indents []int
	// flow is the depth of open flow collections ([ and {).
	flow int
	// quote is the quote character of a quoted scalar running over lines.
	quote byte
	// scalarIndent is the indentation of the line that opened a block
	// scalar; -1 when none is open.
	scalarIndent int
}

func (s *scanner) run() error {
	s.scalarIndent = -1
	for start := 0; start < len(s.data); {
		end := start
		for end < len(s.data) && s.data[end] != '\n' {
			end++
		}
		s.line++
		if err := s.scanLine(s.data[start:end]); err != nil {
			return err
		}
		start = end + 1
	}
	return nil
}

func (s *scanner) tooDeep(col int) error {
	return &Error{File: s.file, Line: s.line, Column: col, Field: "yaml",
		Problem: fmt.Sprintf("nested deeper than %d levels (the limit of nesting)", MaxNesting)}
}

// scanLine counts the nesting one line opens.
func (s *scanner) scanLine(b []byte) error {
	indent := 0
	for indent < len(b) && b[indent] == ' ' {
		indent++
	}
	blank := indent == len(b) || b[indent] == '\r' || b[indent] == '#'
	if s.scalarIndent >= 0 {
		if blank || indent > s.scalarIndent {
			return nil // a line of the block scalar's text
		}
		s.scalarIndent = -1
	}
	i := 0
	valueStart := true
	if s.quote == 0 && s.flow == 0 {
		if blank {
			return nil
		}
		for len(s.indents) > 0 && s.indents[len(s.indents)-1] > indent {
			s.indents = s.indents[:len(s.indents)-1]
		}
		if len(s.indents) == 0 || s.indents[len(s.indents)-1] < indent {
			s.indents = append(s.indents, indent)
		}
		depth := len(s.indents)
		i = indent
		// Compact nesting: "- - - x" and "? " open a level each.
		for i < len(b) && (b[i] == '-' || b[i] == '?') && (i+1 == len(b) || b[i+1] == ' ') {
			depth++
			i++
			for i < len(b) && b[i] == ' ' {
				i++
			}
		}
		if depth > MaxNesting {
			return s.tooDeep(i + 1)
		}
	}
	for ; i < len(b); i++ {
		c := b[i]
		if s.quote != 0 {
			switch {
			case s.quote == '"' && c == '\\':
				i++ // the escaped character
			case c == s.quote && s.quote == '\'' && i+1 < len(b) && b[i+1] == '\'':
				i++ // '' inside a single-quoted scalar
			case c == s.quote:
				s.quote, valueStart = 0, false
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t'):
			return nil
		case valueStart && (c == '"' || c == '\''):
			s.quote = c
		case valueStart && (c == '&' || c == '!'):
			// An anchor or tag comes before the value it names: skip it.
			for i+1 < len(b) && b[i+1] != ' ' && (s.flow == 0 || (b[i+1] != ',' && b[i+1] != '[' && b[i+1] != '{')) {
				i++
			}
			continue
		case (c == '[' || c == '{') && (valueStart || s.flow > 0):
			s.flow++
			if len(s.indents)+s.flow > MaxNesting {
				return s.tooDeep(i + 1)
			}
			valueStart = true
			continue
		case (c == ']' || c == '}') && s.flow > 0:
			s.flow--
		case c == ',' && s.flow > 0:
			valueStart = true
			continue
		case c == ':' && (i+1 == len(b) || b[i+1] == ' ' || b[i+1] == '\r' || (s.flow > 0 && (b[i+1] == ',' || b[i+1] == ']' || b[i+1] == '}'))):
			valueStart = true
			continue
		case valueStart && s.flow == 0 && (c == '|' || c == '>'):
			s.scalarIndent = indent
			return nil
		}
		valueStart = false
	}
	return nil
}
