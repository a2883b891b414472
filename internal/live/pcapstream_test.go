package live

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// The stream an interface's frames are written as is a pcap file that an
// independent reader (gopacket's pcapgo) reads back frame for frame: link
// type LINKTYPE_RAW, each frame's bytes, lengths and timestamp to the
// microsecond (pcap-savefile(5)).
func TestPcapStream_ReadsBackWithPcapgo(t *testing.T) {
	frames := [][]byte{{0x45, 0, 0, 20}, bytes.Repeat([]byte{0x45, 7}, 700), {0x45}}
	base := time.Date(2026, 12, 6, 13, 0, 0, 123456000, time.UTC)
	b := pcapFileHeader(LinkRaw)
	for i, f := range frames {
		b = appendPcapRecord(b, base.Add(time.Duration(i)*1500*time.Microsecond), f)
	}
	r, err := pcapgo.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if r.LinkType() != layers.LinkType(LinkRaw) {
		t.Errorf("link type %v, want %d", r.LinkType(), LinkRaw)
	}
	for i, want := range frames {
		data, ci, err := r.ReadPacketData()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if !bytes.Equal(data, want) || ci.Length != len(want) || ci.CaptureLength != len(want) {
			t.Errorf("frame %d: %d bytes (%d, %d), want %d", i, len(data), ci.Length, ci.CaptureLength, len(want))
		}
		if ts := base.Add(time.Duration(i) * 1500 * time.Microsecond); !ci.Timestamp.Equal(ts) {
			t.Errorf("frame %d: timestamp %v, want %v", i, ci.Timestamp, ts)
		}
	}
	if _, _, err := r.ReadPacketData(); err != io.EOF {
		t.Errorf("after the frames: %v, want EOF", err)
	}
}

// The queue between the socket and the capture reader: Read waits for
// bytes written later, never loses or reorders them, and gives the close
// error only once everything written has been read.
func TestQueue_ReadWaitsAndEndsAfterTheBytes(t *testing.T) {
	q := newQueue()
	got := make(chan []byte)
	go func() {
		var all []byte
		buf := make([]byte, 3)
		for {
			n, err := q.Read(buf)
			all = append(all, buf[:n]...)
			if err != nil {
				if err != io.ErrClosedPipe {
					all = append(all, []byte("wrong error: "+err.Error())...)
				}
				got <- all
				return
			}
		}
	}()
	q.write([]byte("hello, "))
	time.Sleep(10 * time.Millisecond)
	q.write([]byte("world"))
	q.closeWithError(io.ErrClosedPipe)
	if s := string(<-got); s != "hello, world" {
		t.Errorf("read %q", s)
	}
}
