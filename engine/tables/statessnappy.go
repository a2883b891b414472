// The states table's BYTE_STREAM_SPLIT pages in snappy, stream by stream:
// a stream the gather found all zeros (the three low bytes of a float32
// widened to a double, a column that is zero throughout) is written by hand
// as one zero byte and copies of it, and only the other streams go through
// the compressor. Snappy's block is a varint length then literal and copy
// elements (the format's format_description.txt), so pieces compressed
// apart, their own lengths dropped, make one block that any snappy decoder
// reads as the whole body.

package tables

import (
	"encoding/binary"
	"slices"

	"github.com/klauspost/compress/s2"
)

// appendSplitSnappy appends body — a BYTE_STREAM_SPLIT body of n values,
// eight streams of n bytes — as one snappy block; stream k is all zeros
// where byte k of zero is 0 (and may be anything otherwise: it is
// compressed).
func appendSplitSnappy(dst, body []byte, n int, nonzero uint64) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	for s := 0; s < 8; {
		zero := byte(nonzero>>(8*s)) == 0
		e := s + 1
		for e < 8 && (byte(nonzero>>(8*e)) == 0) == zero {
			e++
		}
		if zero {
			dst = appendZeros(dst, (e-s)*n)
		} else {
			dst = appendSnappyElements(dst, body[s*n:e*n])
		}
		s = e
	}
	return dst
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
