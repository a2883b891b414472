package dat

import (
	"encoding/binary"
	"testing"
)

// A count up to its limit reads on; one past it fails naming the field and
// pointing back at the count's own bytes; a cursor that already failed
// keeps its first error.
func TestCursor_OverLimitPointsAtTheCount(t *testing.T) {
	b := make([]byte, 12)
	binary.LittleEndian.PutUint32(b[4:], 7)
	c := cursor{b: b}
	c.skip("head", 4)
	n := int(c.u32("count"))
	if c.overLimit("count", 4, n, 7) || c.err != nil {
		t.Fatalf("7 with a limit of 7: %v", c.err)
	}
	if !c.overLimit("count", 4, n, 6) {
		t.Fatal("7 with a limit of 6 passed")
	}
	if got, want := c.err.Error(), "count at byte 4: 7, more than the limit of 6"; got != want {
		t.Fatalf("error %q, want %q", got, want)
	}
	if c.overLimit("other", 0, 100, 1) || c.err.Error() != "count at byte 4: 7, more than the limit of 6" {
		t.Fatalf("after a failure: %v", c.err)
	}
}
