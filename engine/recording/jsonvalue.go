// JSON values: typed accessors over a parsed line that check the Recording
// v1 value shapes (numbers, u16 stamps, guid and cell ids, vectors,
// quaternions, positions) and report a failure as field + problem.

package recording

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// decoder is a parsed line plus where it came from, and the first problem
// found in it. Accessors take the field's path as a base and a name, joined
// only when a problem is reported, so the happy path builds no strings.
type decoder struct {
	doc
	file   string
	lineNo int
	err    *Error
	// scratch holds unescaped strings; rawBuf the bytes of a raw position.
	scratch []byte
	rawBuf  []byte
	// rawHadGUID says the last raw position event also gave a guid field.
	rawHadGUID bool
}

// noIndex marks a field that is not an array element.
const noIndex = -1

// fail records the first problem and returns false. index, when not
// noIndex, names an element of the field: "origin[1]".
func (d *decoder) fail(base, name string, index int, problem string) bool {
	if d.err == nil {
		field := joinField(base, name)
		if index != noIndex {
			field += "[" + itoa(index) + "]"
		}
		d.err = &Error{File: d.file, Line: d.lineNo, Field: field, Problem: problem}
	}
	return false
}

func joinField(base, name string) string {
	switch {
	case base == "":
		return name
	case name == "":
		return base
	}
	return base + "." + name
}

func (d *decoder) literal(n int32) []byte {
	nd := &d.nodes[n]
	return d.line[nd.start:nd.end]
}

// describe names the JSON type of node n for "want X, got Y" messages.
func (d *decoder) describe(n int32) string {
	switch d.nodes[n].kind {
	case nodeObject:
		return "an object"
	case nodeArray:
		return "an array"
	case nodeString:
		return "a string"
	}
	switch d.nodes[n].lit {
	case litTrue, litFalse:
		return "a bool"
	case litNull:
		return "null"
	}
	return "a number"
}

// isNumber reports whether node n is a JSON number (checkLeaves has
// rejected every other bare token but true, false and null).
func (d *decoder) isNumber(n int32) bool {
	switch d.nodes[n].lit {
	case litInt, litFrac, litExp:
		return true
	}
	return false
}

// float64At reads a finite number (checkLeaves has already rejected
// non-finite spellings).
func (d *decoder) float64At(n int32, base, name string, index int) (float64, bool) {
	if !d.isNumber(n) {
		return 0, d.fail(base, name, index, "want a number, got "+d.describe(n))
	}
	if d.nodes[n].lit != litExp {
		if m, k, neg, ok := decimalParts(d.literal(n)); ok && m < 1<<53 && k < len(pow10f64) {
			// Clinger's fast path: both operands are exact, so the one
			// division is correctly rounded, as ParseFloat would round.
			f := float64(m) / pow10f64[k]
			if neg {
				f = -f
			}
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.literal(n)), 64)
	if err != nil {
		return 0, d.fail(base, name, index, "not a finite number: "+snippet(d.literal(n)))
	}
	return f, true
}

// float32At reads a number as the nearest float32; a value beyond the
// float32 range is an error, since it would be infinite.
func (d *decoder) float32At(n int32, base, name string, index int) (float32, bool) {
	if !d.isNumber(n) {
		return 0, d.fail(base, name, index, "want a number, got "+d.describe(n))
	}
	if d.nodes[n].lit != litExp {
		if m, k, neg, ok := decimalParts(d.literal(n)); ok && m < 1<<24 && k < len(pow10f32) {
			// Clinger's fast path in float32: see float64At.
			f := float32(m) / pow10f32[k]
			if neg {
				f = -f
			}
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.literal(n)), 32)
	if err != nil {
		return 0, d.fail(base, name, index, snippet(d.literal(n))+" overflows float32")
	}
	return float32(f), true
}

// Powers of ten that are exact in float32 (5^10 < 2^24) and float64
// (5^22 < 2^53): the operands of Clinger's fast path.
var (
	pow10f32 = [...]float32{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}
	pow10f64 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
		1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
)

