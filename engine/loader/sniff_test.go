package loader

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
)

// What a stream is, told from its first bytes when its name says nothing:
// a capture's magic number, a recording's brace, a scenario's YAML — also
// inside gzip — and nothing of the stream consumed by looking.
func TestKindOf_ByContentWhenTheNameSaysNothing(t *testing.T) {
	gz := func(s string) string {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		io.WriteString(zw, s)
		zw.Close()
		return b.String()
	}
	pcap := "\xD4\xC3\xB2\xA1\x02\x00\x04\x00"
	for _, c := range []struct {
		name, data string
		want       Kind
	}{
		{"-", `{"format":"glidepath-recording"}`, KindRecording},
		{"-", "\xEF\xBB\xBF\n  {", KindRecording},
		{"-", "", KindRecording},
		{"-", "duration: 3\nremotes: []\n", KindScenario},
		{"-", "# a comment\n", KindScenario},
		{"-", pcap, KindCapture},
		{"-", "\x0A\x0D\x0D\x0A", KindCapture},
		{"/dev/fd/63", gz(`{"format":1}`), KindRecording},
		{"/dev/fd/63", gz(pcap), KindCapture},
		{"/dev/fd/63", gz("duration: 1"), KindScenario},
		{"x.jsonl", "duration: 1", KindRecording}, // the name decides
		{"x.yaml", "{", KindScenario},
		{"x.pcap.gz", "{", KindCapture},
	} {
		br := bufio.NewReaderSize(strings.NewReader(c.data), 64<<10)
		if got := KindOf(c.name, br); got != c.want {
			t.Errorf("KindOf(%s, %q) = %v, want %v", c.name, c.data, got, c.want)
		}
		if rest, _ := io.ReadAll(br); string(rest) != c.data {
			t.Errorf("KindOf(%s, %q) consumed the stream", c.name, c.data)
		}
	}
}

// A recording read from a stream with no name to go by runs as the file
// does: the same events.
func TestOpenReader_StreamAsTheFile(t *testing.T) {
	data, err := os.ReadFile("../testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Load("../testdata/far_jump.jsonl", assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := OpenReader("-", io.NopCloser(bytes.NewReader(data)), assets.FS(), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	n := 0
	for {
		_, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != len(want.Events) {
		t.Fatalf("%d events from the stream, %d from the file", n, len(want.Events))
	}
}

// FuzzOpenReader: telling the kind of any bytes under a name that says
// nothing never panics and never consumes the stream; bytes told a
// recording are read as a file named .jsonl is — the same events or the
// same error (scenarios and captures have fuzz targets of their own).
func FuzzOpenReader(f *testing.F) {
	if b, err := os.ReadFile("../testdata/far_jump.jsonl"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("\x1F\x8B"))
	f.Add([]byte("\xD4\xC3\xB2\xA1"))
	f.Add([]byte("duration: 1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		br := bufio.NewReaderSize(bytes.NewReader(data), 64<<10)
		kind := KindOf("in", br)
		if rest, _ := io.ReadAll(br); !bytes.Equal(rest, data) {
			t.Fatal("telling the kind consumed the stream")
		}
		if kind != KindRecording {
			return
		}
		read := func(name string) (int, string) {
			src, _, err := OpenReader(name, io.NopCloser(bytes.NewReader(data)), assets.FS(), LoadOptions{})
			if err != nil {
				return 0, strings.ReplaceAll(err.Error(), name, "NAME")
			}
			defer src.Close()
			n := 0
			for ; n < 1000; n++ {
				if _, err := src.Next(); err == io.EOF {
					break
				} else if err != nil {
					return n, strings.ReplaceAll(err.Error(), name, "NAME")
				}
			}
			return n, ""
		}
		n1, e1 := read("Q7INPUT")
		n2, e2 := read("Q7INPUT.jsonl")
		if n1 != n2 || e1 != e2 {
			t.Fatalf("told by content: %d events, %q; by name: %d, %q", n1, e1, n2, e2)
		}
	})
}

// A datagram JSONL file of the public corpus is a capture whatever its
// name says (.jsonl names a recording): its first line tells it, on a file
// and on a stream.
func TestKindOf_DatagramJSONL(t *testing.T) {
	line := `{"t": 0.0, "dir": "c2s", "pair": 0, "len": 2, "data": "0000"}` + "\n"
	for _, name := range []string{"session.jsonl", "session.json", "-", "session.data"} {
		if k := KindOf(name, bufio.NewReader(strings.NewReader(line))); k != KindCapture {
			t.Errorf("%s: kind %v, want a capture", name, k)
		}
	}
	rec := `{"format":"glidepath-recording","version":1,"entities":[]}` + "\n"
	if k := KindOf("rec.jsonl", bufio.NewReader(strings.NewReader(rec))); k != KindRecording {
		t.Errorf("a recording's header: kind %v", k)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "fellowship.jsonl")
	if err := os.WriteFile(p, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if !IsCapture(p) {
		t.Error("IsCapture: a datagram JSONL file is not taken for a capture")
	}
}
