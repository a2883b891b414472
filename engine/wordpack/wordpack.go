// Package wordpack packs words against a reference: a checkpoint's object
// state words (engine/checkpoint.go) stored as their difference from
// a reference — the same object's words in an
// earlier checkpoint, or nothing. Each word is XORed with the reference's
// word at the same place; most words of a remote do not change between
// checkpoints (its size, its stamps, its motion state, the empty
// sub-managers), and a float that changed a little keeps its sign and
// exponent, so most XORs are zero or small. Four words share a tag byte of
// 2-bit codes saying how many of each XOR's low bytes follow.
//
//	object  = uvarint(word count) group*
//	group   = tag byte, then for each of its (up to) 4 words, low byte
//	          first, the bytes its code says: 0 → 0 (the word equals the
//	          reference's), 1 → 1, 2 → 3, 3 → 4.
//
// (Three bytes rather than two for code 2: measured on the benchmarks'
// crowd, an XOR needs three bytes five times as often as two.)
//
// Words past the reference's end are XORed with zero.
package wordpack

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
)

// MaxWords bounds the word count a packed object may claim (an
// object is a few hundred words; the bound keeps a corrupt count from
// allocating).
const MaxWords = 1 << 14

// codeBytes is how many XOR bytes each 2-bit code stores.
var codeBytes = [4]int{0, 1, 3, 4}

// xorCode is the code of an XOR value: the fewest bytes holding it.
func xorCode(x uint32) byte { return codeOfLen[bits.Len32(x)] }

// codeOfLen is the code of an XOR value of each bit length.
var codeOfLen = [33]byte{0,
	1, 1, 1, 1, 1, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	3, 3, 3, 3, 3, 3, 3, 3}

// Pack appends words, as their difference from ref, to dst. It
// writes into room made once: every XOR as a whole little-endian word,
// the end then moved on by its code's bytes only (the bytes past it are
// overwritten by the next), which packs the same bytes as appending each.
func Pack(dst []byte, words, ref []uint32) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(words)))
	p := len(dst)
	// A tag and four 4-byte XORs a group at most.
	dst = slices.Grow(dst, (len(words)+3)/4+4*len(words))
	buf := dst[:cap(dst)]
	for g := 0; g < len(words); g += 4 {
		at := p
		p++
		var tag byte
		for i := g; i < min(g+4, len(words)); i++ {
			x := words[i]
			if i < len(ref) {
				x ^= ref[i]
			}
			c := xorCode(x)
			tag |= c << (2 * (i - g))
			binary.LittleEndian.PutUint32(buf[p:], x)
			p += codeBytes[c]
		}
		buf[at] = tag
	}
	return buf[:p]
}

// errPacked is the error of packed words that end early or claim too much.
var errPacked = errors.New("checkpoint: packed words are corrupt")

// codeMask keeps the bytes of a word each code stores.
var codeMask = [4]uint32{0, 0xFF, 0xFFFFFF, 0xFFFFFFFF}

// Unpack reads one object's words packed against ref, appending them
// to dst; it returns them and the rest of src.
func Unpack(dst []uint32, src []byte, ref []uint32) ([]uint32, []byte, error) {
	n, k := binary.Uvarint(src)
	if k <= 0 || n > MaxWords {
		return dst, nil, errPacked
	}
	src = src[k:]
	base := len(dst)
	dst = append(dst, make([]uint32, n)...)
	out := dst[base:]
	g := 0
	// Whole groups while src surely holds the longest group (a tag and four
	// 4-byte words): each word is a 4-byte load masked to its code's bytes.
	for ; g+4 <= len(out) && len(src) >= 17; g += 4 {
		tag := uint32(src[0])
		p := 1
		for i := range 4 {
			c := tag >> (2 * i) & 3
			out[g+i] = binary.LittleEndian.Uint32(src[p:]) & codeMask[c]
			p += codeBytes[c]
		}
		src = src[p:]
	}
	// The rest, byte by byte with every length checked.
	for ; g < len(out); g += 4 {
		if len(src) == 0 {
			return dst, nil, errPacked
		}
		tag := src[0]
		src = src[1:]
		for i := g; i < min(g+4, len(out)); i++ {
			nb := codeBytes[tag>>(2*(i-g))&3]
			if len(src) < nb {
				return dst, nil, errPacked
			}
			var x uint32
			for j := nb - 1; j >= 0; j-- {
				x = x<<8 | uint32(src[j])
			}
			out[i], src = x, src[nb:]
		}
	}
	for i, r := range ref[:min(len(ref), len(out))] {
		out[i] ^= r
	}
	return dst, src, nil
}