// decimalParts splits a number without exponent, -?digits(.digits)?, into
// its digits as an integer m and the count k of fraction digits, so the
// value is ±m / 10^k. ok is false when m would pass 10^18.
func decimalParts(b []byte) (m uint64, k int, neg, ok bool) {
	if len(b) > 0 && b[0] == '-' {
		neg, b = true, b[1:]
	}
	frac := false
	digits := 0
	for _, c := range b {
		if c == '.' {
			frac = true
			continue
		}
		if digits++; digits > 18 {
			return 0, 0, neg, false
		}
		m = m*10 + uint64(c-'0')
		if frac {
			k++
		}
	}
	return m, k, neg, true
}

// nonNegative32 reads a float32 that must be >= 0.
func (d *decoder) nonNegative32(n int32, base, name string) (float32, bool) {
	v, ok := d.float32At(n, base, name, noIndex)
	if ok && v < 0 {
		return 0, d.fail(base, name, noIndex, "want a number >= 0, got "+snippet(d.literal(n)))
	}
	return v, ok
}

// floats reads an array of exactly len(out) numbers as float32.
func (d *decoder) floats(n int32, base, name, want string, out []float32) bool {
	nd := &d.nodes[n]
	if nd.kind != nodeArray {
		return d.fail(base, name, noIndex, "want an array of "+want+", got "+d.describe(n))
	}
	if int(nd.count) != len(out) {
		return d.fail(base, name, noIndex, "want "+want+", got "+itoa(int(nd.count)))
	}
	i := 0
	for c := nd.first; c >= 0; c = d.nodes[c].next {
		v, ok := d.float32At(c, base, name, i)
		if !ok {
			return false
		}
		out[i] = v
		i++
	}
	return true
}

// vec3 reads [x, y, z].
func (d *decoder) vec3(n int32, base, name string) (mgl32.Vec3, bool) {
	var v [3]float32
	ok := d.floats(n, base, name, "3 numbers", v[:])
	return v, ok
}

// quat reads a rotation [w, x, y, z]. It is kept as given, not normalised.
func (d *decoder) quat(n int32, base, name string) (mgl32.Quat, bool) {
	var v [4]float32
	ok := d.floats(n, base, name, "4 numbers [w, x, y, z]", v[:])
	return mgl32.Quat{W: v[0], V: mgl32.Vec3{v[1], v[2], v[3]}}, ok
}

// integer reads a number written as a JSON integer (no fraction or
// exponent). ok is false when it is not one; overflow when it does not fit
// an int64.
func (d *decoder) integer(n int32) (v int64, isInt, overflow bool) {
	if d.nodes[n].lit != litInt {
		return 0, false, false
	}
	v, err := strconv.ParseInt(string(d.literal(n)), 10, 64)
	return v, true, err != nil
}

// intRange reads an integer in [lo, hi].
func (d *decoder) intRange(n int32, base, name string, lo, hi int64, want string) (int64, bool) {
	v, isInt, overflow := d.integer(n)
	if !isInt || overflow || v < lo || v > hi {
		got := d.describe(n)
		if d.isNumber(n) {
			got = snippet(d.literal(n))
		}
		return 0, d.fail(base, name, noIndex, "want "+want+", got "+got)
	}
	return v, true
}

// u16 reads a u16 sequence stamp.
func (d *decoder) u16(n int32, base, name string) (uint16, bool) {
	v, ok := d.intRange(n, base, name, 0, 0xFFFF, "an integer in [0, 65535]")
	return uint16(v), ok
}

// u32 reads an integer in [0, 2^32).
func (d *decoder) u32(n int32, base, name string) (uint32, bool) {
	v, ok := d.intRange(n, base, name, 0, 0xFFFFFFFF, "an integer in [0, 2^32)")
	return uint32(v), ok
}

// id reads a guid or cell: "0x" + 1–8 hex digits, or an integer in
// [0, 2^32).
func (d *decoder) id(n int32, base, name string) (uint32, bool) {
	switch d.nodes[n].kind {
	case nodeString:
		s := d.stringBytes(n)
		if len(s) < 3 || len(s) > 10 || s[0] != '0' || s[1] != 'x' {
			return 0, d.fail(base, name, noIndex, `want "0x" and 1 to 8 hex digits, got `+strconv.Quote(string(s)))
		}
		var v uint32
		for _, c := range s[2:] {
			if !isHex(c) {
				return 0, d.fail(base, name, noIndex, `want "0x" and 1 to 8 hex digits, got `+strconv.Quote(string(s)))
			}
			v = v<<4 | hexDigit(c)
		}
		return v, true
	case nodeLiteral:
		if d.isNumber(n) {
			return d.u32(n, base, name)
		}
	case nodeObject, nodeArray:
	}
	return 0, d.fail(base, name, noIndex, "want a hex string or an integer, got "+d.describe(n))
}

