// Package pngout writes a screenshot's PNG on several cores. The image's
// rows are cut into pieces; each piece's rows are filtered and deflated on
// a core of its own, the deflate stream of every piece but the last ended
// by a sync flush (an empty stored block, which ends on a byte boundary,
// RFC 1951 §3.2.4) so that the pieces concatenate into one zlib stream
// (RFC 1950), whose Adler-32 is combined from the pieces' own. The rows'
// filters are chosen as Go's image/png chooses them at every level but
// none (the least sum of absolute differences, tried in the order up,
// Paeth, none, sub, average), so the inflated image data is the bytes
// image/png's would inflate to; only the deflated bytes differ. The pieces
// depend on the image's height alone, never on the machine's cores, so the
// same picture gives the same file everywhere. It is display-free.
package pngout

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// pieceRows is the fewest rows a piece holds: fewer would cost more in
// the pieces' empty dictionaries than a core gains. maxPieces bounds the
// pieces of a tall image (a 1280×800 picture is 8 pieces of 100 rows).
const (
	pieceRows = 64
	maxPieces = 8
)

// Pieces is how many pieces an image of h rows is cut into.
func Pieces(h int) int {
	return max(min(h/pieceRows, maxPieces), 1)
}

// Encode writes img to w as a PNG at zlib's default level: 8-bit RGB when
// every pixel is opaque, 8-bit RGBA (the colours un-premultiplied, as
// image/png writes an *image.RGBA) otherwise.
func Encode(w io.Writer, img *image.RGBA) error {
	return encode(w, img, Pieces(img.Bounds().Dy()), runtime.GOMAXPROCS(0))
}

// piece is one piece's rows filtered and deflated.
type piece struct {
	z     bytes.Buffer
	adler uint32
	n     int // filtered bytes
	err   error
}

// endPiece ends a piece's deflate stream: a sync flush for every piece but
// the last, which is closed (its final block). A test breaks it to see the
// concatenation fail.
var endPiece = func(fw *flate.Writer, last bool) error {
	if last {
		return fw.Close()
	}
	return fw.Flush()
}

// encode is Encode with n pieces deflated on up to cores goroutines.
func encode(w io.Writer, img *image.RGBA, n, cores int) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if width <= 0 || height <= 0 {
		return errEmpty
	}
	n = max(min(n, height), 1)
	opaque := img.Opaque()
	bpp := 4 // RGBA
	if opaque {
		bpp = 3 // RGB
	}
	pieces := make([]piece, n)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range max(min(cores, n), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var d *deflater
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= n {
					return
				}
				if d == nil {
					d = newDeflater(width * bpp)
				}
				y0, y1 := b.Min.Y+height*k/n, b.Min.Y+height*(k+1)/n
				pieces[k].err = d.deflatePiece(&pieces[k], img, y0, y1, bpp, k == n-1)
			}
		}()
	}
	wg.Wait()
	var sum uint32 = 1 // the Adler-32 of nothing
	for k := range pieces {
		if pieces[k].err != nil {
			return pieces[k].err
		}
		sum = adlerCombine(sum, pieces[k].adler, pieces[k].n)
	}
	cw := chunkWriter{w: w}
	cw.write([]byte("\x89PNG\r\n\x1a\n"))
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(width))
	binary.BigEndian.PutUint32(hdr[4:], uint32(height))
	hdr[8] = 8 // bit depth
	hdr[9] = 2 // RGB
	if !opaque {
		hdr[9] = 6 // RGBA
	}
	cw.chunk("IHDR", hdr[:])
	// The zlib header: deflate with a 32 KiB window (0x78), the default
	// level (0x9C), as compress/zlib writes it at that level.
	head := []byte{0x78, 0x9C}
	for k := range pieces {
		data := pieces[k].z.Bytes()
		if k == 0 {
			data = append(head, data...)
		}
		if k == n-1 {
			data = binary.BigEndian.AppendUint32(data, sum)
		}
		cw.chunk("IDAT", data)
	}
	cw.chunk("IEND", nil)
	return cw.err
}

// deflater is what one goroutine deflates its pieces with, one piece
// after another: the rows, the five filtered candidates and the
// compressor, about 1 MiB of fresh memory whose first touch costs more
// than deflating a piece (made once a goroutine, not once a piece; a
// reset compressor writes what a new one writes).
type deflater struct {
	cur, prev []byte
	cands     [5][]byte
	fw        *flate.Writer
}

// newDeflater makes a deflater for rows of rowLen bytes.
func newDeflater(rowLen int) *deflater {
	d := &deflater{cur: make([]byte, rowLen), prev: make([]byte, rowLen)}
	for i := range d.cands {
		d.cands[i] = make([]byte, 1+rowLen)
		d.cands[i][0] = byte(i)
	}
	return d
}

// deflaters counts the compressors made; a test reads it.
var deflaters atomic.Int64

