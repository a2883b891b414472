// JSON values: typed accessors over a parsed line that check the Recording
// v1 value shapes (numbers, u16 stamps, guid and cell ids, vectors,
// quaternions, positions) and report a failure as field + problem.

package recording

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
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

// id reads a guid or cell: "0x" + 1–8 hex digits, or an integer in
// [0, 2^32).
func (d *decoder) id(n int32, base, name string) (uint32, bool) {
	switch d.nodes[n].kind {
	case nodeString:
		s := d.stringBytes(n)
		if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
			return 0, d.fail(base, name, noIndex, `want "0x" and 1 to 8 hex digits, got `+strconv.Quote(string(s)))
		}
		v, ok := hexid.ParseBytes(s)
		if !ok {
			return 0, d.fail(base, name, noIndex, `want "0x" and 1 to 8 hex digits, got `+strconv.Quote(string(s)))
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

// datID reads a dat file id, "0x" + 8 hex digits whose top byte is the
// entry type typ (0x02 a Setup, 0x09 a MotionTable).
func (d *decoder) datID(n int32, base, name string, typ byte) (uint32, bool) {
	if d.nodes[n].kind != nodeString {
		return 0, d.fail(base, name, noIndex, "want a dat id string \"0x"+hex2(typ)+"XXXXXX\", got "+d.describe(n))
	}
	s := d.stringBytes(n)
	if len(s) != 10 {
		return 0, d.fail(base, name, noIndex, "want a dat id \"0x"+hex2(typ)+"XXXXXX\" (8 hex digits), got "+strconv.Quote(string(s)))
	}
	v, ok := d.id(n, base, name)
	if !ok {
		return 0, false
	}
	if byte(v>>24) != typ {
		return 0, d.fail(base, name, noIndex, "dat id "+strconv.Quote(string(s))+" is not of type 0x"+hex2(typ)+"XXXXXX")
	}
	return v, true
}

func hex2(b byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[b>>4], digits[b&15]})
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
	b := d.stringBytes(n)
	if len(b) > MaxTextLength {
		return "", d.fail(base, name, noIndex, itoa(len(b))+" bytes is longer than the "+itoa(MaxTextLength)+"-byte limit")
	}
	return string(b), true
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