func hexDigit(c byte) uint32 {
	switch {
	case c >= '0' && c <= '9':
		return uint32(c - '0')
	case c >= 'a' && c <= 'f':
		return uint32(c-'a') + 10
	}
	return uint32(c-'A') + 10
}

// boolean reads true or false.
func (d *decoder) boolean(n int32, base, name string) (bool, bool) {
	switch d.nodes[n].lit {
	case litTrue:
		return true, true
	case litFalse:
		return false, true
	}
	return false, d.fail(base, name, noIndex, "want true or false, got "+d.describe(n))
}

// stringBytes returns the unescaped contents of string node n, valid until
// the next call.
func (d *decoder) stringBytes(n int32) []byte {
	nd := &d.nodes[n]
	raw := d.line[nd.start:nd.end]
	if nd.flags&strEsc == 0 {
		return raw
	}
	d.scratch = appendUnescaped(d.scratch[:0], raw)
	return d.scratch
}

// str reads a string.
func (d *decoder) str(n int32, base, name string) (string, bool) {
	if d.nodes[n].kind != nodeString {
		return "", d.fail(base, name, noIndex, "want a string, got "+d.describe(n))
	}
	return string(d.stringBytes(n)), true
}

// name reads a non-empty string.
func (d *decoder) name(n int32, base, name string) (string, bool) {
	s, ok := d.str(n, base, name)
	if ok && s == "" {
		return "", d.fail(base, name, noIndex, "want a non-empty name")
	}
	return s, ok
}

// object checks that node n is an object.
func (d *decoder) object(n int32, base, name string) bool {
	if d.nodes[n].kind != nodeObject {
		return d.fail(base, name, noIndex, "want an object, got "+d.describe(n))
	}
	return true
}

// required reports a missing field.
func (d *decoder) required(n int32, base, name string) bool {
	if n < 0 {
		return d.fail(base, name, noIndex, "missing")
	}
	return true
}

// members is fields plus the duplicate check.
func (d *decoder) members(obj int32, base string, names []string, slots []int32) bool {
	if dup := d.fields(obj, names, slots); dup != "" {
		return d.fail(base, dup, noIndex, "duplicate field")
	}
	return true
}

// Field names of a position object and of the decoded position event.
const (
	posCell = iota
	posOrigin
	posRotation
)

var positionFields = []string{posCell: "cell", posOrigin: "origin", posRotation: "rotation"}

// position reads a position from the nodes of its cell, origin and
// rotation members (-1 when absent; rotation is optional and defaults to the
// identity).
func (d *decoder) position(cell, origin, rotation int32, base string) (physics.Position, bool) {
	var p physics.Position
	var ok bool
	if !d.required(cell, base, "cell") || !d.required(origin, base, "origin") {
		return p, false
	}
	if p.Cell, ok = d.id(cell, base, "cell"); !ok {
		return p, false
	}
	if p.Frame.Origin, ok = d.vec3(origin, base, "origin"); !ok {
		return p, false
	}
	p.Frame.Rot = mgl32.QuatIdent()
	if rotation >= 0 {
		if p.Frame.Rot, ok = d.quat(rotation, base, "rotation"); !ok {
			return p, false
		}
	}
	p.Frame.Cache()
	return p, true
}

// positionObject reads {"cell", "origin", "rotation"} at node n.
func (d *decoder) positionObject(n int32, base, name string, withRotation bool) (physics.Position, bool) {
	if !d.object(n, base, name) {
		return physics.Position{}, false
	}
	path := joinField(base, name)
	var s [3]int32
	if !d.members(n, path, positionFields, s[:]) {
		return physics.Position{}, false
	}
	if !withRotation {
		s[posRotation] = -1
	}
	return d.position(s[posCell], s[posOrigin], s[posRotation], path)
}
