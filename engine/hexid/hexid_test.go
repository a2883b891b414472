package hexid

import (
	"fmt"
	"testing"
)

// TestString_SameAsPrintf: every writer's spelling of an id is fmt's
// 0x%08X, quoted for JSON.
func TestString_SameAsPrintf(t *testing.T) {
	for _, v := range []uint32{0, 1, 0xA, 0x80000A01, 0xA9B4001F, 0xFFFFFFFF, 0x0000F00D} {
		want := fmt.Sprintf("0x%08X", v)
		if got := String(v); got != want {
			t.Errorf("String(%#x) = %q, want %q", v, got, want)
		}
		if got := string(AppendQuoted([]byte("x"), v)); got != `x"`+want+`"` {
			t.Errorf("AppendQuoted(%#x) = %q", v, got)
		}
	}
}

func ExampleString() {
	fmt.Println(String(0x80000a01))
	// Output: 0x80000A01
}
