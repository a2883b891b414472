// Package hexid writes a guid or a cell id as Glidepath's formats and the
// window spell them: "0x" and eight upper-case hex digits (0x80000A01), the
// way retail's tools print object ids. One formatter for every writer:
// recordings, traces, tables, the diff's report and the viewer's lists.
package hexid

const digits = "0123456789ABCDEF"

// Append writes v as 0xXXXXXXXX.
func Append(b []byte, v uint32) []byte {
	b = append(b, '0', 'x')
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, digits[(v>>uint(shift))&0xF])
	}
	return b
}

// AppendQuoted writes v as a JSON string, "0xXXXXXXXX".
func AppendQuoted(b []byte, v uint32) []byte {
	return append(Append(append(b, '"'), v), '"')
}

// String is v as 0xXXXXXXXX.
func String(v uint32) string {
	var b [10]byte
	return string(Append(b[:0], v))
}
