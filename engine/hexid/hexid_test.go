package hexid

import (
	"fmt"
	"strconv"
	"strings"
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

// TestParse_OneRule: 0x or 0X optional, 1–8 hex digits of either case,
// nothing else; the error names the text.
func TestParse_OneRule(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint32
	}{
		{"0x80000A01", 0x80000A01}, {"0X80000a01", 0x80000A01}, {"80000A01", 0x80000A01},
		{"a", 0xA}, {"0x0", 0}, {"FFFFFFFF", 0xFFFFFFFF}, {"0x00000001", 1},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %#x, %v; want %#x", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "0x", "0X", "0x123456789", "123456789", "+1", "-1", " 1", "1 ", "0x_1", "1_0", "g", "0xg1", "x1", "00x1", "0x0x1", "１"} {
		if v, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %#x, want an error", in, v)
		} else if !strings.Contains(err.Error(), strconv.Quote(in)) {
			t.Errorf("Parse(%q): error %q does not name the text", in, err)
		}
	}
}

// TestParse_SameAsStrconv: every id String writes reads back, and Parse
// agrees with strconv.ParseUint on the digits it accepts.
func TestParse_SameAsStrconv(t *testing.T) {
	for _, v := range []uint32{0, 1, 0xA, 0x80000A01, 0xA9B4001F, 0xFFFFFFFF} {
		if got, err := Parse(String(v)); err != nil || got != v {
			t.Errorf("Parse(String(%#x)) = %#x, %v", v, got, err)
		}
		h := fmt.Sprintf("%x", v)
		want, _ := strconv.ParseUint(h, 16, 32)
		if got, err := Parse(h); err != nil || uint64(got) != want {
			t.Errorf("Parse(%q) = %#x, %v; strconv %#x", h, got, err, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0x80000A01", "80000a01", "", "0x", "0x123456789", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			return
		}
		h := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
		want, serr := strconv.ParseUint(h, 16, 32)
		if serr != nil || uint32(want) != v || len(h) > 8 {
			t.Fatalf("Parse(%q) = %#x; strconv says %#x, %v", s, v, want, serr)
		}
		if back, _ := Parse(String(v)); back != v {
			t.Fatalf("round trip %#x", v)
		}
	})
}

// TestParseBytes_SameAsParse: the byte readers' entry reads exactly what
// Parse reads, to the same value, and refuses what it refuses.
func TestParseBytes_SameAsParse(t *testing.T) {
	for _, in := range []string{"0x80000A01", "0X80000a01", "80000A01", "a", "0x0", "FFFFFFFF",
		"", "0x", "0x123456789", "+1", " 1", "0xg1", "00x1", "１"} {
		want, err := Parse(in)
		got, ok := ParseBytes([]byte(in))
		if ok != (err == nil) || got != want {
			t.Errorf("ParseBytes(%q) = %#x, %v; Parse gives %#x, %v", in, got, ok, want, err)
		}
	}
}

// TestLandblock_SameAsPrintf: a landblock is written as four digits, the
// high half of the cell ids String writes, and Parse reads it back.
func TestLandblock_SameAsPrintf(t *testing.T) {
	for _, lb := range []uint16{0, 0xA9B4, 0x0102, 0xFFFF} {
		want := fmt.Sprintf("0x%04X", lb)
		if got := Landblock(lb); got != want {
			t.Errorf("Landblock(%#x) = %q, want %q", lb, got, want)
		}
		if v, err := Parse(Landblock(lb)); err != nil || v != uint32(lb) {
			t.Errorf("Parse(Landblock(%#x)) = %#x, %v", lb, v, err)
		}
		if cell := String(uint32(lb)<<16 | 0xFFFF); cell[:6] != want {
			t.Errorf("String of landblock %#x's cell = %q, want it to begin %q", lb, cell, want)
		}
	}
}
