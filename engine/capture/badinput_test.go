package capture_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

// smallCapture is the example recording as a capture.
func smallCapture(t testing.TB, f capturetest.Format) []byte {
	t.Helper()
	src, err := recording.ReadFile("../../recordings/example.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, src, capturetest.Config{Format: f, Link: capturetest.Ethernet, SplitEvery: 3, Noise: true}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readAll imports data and checks that whatever it gives is a recording
// the writer accepts; it returns the summary, or the open error.
func readAll(t testing.TB, data []byte) (*capture.Summary, error) {
	r, err := capture.NewReader("in.pcap", bytes.NewReader(data), capture.Options{})
	if err != nil {
		return nil, err
	}
	h := r.Header()
	w, err := recording.NewWriter("out", io.Discard, &h)
	if err != nil {
		t.Fatalf("header refused: %v", err)
	}
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if err := w.Write(&ev); err != nil {
			t.Fatalf("an imported event is not valid Recording v1: %v", err)
		}
	}
	return r.Summary(), nil
}

// TestTruncated_EveryCut: a capture cut at any byte imports what came
// before the cut, counts the broken frame, and never panics.
func TestTruncated_EveryCut(t *testing.T) {
	for _, f := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		data := smallCapture(t, f)
		full, err := readAll(t, data)
		if err != nil {
			t.Fatal(err)
		}
		// Every cut in the file header and the last 300 bytes; 150 cuts
		// spread over the rest.
		step := len(data)/150 + 1
		for cut := 0; cut < len(data); cut++ {
			if cut > 120 && cut < len(data)-300 && cut%step != 0 {
				continue
			}
			sum, err := readAll(t, data[:cut])
			if err != nil {
				var nc *capture.NotCaptureError
				if !errors.As(err, &nc) {
					t.Fatalf("%v cut at %d: %v", f, cut, err)
				}
				continue
			}
			if sum.Frames > full.Frames {
				t.Fatalf("%v cut at %d: %d frames, more than the whole file's %d", f, cut, sum.Frames, full.Frames)
			}
		}
		// Cut inside the last frame: that frame is counted, with its number.
		sum, _ := readAll(t, data[:len(data)-3])
		if sum.MalformedCount != 1 || sum.Malformed[0].Frame != full.Frames+1 && sum.Malformed[0].Frame != full.Frames {
			t.Errorf("%v: malformed %v, want the last frame", f, sum.Malformed)
		}
	}
}

func TestNotACapture(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("{\"format\":\"glidepath-recording\"}\n"), {0xD4, 0xC3, 0xB2}} {
		_, err := capture.NewReader("notes.txt", bytes.NewReader(data), capture.Options{})
		var nc *capture.NotCaptureError
		if !errors.As(err, &nc) || !strings.Contains(err.Error(), "notes.txt") || !strings.Contains(err.Error(), "pcap or pcapng") {
			t.Errorf("%q: %v, want a NotCaptureError naming the file and what was expected", data, err)
		}
	}
}

// TestBadPackets_SkippedAndCounted: a packet whose size overruns the
// datagram, a fragment with a bad size, an index past its count and a
// message too short for its opcode are each counted with their frame;
// the good message after them still arrives.
func TestBadPackets_SkippedAndCounted(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf) // frame 1
	good := recording.UpdatePosition{GUID: 0x80000007, Pos: at(0xA9B4001F, 1, 2, 3), Seq: recording.PositionSeq{Position: 1}}
	pkt := capturetest.Packet(10, 0, nil, []capturetest.Frag{{Seq: 1, ID: 0x80000000, Count: 1, Data: make([]byte, 40)}})
	binary.LittleEndian.PutUint16(pkt[16:], 500) // size overruns
	s.SendRaw(0.1, pkt)                          // frame 2
	pkt = capturetest.Packet(11, 0, nil, []capturetest.Frag{{Seq: 2, ID: 0x80000000, Count: 1, Data: make([]byte, 40)}})
	// Frame 3: a fragment size below its header.
	binary.LittleEndian.PutUint16(pkt[30:], 3)
	s.SendRaw(0.2, pkt)
	// Frame 4: an index past the count; 5 and 6: messages too short.
	s.SendRaw(0.3, capturetest.Packet(12, 0, nil, []capturetest.Frag{{Seq: 3, ID: 0x80000000, Count: 2, Index: 2, Data: []byte{1}}}))
	s.SendRaw(0.4, capturetest.Packet(13, 0, nil, []capturetest.Frag{{Seq: 4, ID: 0x80000000, Count: 1, Data: []byte{0x48, 0xF7, 0, 0, 1, 2}}}))
	s.SendRaw(0.5, capturetest.Packet(14, 0, nil, []capturetest.Frag{{Seq: 5, ID: 0x80000000, Count: 1, Data: []byte{0x48, 0xF7}}}))
	s.SendRaw(0.6, []byte{1, 2, 3}) // frame 7: shorter than a packet header
	s.Message(0.7, recording.EncodeUpdatePosition(&good))
	s.Flush(0.7) // frame 8
	rec, sum := importBytes(t, "bad", buf.Bytes(), capture.Options{})
	frames := []int{}
	for _, p := range sum.Malformed {
		frames = append(frames, p.Frame)
	}
	want := []int{2, 3, 4, 5, 6, 7}
	if len(frames) != len(want) {
		t.Fatalf("malformed %v, want frames %v", sum.Malformed, want)
	}
	for i := range want {
		if frames[i] != want[i] {
			t.Fatalf("malformed %v, want frames %v", sum.Malformed, want)
		}
	}
	if n := len(rec.Events); n != 2 || rec.Events[1].Kind != recording.KindPosition {
		t.Errorf("events %v, want the good message's create and position", rec.Events)
	}
}

