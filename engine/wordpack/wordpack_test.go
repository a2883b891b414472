// Word packing: words packed against a reference unpack to exactly the
// same words, whatever the reference's length, and the packing is as small
// as its format promises; corrupt bytes give an error, never a panic
// (fuzzed).

package wordpack

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomWords draws n words that look like a state's: zeros, small
// integers, floats near a value, and any bits.
func randomWords(rng *rand.Rand, n int) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		switch rng.IntN(4) {
		case 0:
		case 1:
			w[i] = uint32(rng.IntN(300))
		case 2:
			w[i] = 0x42000000 | uint32(rng.IntN(1<<20))
		default:
			w[i] = rng.Uint32()
		}
	}
	return w
}

// Property: unpack(pack(words, ref), ref) == words for any words and any
// reference — shorter, longer, equal or nil — and several objects packed
// one after another unpack in turn.
func TestPackWords_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		var buf []byte
		var objs, refs [][]uint32
		for range 1 + rng.IntN(4) {
			words := randomWords(rng, rng.IntN(200))
			var ref []uint32
			switch rng.IntN(4) {
			case 0:
			case 1:
				ref = randomWords(rng, rng.IntN(200))
			default:
				// The same object a little later: most words equal.
				ref = slices.Clone(words[:rng.IntN(len(words)+1)])
				for i := range ref {
					if rng.IntN(5) == 0 {
						ref[i] ^= uint32(1) << rng.IntN(32)
					}
				}
			}
			buf = Pack(buf, words, ref)
			objs, refs = append(objs, words), append(refs, ref)
		}
		src := buf
		for i, want := range objs {
			var got []uint32
			var err error
			got, src, err = Unpack(nil, src, refs[i])
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("object %d: unpacked %v, want %v", i, got, want)
			}
		}
		if len(src) != 0 {
			t.Fatalf("%d bytes left over", len(src))
		}
	}
}

// Words equal to the reference's cost one tag byte per four; each XOR
// costs the bytes its code says (0, 1, 3 or 4).
func TestPackWords_Size(t *testing.T) {
	words := []uint32{1, 2, 3, 4, 5, 6, 7, 8}
	if got := len(Pack(nil, words, words)); got != 1+2 {
		t.Fatalf("equal words: %d bytes, want 3 (count and two tags)", got)
	}
	ref := slices.Clone(words)
	ref[0] ^= 0x7F       // 1 byte
	ref[1] ^= 0x1234     // 3 bytes
	ref[2] ^= 0x123456   // 3 bytes
	ref[3] ^= 0x12345678 // 4 bytes
	if got := len(Pack(nil, words, ref)); got != 1+2+1+3+3+4 {
		t.Fatalf("four changed words: %d bytes, want 14", got)
	}
}

// Corrupt or cut packed bytes give an error.
func TestUnpackWords_Corrupt(t *testing.T) {
	full := Pack(nil, []uint32{0xDEADBEEF, 7, 0, 0x01020304, 9}, nil)
	for n := range len(full) {
		if _, _, err := Unpack(nil, full[:n], nil); err == nil {
			t.Fatalf("cut to %d of %d bytes: no error", n, len(full))
		}
	}
	huge := binary.AppendUvarint(nil, MaxWords+1)
	if _, _, err := Unpack(nil, huge, nil); err == nil {
		t.Fatal("a word count over the limit: no error")
	}
}

// Every object of a real run — created, moving, deleted — goes to words
// FuzzUnpackWords: any bytes and reference unpack to words or an error,
// never a panic, and words that unpack pack back to bytes that unpack to
// them again.
func FuzzUnpackWords(f *testing.F) {
	f.Add(Pack(nil, []uint32{1, 0x42C80000, 0, 0xFFFFFFFF, 5}, nil), []byte{1, 2, 3, 4})
	f.Add(Pack(nil, randomWords(rand.New(rand.NewPCG(1, 1)), 40), nil), []byte{})
	f.Add([]byte{0x80, 0x80, 0x80, 0x80, 0x01}, []byte{})
	f.Fuzz(func(t *testing.T, src, refBytes []byte) {
		ref := make([]uint32, len(refBytes)/4)
		for i := range ref {
			ref[i] = binary.LittleEndian.Uint32(refBytes[4*i:])
		}
		words, _, err := Unpack(nil, src, ref)
		if err != nil {
			return
		}
		again, rest, err := Unpack(nil, Pack(nil, words, ref), ref)
		if err != nil || len(rest) != 0 || !slices.Equal(again, words) {
			t.Fatalf("repacked words do not unpack to themselves: %v", err)
		}
	})
}

// packWordsAppending is Pack as first written, each byte appended:
// the packing it must match byte for byte.
func packWordsAppending(dst []byte, words, ref []uint32) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(words)))
	for g := 0; g < len(words); g += 4 {
		at := len(dst)
		dst = append(dst, 0)
		var tag byte
		for i := g; i < min(g+4, len(words)); i++ {
			x := words[i]
			if i < len(ref) {
				x ^= ref[i]
			}
			var c byte
			switch (bits.Len32(x) + 7) / 8 {
			case 0:
			case 1:
				c = 1
			case 2, 3:
				c = 2
			default:
				c = 3
			}
			tag |= c << (2 * (i - g))
			switch c {
			case 1:
				dst = append(dst, byte(x))
			case 2:
				dst = append(dst, byte(x), byte(x>>8), byte(x>>16))
			case 3:
				dst = binary.LittleEndian.AppendUint32(dst, x)
			}
		}
		dst[at] = tag
	}
	return dst
}

// Pack writes whole words into room it makes once; the bytes are
// those of appending each XOR's code bytes, whatever the slack left in
// dst (here filled with garbage) and however the words end in a group.
func TestPackWords_SameBytesAsAppending(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		words := randomWords(rng, rng.IntN(40))
		ref := randomWords(rng, rng.IntN(40))
		if rng.IntN(2) == 0 {
			ref = slices.Clone(words[:rng.IntN(len(words)+1)])
			for i := range ref {
				if rng.IntN(3) == 0 {
					ref[i] ^= rng.Uint32() >> rng.IntN(32)
				}
			}
		}
		prefix := make([]byte, rng.IntN(5), 5+rng.IntN(60))
		for i := range prefix {
			prefix[i] = byte(rng.Uint32())
		}
		garbage := prefix[:cap(prefix)]
		for i := len(prefix); i < len(garbage); i++ {
			garbage[i] = 0xA5
		}
		want := packWordsAppending(slices.Clone(prefix), words, ref)
		if got := Pack(prefix, words, ref); !slices.Equal(got, want) {
			t.Fatalf("words %x against %x:\n got %x\nwant %x", words, ref, got, want)
		}
	}
}
