// Checkpoint packing: words packed against a reference unpack to exactly
// the same words, whatever the reference's length, and the packing is as
// small as its format promises; corrupt bytes give an error, never a
// panic (fuzzed).

package engine

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"glidepath/engine/scenario"
	"glidepath/physics"
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
			buf = packWords(buf, words, ref)
			objs, refs = append(objs, words), append(refs, ref)
		}
		src := buf
		for i, want := range objs {
			var got []uint32
			var err error
			got, src, err = unpackWords(nil, src, refs[i])
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
	if got := len(packWords(nil, words, words)); got != 1+2 {
		t.Fatalf("equal words: %d bytes, want 3 (count and two tags)", got)
	}
	ref := slices.Clone(words)
	ref[0] ^= 0x7F       // 1 byte
	ref[1] ^= 0x1234     // 3 bytes
	ref[2] ^= 0x123456   // 3 bytes
	ref[3] ^= 0x12345678 // 4 bytes
	if got := len(packWords(nil, words, ref)); got != 1+2+1+3+3+4 {
		t.Fatalf("four changed words: %d bytes, want 14", got)
	}
}

// Corrupt or cut packed bytes give an error.
func TestUnpackWords_Corrupt(t *testing.T) {
	full := packWords(nil, []uint32{0xDEADBEEF, 7, 0, 0x01020304, 9}, nil)
	for n := range len(full) {
		if _, _, err := unpackWords(nil, full[:n], nil); err == nil {
			t.Fatalf("cut to %d of %d bytes: no error", n, len(full))
		}
	}
	huge := binary.AppendUvarint(nil, maxObjectWords+1)
	if _, _, err := unpackWords(nil, huge, nil); err == nil {
		t.Fatal("a word count over the limit: no error")
	}
}

// Every object of a real run — created, moving, deleted — goes to words
// and back into another Sim's slot, which then writes the same words.
func TestObjectWords_RoundTripOnARun(t *testing.T) {
	for _, rec := range seekRecordings(t) {
		a := newSim(t, rec, Options{RecordStages: true})
		b := newSim(t, rec, Options{RecordStages: true})
		refs := &animRefs{}
		for k := 0; k <= a.LastTick(); k += 7 {
			runTo(a, k)
			for i, o := range a.slots[:a.nslots] {
				var w physics.StateWriter
				appendObjectWords(&w, o, refs)
				ob := b.slots[i]
				r := physics.StateReader{W: w.W}
				loadObjectWords(&r, ob, refs.list)
				if r.Err != nil || len(r.W) != 0 {
					t.Fatalf("%s tick %d slot %d: %v, %d words left", rec.Name, k, i, r.Err, len(r.W))
				}
				b.wire(ob)
				var again physics.StateWriter
				appendObjectWords(&again, ob, refs)
				if !slices.Equal(again.W, w.W) {
					t.Fatalf("%s tick %d slot %d: the words differ after a round trip", rec.Name, k, i)
				}
			}
		}
	}
}

// Every field of the engine's book of an object is in its words (the
// round trip above compares words; a field added without one fails here).
func TestObjectWords_EveryBookField(t *testing.T) {
	if n := reflect.TypeOf(objectBook{}).NumField(); n != 12 {
		t.Fatalf("objectBook has %d fields; the words were written for 12", n)
	}
	// shape and hasShape (the Setup's shape from the dats) are fixed when
	// the slot is made, like ent and table: not state.
	if n := reflect.TypeOf(object{}).NumField(); n != 17 {
		t.Fatalf("object has %d fields; checkpoints were written for 17 (say in checkpoint_words.go whether the new one is state)", n)
	}
}

// The crowd's objects pack small: the point of the format.
func TestCheckpoints_PackSmall(t *testing.T) {
	rec := scenario.BenchRecording(50, 1, 0.5, 1)
	s := newSim(t, rec, Options{CheckpointInterval: 32})
	s.RunAll(nil)
	n := int64(s.LastTick()/32+1) * 50
	if per := s.CheckpointBytes() / n; per > packedObjectBytes {
		t.Fatalf("%d bytes per object per checkpoint, over the %d the budget assumes", per, packedObjectBytes)
	}
}

// FuzzUnpackWords: any bytes and reference unpack to words or an error,
// never a panic, and words that unpack pack back to bytes that unpack to
// them again.
func FuzzUnpackWords(f *testing.F) {
	f.Add(packWords(nil, []uint32{1, 0x42C80000, 0, 0xFFFFFFFF, 5}, nil), []byte{1, 2, 3, 4})
	f.Add(packWords(nil, randomWords(rand.New(rand.NewPCG(1, 1)), 40), nil), []byte{})
	f.Add([]byte{0x80, 0x80, 0x80, 0x80, 0x01}, []byte{})
	f.Fuzz(func(t *testing.T, src, refBytes []byte) {
		ref := make([]uint32, len(refBytes)/4)
		for i := range ref {
			ref[i] = binary.LittleEndian.Uint32(refBytes[4*i:])
		}
		words, _, err := unpackWords(nil, src, ref)
		if err != nil {
			return
		}
		again, rest, err := unpackWords(nil, packWords(nil, words, ref), ref)
		if err != nil || len(rest) != 0 || !slices.Equal(again, words) {
			t.Fatalf("repacked words do not unpack to themselves: %v", err)
		}
	})
}

// FuzzLoadObjectWords: any words load into an object or set the reader's
// error, never a panic.
func FuzzLoadObjectWords(f *testing.F) {
	rec := scenario.BenchRecording(2, 0.05, 0.5, 1)
	s := newSim(f, rec, Options{})
	runTo(s, 20)
	refs := &animRefs{}
	var w physics.StateWriter
	appendObjectWords(&w, s.slots[0], refs)
	seed := make([]byte, 4*len(w.W))
	for i, v := range w.W {
		binary.LittleEndian.PutUint32(seed[4*i:], v)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		words := make([]uint32, len(b)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		r := physics.StateReader{W: words}
		loadObjectWords(&r, s.slots[1], refs.list)
	})
}

// packWordsAppending is packWords as first written, each byte appended:
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

// packWords writes whole words into room it makes once; the bytes are
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
		if got := packWords(prefix, words, ref); !slices.Equal(got, want) {
			t.Fatalf("words %x against %x:\n got %x\nwant %x", words, ref, got, want)
		}
	}
}
