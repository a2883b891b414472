// Where in manifest.json a decoding error is: the line and column, the
// field (as the checks after decoding name one: inputs[2].behaviours[0].id)
// and, for a file that ends too soon, what it still needed there — the
// end of the string, a value, a ':' or the ',' or bracket of the object or
// array opened at line L column C. encoding/json says only "unexpected
// EOF" for a manifest cut short, with no place at all.

package conformcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// jsonFrame is one object or array open at a point of the text.
type jsonFrame struct {
	array bool
	open  int // the offset of its '{' or '['
	// key is the member being read (objects); index the element (arrays).
	key   string
	index int
	// after is what was last read in it: jsonOpened, jsonKey, jsonColon,
	// jsonValue or jsonComma.
	after byte
}

const (
	jsonOpened = iota + 1
	jsonKey
	jsonColon
	jsonValue
	jsonComma
)

// maxPathLevels bounds the field path a message names (a nesting bomb
// names its first levels and its depth).
const maxPathLevels = 8

// jsonPlace is the state of the text up to an offset.
type jsonPlace struct {
	frames []jsonFrame
	// inString: the text ends inside the string opened at strOpen, a
	// field name when isKey.
	inString, isKey bool
	strOpen         int
	// literal: the text ends inside a bare token (a number, true …).
	literal bool
	// valueStart is where the last value begun (not a field name) starts.
	valueStart int
}

// scanJSONTo reads data up to end (well-formed so far, as encoding/json
// found it) and returns what is open there.
func scanJSONTo(data []byte, end int) jsonPlace {
	var p jsonPlace
	end = min(max(end, 0), len(data))
	top := func() *jsonFrame {
		if len(p.frames) == 0 {
			return nil
		}
		return &p.frames[len(p.frames)-1]
	}
	// valueBegun marks the top's element or member as being read (so that
	// the path names it) from offset i on.
	valueBegun := func(i int) {
		p.valueStart = i
		if f := top(); f != nil {
			f.after = jsonValue
		}
	}
	for i := 0; i < end; i++ {
		c := data[i]
		if p.inString {
			switch c {
			case '\\':
				i++
			case '"':
				p.inString = false
				if p.isKey {
					f := top()
					f.key, f.after = string(data[p.strOpen+1:i]), jsonKey
				}
			}
			continue
		}
		wasLiteral := p.literal
		p.literal = false
		switch c {
		case ' ', '\t', '\r', '\n':
		case '"':
			p.inString, p.strOpen = true, i
			f := top()
			p.isKey = f != nil && !f.array && (f.after == jsonOpened || f.after == jsonComma)
			if !p.isKey {
				valueBegun(i)
			}
		case '{', '[':
			valueBegun(i)
			p.frames = append(p.frames, jsonFrame{array: c == '[', open: i, after: jsonOpened})
		case '}', ']':
			if len(p.frames) > 0 {
				p.valueStart = p.frames[len(p.frames)-1].open
				p.frames = p.frames[:len(p.frames)-1]
			}
		case ':':
			if f := top(); f != nil {
				f.after = jsonColon
			}
		case ',':
			if f := top(); f != nil {
				f.after = jsonComma
				if f.array {
					f.index++
				} else {
					f.key = ""
				}
			}
		default:
			p.literal = true
			if !wasLiteral {
				valueBegun(i)
			}
		}
	}
	return p
}

// path names the field being read, as the manifest's checks name fields:
// inputs[2].behaviours[0].id ("" at the top).
func (p *jsonPlace) path() string {
	var b strings.Builder
	for i, f := range p.frames {
		if i == maxPathLevels {
			fmt.Fprintf(&b, "… (%d levels deep)", len(p.frames))
			break
		}
		switch {
		case f.array && f.after != jsonOpened:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		case !f.array && f.key != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		}
	}
	return b.String()
}

// want says what the text still needs where it ends.
func (p *jsonPlace) want(data []byte) string {
	at := func(off int) string {
		line, col := lineCol(data, off)
		return fmt.Sprintf("line %d column %d", line, col)
	}
	if p.inString && p.isKey {
		return "the closing '\"' of the field name opened at " + at(p.strOpen)
	}
	if p.inString {
		return "the closing '\"' of the string opened at " + at(p.strOpen)
	}
	if len(p.frames) == 0 {
		if p.literal {
			return "the rest of the value"
		}
		return "a JSON object"
	}
	f := p.frames[len(p.frames)-1]
	what, closer := "object", "}"
	if f.array {
		what, closer = "array", "]"
	}
	in := " in the " + what + " opened at " + at(f.open)
	switch {
	case p.literal:
		return "the rest of the value, then ',' or '" + closer + "'" + in
	case f.after == jsonKey:
		return "':' after the field name" + in
	case f.after == jsonColon:
		return "the field's value" + in
	case f.after == jsonValue:
		return "',' or '" + closer + "'" + in
	case f.after == jsonComma && f.array:
		return "the next value" + in
	case f.after == jsonComma:
		return "the next field's name" + in
	case f.array:
		return "a value or ']'" + in
	}
	return "a field name or '}'" + in
}

// lineCol is the 1-based line and column (in bytes) of offset off.
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	nl := bytes.LastIndexByte(data[:off], '\n')
	return 1 + bytes.Count(data[:off], []byte{'\n'}), off - nl
}

// decodeError is the ManifestError of err, a decoding error of data: its
// line and column, the field and the problem, what the text wanted there
// when it ends too soon.
func decodeError(path string, data []byte, err error) *ManifestError {
	e := &ManifestError{File: path}
	place := func(off int) {
		p := scanJSONTo(data, off)
		e.Line, e.Column = lineCol(data, off)
		e.Field = p.path()
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// Offset is just past the byte that broke the grammar.
		place(int(syn.Offset) - 1)
		e.Problem = strings.TrimPrefix(syn.Error(), "json: ")
	case errors.As(err, &typ):
		// Offset is just past the value of the wrong type: the place is
		// where that value starts.
		place(int(typ.Offset))
		e.Line, e.Column = lineCol(data, scanJSONTo(data, int(typ.Offset)).valueStart)
		e.Problem = "want " + jsonKind(strings.TrimLeft(typ.Type.String(), "*")) + ", got JSON " + typ.Value
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		p := scanJSONTo(data, len(data))
		e.Line, e.Column = lineCol(data, len(data))
		e.Field = p.path()
		what := "cut short"
		if len(bytes.TrimSpace(data)) == 0 {
			what = "empty"
		}
		e.Problem = fmt.Sprintf("%s: the file ends at byte %d; want %s", what, len(data), p.want(data))
	default:
		e.Problem = strings.TrimPrefix(err.Error(), "json: ")
	}
	return e
}

// jsonKind names the JSON a Go type of the manifest decodes from.
func jsonKind(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	}
	return "an object"
}
