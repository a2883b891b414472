// Fixed-layout values: the numbers, ids and words of an event line spelled
// as appendEvent spells it, read straight from the bytes for fixed.go. Each
// reader returns ok only for a token the general decoder reads to the same
// value without error, and false for anything it is not sure of, which the
// general decoder then decides: a float is read only when it is a plain
// decimal whose float32 is computed exactly as strconv.ParseFloat's (the
// same digits-and-tie rule as engine/clienttrace's fixed rows), an integer
// only in JSON's own spelling (no leading zero, no sign).

package recording

import (
	"strconv"

	"glidepath/internal/jsonnum"
)

// has reports whether b holds s at i.
func has(b []byte, i int, s string) bool {
	return len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// fixedUint reads a JSON integer at b[i:] — "0", or 1 to 10 digits without
// a leading zero — of at most max. A sign, a fraction or an exponent stops
// it at a byte the caller then finds is not its delimiter.
func fixedUint(b []byte, i int, max uint64) (uint64, int, bool) {
	start := i
	var n uint64
	for i < len(b) && i-start < 11 {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		n = n*10 + uint64(c)
		i++
	}
	d := i - start
	if d == 0 || d > 10 || d > 1 && b[start] == '0' || n > max {
		return 0, i, false
	}
	return n, i, true
}

// fixedBool reads true or false at b[i:].
func fixedBool(b []byte, i int) (bool, int, bool) {
	switch {
	case has(b, i, "true"):
		return true, i + 4, true
	case has(b, i, "false"):
		return false, i + 5, true
	}
	return false, i, false
}

// fixedWord reads a string without escapes at b[i:] (after its opening
// quote) up to its closing quote, and returns its index in names. A name
// holds no quote, backslash or control byte, so a word that is one of them
// is the string the general decoder unescapes to it.
func fixedWord(b []byte, i int, names []string) (int, int, bool) {
	j := i
	for j < len(b) && j-i <= 16 && b[j] != '"' {
		j++
	}
	if j >= len(b) || b[j] != '"' {
		return 0, i, false
	}
	k := lookupName(names, b[i:j])
	return k, j + 1, k >= 0
}

// fixedTime reads an event's t at b[i:]: a plain decimal of at most 19
// digits, no sign (a negative t is an error the general decoder words).
// The value is the correctly rounded float64 of the digits, as strconv's
// and float64At's: by Clinger's exact division when the digits fit 53
// bits (float64At's own step), else by the Eisel–Lemire multiplication
// strconv itself uses (eiselLemire64), else by strconv.
func fixedTime(b []byte, i int) (float64, int, bool) {
	m, _, frac, end, ok := jsonnum.Decimal(b, i)
	if !ok {
		return 0, end, false
	}
	if m < 1<<53 {
		return float64(m) / pow10f64[frac], end, true
	}
	if f, ok := eiselLemire64(m, frac); ok {
		return f, end, true
	}
	f, err := strconv.ParseFloat(string(b[i:end]), 64)
	return f, end, err == nil
}

// fixedFloat reads a float32 at b[i:] (jsonnum.Float32At).
func fixedFloat(b []byte, i int) (float32, int, bool) { return jsonnum.Float32At(b, i) }

// fixedFloats reads n floats separated by commas and the closing ']' at
// b[i:] (after the '[') into out.
func fixedFloats(b []byte, i int, out []float32) (int, bool) {
	var ok bool
	for k := range out {
		if out[k], i, ok = fixedFloat(b, i); !ok || i >= len(b) {
			return i, false
		}
		want := byte(',')
		if k == len(out)-1 {
			want = ']'
		}
		if b[i] != want {
			return i, false
		}
		i++
	}
	return i, true
}