// deflatePiece filters rows y0 to y1 (the row above y0 read for the
// filters) and deflates them into p.
func (d *deflater) deflatePiece(p *piece, img *image.RGBA, y0, y1, bpp int, last bool) error {
	b := img.Bounds()
	cur, prev := d.cur, d.prev
	if d.fw == nil {
		fw, err := flate.NewWriter(&p.z, flate.DefaultCompression)
		if err != nil {
			return err
		}
		d.fw = fw
		deflaters.Add(1)
	} else {
		d.fw.Reset(&p.z)
	}
	fw := d.fw
	ad := adler32.New()
	if y0 > b.Min.Y {
		rowOf(prev, img, y0-1, bpp)
	} else {
		clear(prev) // the image's first row has none above it
	}
	for y := y0; y < y1; y++ {
		rowOf(cur, img, y, bpp)
		row := d.cands[filterRow(&d.cands, cur, prev, bpp)]
		if _, err := fw.Write(row); err != nil {
			return err
		}
		_, _ = ad.Write(row)
		p.n += len(row)
		cur, prev = prev, cur
	}
	p.adler = ad.Sum32()
	return endPiece(fw, last)
}

// rowOf puts row y of img in dst as the PNG's samples: RGB (bpp 3) or
// non-premultiplied RGBA (bpp 4).
func rowOf(dst []byte, img *image.RGBA, y, bpp int) {
	b := img.Bounds()
	src := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
	if bpp == 3 {
		for i, j := 0, 0; i < len(src); i, j = i+4, j+3 {
			dst[j], dst[j+1], dst[j+2] = src[i], src[i+1], src[i+2]
		}
		return
	}
	for i := 0; i < len(src); i += 4 {
		s, d := src[i:i+4:i+4], dst[i:i+4:i+4]
		switch a := s[3]; a {
		case 0:
			d[0], d[1], d[2], d[3] = 0, 0, 0, 0
		case 0xFF:
			copy(d, s)
		default:
			// color.NRGBAModel's conversion of a premultiplied colour:
			// to 16 bits (×0x101), divided by the 16-bit alpha, back to 8.
			const m = 0x101 * 0xFFFF
			a16 := uint32(a) * 0x101
			d[0] = uint8(uint32(s[0]) * m / a16 >> 8)
			d[1] = uint8(uint32(s[1]) * m / a16 >> 8)
			d[2] = uint8(uint32(s[2]) * m / a16 >> 8)
			d[3] = a
		}
	}
}

// filterRow writes cur filtered by each of the five filters (PNG §9.2)
// into cands[f][1:], as far as needed, and returns the filter whose
// bytes, read as signed, sum to the least in absolute value; ties go to
// the one tried first in the order up, Paeth, none, sub, average.
func filterRow(cands *[5][]byte, cur, prev []byte, bpp int) int {
	const (
		none, sub, up, average, paeth = 0, 1, 2, 3, 4
	)
	n := len(cur)
	best, filter := 0, up
	c := cands[up][1:]
	for i := range n {
		c[i] = cur[i] - prev[i]
		best += abs8(c[i])
	}
	try := func(f int, at func(i int) byte) {
		c := cands[f][1:]
		sum := 0
		for i := range n {
			c[i] = at(i)
			if sum += abs8(c[i]); sum >= best {
				return
			}
		}
		best, filter = sum, f
	}
	try(paeth, func(i int) byte {
		if i < bpp {
			return cur[i] - prev[i]
		}
		return cur[i] - paethOf(cur[i-bpp], prev[i], prev[i-bpp])
	})
	try(none, func(i int) byte { return cur[i] })
	try(sub, func(i int) byte {
		if i < bpp {
			return cur[i]
		}
		return cur[i] - cur[i-bpp]
	})
	try(average, func(i int) byte {
		if i < bpp {
			return cur[i] - prev[i]/2
		}
		return cur[i] - uint8((int(cur[i-bpp])+int(prev[i]))/2)
	})
	return filter
}

// abs8 is |d| for d read as a signed byte.
func abs8(d byte) int {
	if d < 128 {
		return int(d)
	}
	return 256 - int(d)
}

// paethOf is the Paeth predictor of a (left), b (above), c (above left).
func paethOf(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := absInt(p-int(a)), absInt(p-int(b)), absInt(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// adlerBase is Adler-32's modulus (RFC 1950 §8).
const adlerBase = 65521

// adlerCombine is the Adler-32 of A then B from a's (of A), b's (of B)
// and B's length: B's sums each shifted by A's, B's second sum by A's
// first once per byte of B.
func adlerCombine(a, b uint32, lenB int) uint32 {
	rem := uint32(lenB % adlerBase)
	a1, a2 := a&0xFFFF, a>>16
	b1, b2 := b&0xFFFF, b>>16
	s1 := (a1 + b1 + adlerBase - 1) % adlerBase
	s2 := (a2 + b2 + rem*a1%adlerBase + adlerBase - rem) % adlerBase
	return s2<<16 | s1
}

// chunkWriter writes a PNG's chunks, keeping the first error.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (cw *chunkWriter) write(b []byte) {
	if cw.err == nil && len(b) > 0 {
		_, cw.err = cw.w.Write(b)
	}
}

// chunk writes one chunk: length, type, data, CRC of type and data.
func (cw *chunkWriter) chunk(kind string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	_, _ = crc.Write(head[4:])
	_, _ = crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	cw.write(head[:])
	cw.write(data)
	cw.write(tail[:])
}

// errEmpty refuses an image with no pixels (PNG's IHDR needs both sides
// at least 1).
var errEmpty = errorString("pngout: an empty image")

type errorString string

func (e errorString) Error() string { return string(e) }
