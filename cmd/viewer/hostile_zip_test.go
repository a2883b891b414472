// Hostile evidence pack zips for the hostile-input suite (issue 43,
// docs/web.md "Opening an evidence pack"): each is opened as `viewer
// FILE.zip` — the pack is read before any window opens — and must be
// bad input naming the zip and the entry.

package main

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"
)

// hostilePackZip writes a zip named name in dir: kind "huge" has a
// recording.jsonl whose header claims a terabyte inflated, "traversal" an
// entry named ../x beside a good pack's two, "nomanifest" a recording but
// no README.md, "truncated" a good pack's first half.
func hostilePackZip(t *testing.T, dir, name, kind string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(h *zip.FileHeader, data string) {
		w, err := zw.CreateRaw(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	stored := func(name, data string) {
		add(&zip.FileHeader{Name: name, Method: zip.Store, CRC32: crc32.ChecksumIEEE([]byte(data)), CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(len(data))}, data)
	}
	if kind != "nomanifest" {
		stored("README.md", "# Evidence pack: snap of 0x00000001 at tick 5\n\nInput `x`, reading `seed`.\n")
	}
	switch kind {
	case "huge":
		add(&zip.FileHeader{Name: "recording.jsonl", Method: zip.Store, CompressedSize64: 2, UncompressedSize64: 1 << 40}, "x\n")
	case "traversal":
		stored("recording.jsonl", hostileHeader)
		stored("../x", "x\n")
	default:
		stored("recording.jsonl", hostileHeader)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if kind == "truncated" {
		data = data[:len(data)/2]
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
