// JSON helpers shared by the terrain and obstacle decoders: strict
// decoding, errors that name the line, and the recording format's id shapes.

package terrainjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
)

// decodeStrict unmarshals one JSON value, rejecting unknown fields and
// trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}

// describeJSONError turns a decoder error into "line N: what", with the
// field path for type errors.
func describeJSONError(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("line %d: %v", lineOf(data, syn.Offset), syn)
	case errors.As(err, &typ):
		field := ""
		if typ.Field != "" {
			field = typ.Field + ": "
		}
		return fmt.Sprintf("line %d: %swant %s, got %s", lineOf(data, typ.Offset), field, jsonKind(typ.Type), typ.Value)
	case errors.Is(err, io.EOF):
		return "empty document"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "unexpected end of JSON"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names the JSON value a Go type decodes from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return t.String()
}

// lineOf is the 1-based line holding byte offset off.
func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

// parseLandblockID reads "0xXXYY", "0xXXYYCCCC" or an integer.
func parseLandblockID(raw json.RawMessage) (uint16, error) {
	id, err := parseID(raw)
	if err != nil {
		return 0, err
	}
	if id > 0xFFFF {
		id >>= 16
	}
	return uint16(id), nil
}

// parseID reads the recording format's guid/cell shapes: a string "0x" + 1–8
// hex digits (hexid.Parse, with the prefix the format asks for), or a JSON
// integer in [0, 2^32).
func parseID(raw json.RawMessage) (uint32, error) {
	s := strings.TrimSpace(string(raw))
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return 0, fmt.Errorf("want \"0x\" and hex digits")
		}
		v, err := hexid.Parse(str)
		if err != nil || !strings.HasPrefix(str, "0x") && !strings.HasPrefix(str, "0X") {
			return 0, fmt.Errorf("want \"0x\" and 1–8 hex digits, got %q", str)
		}
		return v, nil
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("want a \"0x…\" string or an integer in [0, 2^32), got %s", s)
	}
	return uint32(v), nil
}
