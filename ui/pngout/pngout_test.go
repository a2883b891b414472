package pngout

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// randomImage is a w×h picture: opaque, or with every alpha (its colours
// premultiplied, as an image.RGBA's are), in bands of flat colour, a
// gradient and noise, so that every filter wins some rows.
func randomImage(r *rand.Rand, w, h int, opaque bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(3, -2, 3+w, -2+h)) // a bounds not at the origin
	for y := range h {
		band := r.IntN(3)
		for x := range w {
			i := y*img.Stride + x*4
			px := img.Pix[i : i+4 : i+4]
			switch band {
			case 0:
				px[0], px[1], px[2] = 40, 60, 80
			case 1:
				px[0], px[1], px[2] = uint8(x), uint8(x+y), uint8(y*3)
			default:
				px[0], px[1], px[2] = uint8(r.Uint32()), uint8(r.Uint32()), uint8(r.Uint32())
			}
			px[3] = 0xFF
			if !opaque {
				a := uint8(r.Uint32())
				if r.IntN(4) == 0 {
					a = 0xFF
				}
				px[3] = a
				for c := range 3 {
					px[c] = uint8(uint32(px[c]) * uint32(a) / 0xFF)
				}
			}
		}
	}
	return img
}

// inflated is the PNG's IHDR and its IDATs' data inflated, the stream's
// Adler-32 checked (zlib's reader checks it at the end).
func inflated(t *testing.T, b []byte) (hdr, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatal("no PNG signature")
	}
	var idat []byte
	for i := 8; i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		kind, body := string(b[i+4:i+8]), b[i+8:i+8+n]
		switch kind {
		case "IHDR":
			hdr = body
		case "IDAT":
			idat = append(idat, body...)
		}
		i += 12 + n
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatal(err)
	}
	data, err = io.ReadAll(zr)
	if err != nil {
		t.Fatalf("inflating the image data: %v", err)
	}
	return hdr, data
}

// decoded is png.Decode's pixels of b.
func decoded(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("png.Decode: %v", err)
	}
	return img
}

// samePixels reports whether two decoded images hold the same pixels
// (image/png decodes RGB as *image.RGBA, RGBA as *image.NRGBA).
func samePixels(a, b image.Image) bool {
	switch a := a.(type) {
	case *image.RGBA:
		b, ok := b.(*image.RGBA)
		return ok && a.Rect.Size() == b.Rect.Size() && bytes.Equal(a.Pix, b.Pix)
	case *image.NRGBA:
		b, ok := b.(*image.NRGBA)
		return ok && a.Rect.Size() == b.Rect.Size() && bytes.Equal(a.Pix, b.Pix)
	}
	return false
}

// The pieces' PNG decodes (image/png) to the pixels image/png's own file
// of the same image decodes to, and inflates to the same filtered rows
// (the filters chosen alike), for opaque and translucent random images,
// with 1 to h rows per piece, whatever the cores.
func TestEncode_SamePixelsAndRowsAsImagePNG(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 9000))
	for _, size := range []image.Point{{1, 1}, {7, 5}, {33, 17}, {200, 64}, {129, 130}} {
		for _, opaque := range []bool{true, false} {
			img := randomImage(r, size.X, size.Y, opaque)
			var want bytes.Buffer
			if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&want, img); err != nil {
				t.Fatal(err)
			}
			wantHdr, wantData := inflated(t, want.Bytes())
			wantImg := decoded(t, want.Bytes())
			for _, n := range []int{1, 2, 3, size.Y / 2, size.Y - 1, size.Y, size.Y + 5} {
				if n < 1 {
					continue
				}
				for _, cores := range []int{1, 3} {
					var got bytes.Buffer
					if err := encode(&got, img, n, cores); err != nil {
						t.Fatal(err)
					}
					hdr, data := inflated(t, got.Bytes())
					if !bytes.Equal(hdr, wantHdr) {
						t.Fatalf("%v opaque=%v %d pieces: IHDR %x, image/png's %x", size, opaque, n, hdr, wantHdr)
					}
					if !bytes.Equal(data, wantData) {
						t.Fatalf("%v opaque=%v %d pieces: the inflated rows differ from image/png's", size, opaque, n)
					}
					if !samePixels(decoded(t, got.Bytes()), wantImg) {
						t.Fatalf("%v opaque=%v %d pieces: other pixels than image/png's", size, opaque, n)
					}
				}
			}
		}
	}
}