// TestPcapngHugeLength_NoAllocation: a packet block claiming a captured
// length of 4 GB ends the stream as damaged instead of allocating it.
func TestPcapngHugeLength_NoAllocation(t *testing.T) {
	data := smallCapture(t, capturetest.Pcapng)
	// The first enhanced packet block follows SHB (28), IDB (32) and the
	// unknown block (16); its captured length is at +20.
	epb := 28 + 32 + 16
	if binary.LittleEndian.Uint32(data[epb:]) != 6 {
		t.Fatalf("layout changed: no EPB at %d", epb)
	}
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(bad[epb+20:], 0xFFFFFFF0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sum, err := readAll(t, bad)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("the import allocated %d MB", grew>>20)
	}
	if sum.MalformedCount != 1 || !strings.Contains(sum.Malformed[0].Problem, "captured length") {
		t.Errorf("malformed %v", sum.Malformed)
	}
}

// TestPcapngBadResolution_NoPanic: an interface whose timestamp resolution
// is 10^-64 s makes gopacket divide by zero; the file ends there as
// damaged instead.
func TestPcapngBadResolution_NoPanic(t *testing.T) {
	data := append([]byte(nil), smallCapture(t, capturetest.Pcapng)...)
	// The IDB follows the 28-byte SHB; its if_tsresol value is at +20.
	if binary.LittleEndian.Uint16(data[28+16:]) != 9 || data[28+20] != 9 {
		t.Fatalf("layout changed: no if_tsresol at %d", 28+20)
	}
	data[28+20] = 64
	sum, err := readAll(t, data)
	if err == nil && (sum.MalformedCount != 1 || !strings.Contains(sum.Malformed[0].Problem, "failure")) {
		t.Errorf("malformed %v", sum.Malformed)
	}
}

// failingReader gives data, then err instead of the end of the file: a
// followed capture truncated or replaced (recording.Tail), or an I/O error.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// TestReadError_IsNotTheEnd: the file failing to be read is an error
// naming the file and the frame, after the events read before it — not the
// capture's end, and not a malformed frame — wherever it fails, the file
// header included, pcap and pcapng alike.
func TestReadError_IsNotTheEnd(t *testing.T) {
	cause := errors.New("the followed file was truncated")
	for _, f := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		data := smallCapture(t, f)
		for _, cut := range []int{0, 10, len(data) / 3, len(data) / 2, len(data) - 1, len(data)} {
			r, err := capture.NewReader("live.pcap", &failingReader{data[:cut], cause}, capture.Options{})
			for err == nil {
				_, err = r.Next()
			}
			var re *capture.ReadError
			if !errors.As(err, &re) || !errors.Is(err, cause) || re.File != "live.pcap" || re.Frame < 1 ||
				!strings.HasPrefix(err.Error(), "live.pcap: frame ") || !strings.Contains(err.Error(), ": read: the followed file was truncated") {
				t.Fatalf("format %v, cut at %d of %d: error %v, want a *ReadError of the file naming its frame", f, cut, len(data), err)
			}
			if r != nil && r.Summary().MalformedCount != 0 {
				t.Errorf("format %v, cut at %d: %d malformed frames counted for a read error", f, cut, r.Summary().MalformedCount)
			}
		}
	}
}
