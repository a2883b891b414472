// cursor reads an entry's fields in order. The first failure sticks: later
// reads return zero values, and the error names the field and its byte
// offset within the entry.

package dat

import (
	"encoding/binary"
	"fmt"
	"math"
)

type cursor struct {
	b   []byte
	off int
	err error
}

func (c *cursor) fail(field string, err error) {
	if c.err == nil {
		c.err = &fieldError{field: field, offset: int64(c.off), err: err}
	}
}

// need reports whether n more bytes are there, failing field otherwise.
func (c *cursor) need(field string, n int) bool {
	if c.err != nil {
		return false
	}
	if n < 0 || n > len(c.b)-c.off {
		c.fail(field, fmt.Errorf("entry is %d bytes, want at least %d", len(c.b), c.off+n))
		return false
	}
	return true
}

func (c *cursor) u8(field string) uint8 {
	if !c.need(field, 1) {
		return 0
	}
	v := c.b[c.off]
	c.off++
	return v
}

func (c *cursor) u16(field string) uint16 {
	if !c.need(field, 2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(c.b[c.off:])
	c.off += 2
	return v
}

func (c *cursor) u32(field string) uint32 {
	if !c.need(field, 4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(c.b[c.off:])
	c.off += 4
	return v
}

func (c *cursor) i32(field string) int32 { return int32(c.u32(field)) }

// f32 reads a float that must be finite: retail data is, and a NaN would
// reach the simulation and the JSON output.
func (c *cursor) f32(field string) float32 {
	at := c.off
	v := math.Float32frombits(c.u32(field))
	if c.err == nil && (math.IsNaN(float64(v)) || math.IsInf(float64(v), 0)) {
		c.off = at
		c.fail(field, fmt.Errorf("%v is not a finite number", v))
		return 0
	}
	return v
}

func (c *cursor) vec3(field string) [3]float32 {
	return [3]float32{c.f32(field), c.f32(field), c.f32(field)}
}

// frame reads a Frame: origin x, y, z then rotation w, x, y, z (ACE
// Entity/Frame.cs).
func (c *cursor) frame(field string) Frame {
	return Frame{Origin: c.vec3(field),
		Rotation: [4]float32{c.f32(field), c.f32(field), c.f32(field), c.f32(field)}}
}

func (c *cursor) skip(field string, n int) {
	if c.need(field, n) {
		c.off += n
	}
}

// align skips to the next multiple of 4 from the entry's start (ACE
// AlignBoundary: entries start block-aligned, so this is the stream's
// alignment too).
func (c *cursor) align(field string) {
	if r := c.off % 4; r != 0 {
		c.skip(field, 4-r)
	}
}

// count reads a u32 count and checks that count elements of at least
// minSize bytes each fit in what is left, so that a lying count is an error
// and never a huge allocation.
func (c *cursor) count(field string, minSize int) int {
	at := c.off
	n := c.u32(field)
	return c.checkCount(field, at, uint64(n), minSize)
}

func (c *cursor) checkCount(field string, at int, n uint64, minSize int) int {
	if c.err != nil {
		return 0
	}
	left := uint64(len(c.b) - c.off)
	if minSize > 0 && n > left/uint64(minSize) {
		c.off = at
		c.fail(field, fmt.Errorf("count %d needs at least %d bytes, %d are left", n, n*uint64(minSize), left))
		return 0
	}
	return int(n)
}

// overLimit fails field when n, read back bytes before the cursor, is more
// than limit, the error pointing at it ("N, more than the limit of L");
// nothing is checked once something failed.
func (c *cursor) overLimit(field string, back, n, limit int) bool {
	if c.err != nil || n <= limit {
		return false
	}
	c.off -= back
	c.fail(field, fmt.Errorf("%d, more than the limit of %d", n, limit))
	return true
}

// packedID reads a PackedQualifiedDataId: a u16, and when its bit 15 is
// set a second u16 (ACE ReadAsDataIDOfKnownType); the known type is added.
func (c *cursor) packedID(field string, known uint32) uint32 {
	v := c.u16(field)
	if v&0x8000 != 0 {
		lo := c.u16(field)
		return known + (uint32(v&0x3FFF)<<16 | uint32(lo))
	}
	return known + uint32(v)
}

// wrap prefixes the pending error's field with where it happened.
func (c *cursor) wrap(prefix string) {
	if fe, ok := c.err.(*fieldError); ok && c.err != nil {
		fe.field = prefix + "." + fe.field
	}
}

// id reads an entry's leading id and checks it is the entry's own.
func (c *cursor) id(want uint32) {
	got := c.u32("id")
	if c.err == nil && got != want {
		c.off -= 4
		c.fail("id", fmt.Errorf("entry holds id 0x%08X", got))
	}
}