// The file depends on the image alone: the same bytes on one core or many.
func TestEncode_SameBytesOnAnyCores(t *testing.T) {
	img := randomImage(rand.New(rand.NewPCG(1, 2)), 300, 800, true)
	var one, many bytes.Buffer
	if err := encode(&one, img, Pieces(800), 1); err != nil {
		t.Fatal(err)
	}
	if err := encode(&many, img, Pieces(800), 16); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.Bytes(), many.Bytes()) {
		t.Fatal("the bytes depend on the cores")
	}
	if Pieces(800) != 8 || Pieces(100) != 1 || Pieces(1) != 1 || Pieces(8192) != 8 {
		t.Fatalf("Pieces: 800 rows %d, 100 rows %d, 1 row %d, 8192 rows %d", Pieces(800), Pieces(100), Pieces(1), Pieces(8192))
	}
}

// A goroutine deflates its pieces with one compressor, reset between
// them: the 8 pieces of an 800-row picture on 2 cores make 2 compressors
// (about 1 MiB of fresh memory each), not 8, and the bytes are those of
// a compressor a piece (TestEncode_SameBytesOnAnyCores: 1 core against 16).
func TestEncode_OneCompressorPerGoroutine(t *testing.T) {
	img := randomImage(rand.New(rand.NewPCG(3, 4)), 300, 800, true)
	before := deflaters.Load()
	var b bytes.Buffer
	if err := encode(&b, img, Pieces(800), 2); err != nil {
		t.Fatal(err)
	}
	if n := deflaters.Load() - before; n > 2 {
		t.Errorf("%d compressors for 8 pieces on 2 cores, want at most 2", n)
	}
}

// A piece boundary that is not a non-final, byte-aligned end breaks the
// stream: a piece closed as the final block (the inflater stops there),
// or one left unflushed (its last block unfinished, not byte-aligned).
func TestEncode_BrokenPieceBoundaryFails(t *testing.T) {
	img := randomImage(rand.New(rand.NewPCG(3, 4)), 64, 40, true)
	defer func(f func(*flate.Writer, bool) error) { endPiece = f }(endPiece)
	for name, end := range map[string]func(*flate.Writer, bool) error{
		"every piece final": func(fw *flate.Writer, _ bool) error { return fw.Close() },
		"no flush":          func(fw *flate.Writer, last bool) error { return nil },
	} {
		endPiece = end
		var b bytes.Buffer
		if err := encode(&b, img, 4, 2); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b.Bytes())); err == nil {
			t.Errorf("%s: the broken stream decoded", name)
		}
	}
}

// adlerCombine of two parts' sums is the sum of the whole, for parts of
// every length up to past the modulus.
func TestAdlerCombine(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	data := make([]byte, 3*adlerBase)
	for i := range data {
		data[i] = uint8(r.Uint32())
	}
	data[0], data[1] = 0xFF, 0xFF
	for _, cut := range []int{0, 1, 2, 100, adlerBase - 1, adlerBase, adlerBase + 1, 2*adlerBase + 7, len(data)} {
		a, b := adler32.Checksum(data[:cut]), adler32.Checksum(data[cut:])
		if got, want := adlerCombine(a, b, len(data)-cut), adler32.Checksum(data); got != want {
			t.Fatalf("cut at %d: %08x, want %08x", cut, got, want)
		}
	}
}

// Another reader than Go's: python3's zlib inflates the pieces' stream
// (checking its Adler-32) to image/png's rows. Skipped without python3.
func TestEncode_PythonInflates(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	img := randomImage(rand.New(rand.NewPCG(7, 8)), 120, 300, true)
	var got, want bytes.Buffer
	if err := encode(&got, img, 5, 2); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&want, img); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	if err := os.WriteFile(a, got.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, want.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const script = `
import struct, sys, zlib
def image(path):
    data = open(path, "rb").read()
    i, idat = 8, b""
    while i + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        if kind == b"IDAT":
            idat += data[i + 8:i + 8 + n]
        i += 12 + n
    return zlib.decompress(idat)
sys.exit(0 if image(sys.argv[1]) == image(sys.argv[2]) else 1)
`
	if out, err := exec.Command(py, "-c", script, a, b).CombinedOutput(); err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
}
