// The states table's BYTE_STREAM_SPLIT pages in snappy, stream by stream:
// a stream the gather found all zeros (the three low bytes of a float32
// widened to a double, a column that is zero throughout) is written by hand
// as one zero byte and copies of it; a stream whose bytes mostly differ
// from the same objects' one tick before (the low mantissa bytes of moving
// objects, which the compressor shrinks only to two thirds or three
// quarters, at about a nanosecond a byte) is stored as a literal; only the
// others go through the compressor. Snappy's block is a varint length then
// literal and copy elements (the format's format_description.txt), so
// pieces compressed or stored apart, their own lengths dropped, make one
// block that any snappy decoder reads as the whole body.

package tables

import (
	"encoding/binary"
	"slices"

	"github.com/klauspost/compress/s2"
)

// appendSplitSnappy appends body — a BYTE_STREAM_SPLIT body of n values,
// eight streams of n bytes — as one snappy block; stream k is all zeros
// where byte k of nonzero is 0 (and may be anything otherwise). A live stream
// is stored or compressed as storedStream says of it, back values being
// one tick's rows (0: none known, every live stream compressed).
func appendSplitSnappy(dst, body []byte, n int, nonzero uint64, back int) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	var kinds [8]streamKind
	for s := range kinds {
		switch {
		case byte(nonzero>>(8*s)) == 0:
			kinds[s] = zeroStream
		case storedStream(body[s*n:(s+1)*n], back):
			kinds[s] = literalStream
		default:
			kinds[s] = compressedStream
		}
	}
	for s := 0; s < 8; {
		e := s + 1
		for e < 8 && kinds[e] == kinds[s] {
			e++
		}
		switch kinds[s] {
		case zeroStream:
			dst = appendZeros(dst, (e-s)*n)
		case literalStream:
			dst = appendLiteral(dst, body[s*n:e*n])
		default:
			dst = appendSnappyElements(dst, body[s*n:e*n])
		}
		s = e
	}
	return dst
}

// streamKind is how appendSplitSnappy writes a stream.
type streamKind uint8

const (
	compressedStream streamKind = iota
	zeroStream
	literalStream
)

// Stored streams: storedStream compares at most storedProbe eight-byte
// words of a stream with the words back bytes before them, and stores the
// stream when fewer than storedMatch in storedOf of them are equal. On a
// 1000-object crowd's pages the low mantissa streams of x, y, gx and gy
// match in 12–17 % of words (the compressor keeps 63–74 % of their bytes)
// and every other live stream in 65–94 % (it keeps 5–26 %).
const (
	storedProbe = 512
	storedMatch = 1
	storedOf    = 3
)

// storedStream reports whether stream, one column's k-th bytes of a page's
// values whose rows are back rows a tick, is stored as a literal rather
// than compressed: whether the same objects' bytes one tick before (back
// bytes before) mostly differ. Objects that stand still repeat their
// bytes tick after tick, which is what the compressor finds; with back 0
// or a page of one tick it is compressed.
func storedStream(stream []byte, back int) bool {
	if back <= 0 || back+8 > len(stream) {
		return false
	}
	le := binary.LittleEndian
	words, equal := 0, 0
	for i := back; i+8 <= len(stream) && words < storedProbe; i += 8 {
		if le.Uint64(stream[i:]) == le.Uint64(stream[i-back:]) {
			equal++
		}
		words++
	}
	return equal*storedOf < words*storedMatch
}

// appendLiteral appends lit as one snappy literal element: its tag (the
// length less one in the tag's six bits below 60, else in the one to four
// bytes after it), then its bytes.
func appendLiteral(dst, lit []byte) []byte {
	n := uint64(len(lit)) - 1
	switch {
	case len(lit) == 0:
		return dst
	case n < 60:
		dst = append(dst, byte(n)<<2)
	case n < 1<<8:
		dst = append(dst, 60<<2, byte(n))
	case n < 1<<16:
		dst = append(dst, 61<<2, byte(n), byte(n>>8))
	case n < 1<<24:
		dst = append(dst, 62<<2, byte(n), byte(n>>8), byte(n>>16))
	default:
		dst = append(dst, 63<<2, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	}
	return append(dst, lit...)
}

// appendSnappyElements appends piece as a snappy block without its length:
// compressed in place, over the last bytes of dst (as long as the length
// the compressor writes first, which they are put back over: dst ends
// with at least that many, the body's own length being as long or longer).
func appendSnappyElements(dst, piece []byte) []byte {
	var lenBuf [binary.MaxVarintLen64]byte
	k := binary.PutUvarint(lenBuf[:], uint64(len(piece)))
	need := s2.MaxEncodedLen(len(piece))
	dst = slices.Grow(dst, need)
	at := len(dst) - k
	copy(lenBuf[:k], dst[at:])
	z := s2.EncodeSnappy(dst[at:at+need], piece)
	copy(dst[at:], lenBuf[:k])
	return dst[:at+len(z)]
}

// appendZeros appends snappy elements that decode to n zero bytes: a
// one-byte literal, then copies of the byte before.
func appendZeros(dst []byte, n int) []byte {
	if n <= 5 {
		// A literal of n zeros (a copy is at least four bytes long).
		if n > 0 {
			dst = append(dst, byte(n-1)<<2)
			dst = append(dst, make([]byte, n)...)
		}
		return dst
	}
	return appendCopies(append(dst, 0, 0), 1, n-1)
}

// appendCopies appends copy elements of n ≥ 4 bytes at offset off (1 to
// 65535): pieces of 64 bytes (three bytes each), the rest as one two-byte
// copy where it fits (4 to 11 bytes, offset below 2048), else a three-byte
// one.
func appendCopies(dst []byte, off, n int) []byte {
	for n >= 68 {
		dst = append(dst, 63<<2|2, byte(off), byte(off>>8))
		n -= 64
	}
	if n > 64 {
		// 65 to 67: 60 bytes now, 5 to 7 after.
		dst = append(dst, 59<<2|2, byte(off), byte(off>>8))
		n -= 60
	}
	if n >= 4 && n <= 11 && off < 2048 {
		return append(dst, byte(off>>8)<<5|byte(n-4)<<2|1, byte(off))
	}
	return append(dst, byte(n-1)<<2|2, byte(off), byte(off>>8))
}
