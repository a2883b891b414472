package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/scenario"
)

// followRun runs `viewer run -follow …` in-process on its own goroutine;
// the returned function waits for it and gives its status and output.
func followRun(args ...string) func() (int, string, string) {
	var out, errs bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(append([]string{"run", "-follow"}, args...), &out, &errs) }()
	return func() (int, string, string) {
		code := <-done
		return code, out.String(), errs.String()
	}
}

// appendTo appends s to the file at path.
func appendTo(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// A recording appended to while the run follows it — its header first, then
// events in pieces, one line torn in two across writes — gives the metrics
// of the finished file, printed more than once on the way.
func TestRunFollow_FileAppendedWhileRunning(t *testing.T) {
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, []byte(lines[0]), 0o644) // the header only
	wait := followRun("-json", "-idle", "2s", path)
	pause := func() { time.Sleep(150 * time.Millisecond) }
	pause()
	half := len(lines) / 2
	appendTo(t, path, strings.Join(lines[1:half], ""))
	pause()
	torn := lines[half]
	appendTo(t, path, torn[:len(torn)/2])
	pause()
	appendTo(t, path, torn[len(torn)/2:])
	pause()
	appendTo(t, path, strings.Join(lines[half+1:], ""))
	code, out, errs := wait()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	docs := strings.Split(strings.TrimSpace(out), "\n")
	if len(docs) < 2 {
		t.Errorf("metrics printed %d times, want them printed as they changed:\n%s", len(docs), out)
	}
	var got, want map[string]any
	if err := json.Unmarshal([]byte(docs[len(docs)-1]), &got); err != nil {
		t.Fatal(err)
	}
	code, full, errs := viewer(t, "run", "-json", path)
	if code != 0 {
		t.Fatalf("the finished file: exit %d: %s", code, errs)
	}
	json.Unmarshal([]byte(full), &want)
	if !reflect.DeepEqual(got["objects"], want["objects"]) || got["ticks"] != want["ticks"] {
		t.Errorf("followed metrics differ from the finished file's:\nfollowed %v\nfinished %v", got, want)
	}
}

// A followed file that is truncated, replaced or removed is reported, the
// metrics reached printed first; nothing panics.
func TestRunFollow_TruncatedOrReplacedIsReported(t *testing.T) {
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	start := strings.Join(lines[:len(lines)/2], "")
	cases := []struct {
		name string
		do   func(path string)
		want string
	}{
		{"truncated", func(p string) { os.Truncate(p, 0) }, "was truncated"},
		{"replaced", func(p string) {
			os.WriteFile(p+".new", data, 0o644)
			os.Rename(p+".new", p)
		}, "was replaced by another file"},
		{"removed", func(p string) { os.Remove(p) }, "is gone"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "live.jsonl")
			os.WriteFile(path, []byte(start), 0o644)
			wait := followRun("-idle", "5s", path)
			time.Sleep(300 * time.Millisecond)
			c.do(path)
			code, out, errs := wait()
			if code != 2 || !strings.Contains(errs, path) || !strings.Contains(errs, c.want) {
				t.Fatalf("exit %d, stderr %q; want 2 naming the file and %q", code, errs, c.want)
			}
			if !strings.Contains(out, "following live.jsonl") {
				t.Errorf("no metrics printed before the error:\n%s", out)
			}
		})
	}
}

// The file ending in a torn line (the writer stopped mid-line) is reported
// as the malformed line it is once -idle ends the follow.
func TestRunFollow_TornLineAtTheEndIsReported(t *testing.T) {
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, []byte(strings.Join(lines[:4], "")+lines[4][:10]), 0o644)
	code, _, errs := followRun("-idle", "300ms", path)()
	if code != 2 || !strings.Contains(errs, path+":5:") {
		t.Fatalf("exit %d, stderr %q; want 2 naming line 5", code, errs)
	}
}

// run -follow reads a capture tcpdump is still writing, as the window does:
// started on its first bytes (the file header and part of a frame), it
// waits for each torn frame to be completed, and once the file stops
// growing (-idle) its metrics are those of running the finished capture,
// printed on the way as well.
func TestRunFollow_CaptureGrows(t *testing.T) {
	for _, format := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		var buf bytes.Buffer
		rec := scenario.BenchRecording(3, 0.3, 0.5, 4)
		if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: format}); err != nil {
			t.Fatal(err)
		}
		data := buf.Bytes()
		path := filepath.Join(t.TempDir(), "live.pcap")
		if format == capturetest.Pcapng {
			path += "ng"
		}
		third := len(data) / 3 // mid-frame, most likely
		os.WriteFile(path, data[:third], 0o644)
		wait := followRun("-json", "-idle", "2s", path)
		pause := func() { time.Sleep(200 * time.Millisecond) }
		pause()
		appendTo(t, path, string(data[third:2*third]))
		pause()
		appendTo(t, path, string(data[2*third:]))
		code, out, errs := wait()
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", path, code, errs)
		}
		docs := strings.Split(strings.TrimSpace(out), "\n")
		var got, want map[string]any
		if err := json.Unmarshal([]byte(docs[len(docs)-1]), &got); err != nil {
			t.Fatalf("%s: %v\n%s", path, err, out)
		}
		code, full, errs := viewer(t, "run", "-json", path)
		if code != 0 {
			t.Fatalf("%s, finished: exit %d: %s", path, code, errs)
		}
		json.Unmarshal([]byte(full), &want)
		if len(want["objects"].([]any)) != 3 {
			t.Fatalf("%s, finished: %v objects, want 3", path, want["objects"])
		}
		if !reflect.DeepEqual(got["objects"], want["objects"]) || got["ticks"] != want["ticks"] {
			t.Errorf("%s: followed metrics differ from the finished capture's:\nfollowed %v\nfinished %v", path, got, want)
		}
	}
}

// liveCapture writes a small capture of format to a new file and returns
// its path and bytes.
func liveCapture(t *testing.T, format capturetest.Format) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	rec := scenario.BenchRecording(3, 0.2, 0.5, 4)
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: format}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "live.pcap")
	if format == capturetest.Pcapng {
		path += "ng"
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, buf.Bytes()
}

// A followed capture truncated, replaced or removed is reported as a
// followed recording is (exit 2, naming the file and the frame), not taken
// for the capture's end; garbage written after its frames ends it with a
// warning naming the damaged frame; a capture that is only a file header,
// ends at -idle; one whose -player no message names ends at -idle too,
// with exit 2 naming the flag (the guid names nothing in the input). No
// case outlives -idle by much.
func TestRunFollow_CaptureDamagedOrCut(t *testing.T) {
	cases := []struct {
		name  string
		start func(data []byte) []byte
		do    func(path string, data []byte)
		code  int
		want  string
		args  []string
	}{
		{"truncated", nil, func(p string, _ []byte) { os.Truncate(p, 100) }, 2, "read: the followed file was truncated to 100 bytes", nil},
		{"truncated to one byte", nil, func(p string, _ []byte) { os.Truncate(p, 1) }, 2, "read: the followed file was truncated to 1 byte after", nil},
		{"replaced", nil, func(p string, data []byte) {
			os.WriteFile(p+".new", data, 0o644)
			os.Rename(p+".new", p)
		}, 2, "read: the followed file was replaced by another file", nil},
		{"removed", nil, func(p string, _ []byte) { os.Remove(p) }, 2, "is gone", nil},
		{"garbage appended", nil, func(p string, _ []byte) { appendTo(t, p, strings.Repeat("\xff", 64)) }, 0, "viewer: warning: ", nil},
		{"torn at the end", func(d []byte) []byte { return d[:len(d)-5] }, nil, 0, "capture truncated in this frame", nil},
		{"header only", func(d []byte) []byte { return d[:24] }, nil, 0, "", nil},
		// The player's first position, which the header waits for, never
		// comes: the read-ahead ends at -idle, and the guid named nothing.
		{"no player", nil, nil, 2, "-player 0x7FFFFFFF: ", []string{"-player", "0x7FFFFFFF"}},
	}
	for _, format := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		for _, c := range cases {
			if format == capturetest.Pcapng && c.name == "header only" {
				continue
			}
			t.Run(fmt.Sprint(format, " ", c.name), func(t *testing.T) {
				path, data := liveCapture(t, format)
				if c.start != nil {
					os.WriteFile(path, c.start(data), 0o644)
				}
				began := time.Now()
				wait := followRun(append(c.args, "-idle", "1s", path)...)
				if c.do != nil {
					time.Sleep(300 * time.Millisecond)
					c.do(path, data)
				}
				code, _, errs := wait()
				if code != c.code || !strings.Contains(errs, c.want) {
					t.Fatalf("exit %d, stderr %q; want %d and %q", code, errs, c.code, c.want)
				}
				if c.want != "" && !strings.Contains(errs, path) {
					t.Errorf("stderr %q does not name %s", errs, path)
				}
				if code == 2 && c.name != "no player" && !strings.Contains(errs, ": frame ") {
					t.Errorf("stderr %q does not name the frame", errs)
				}
				if took := time.Since(began); took > 10*time.Second {
					t.Errorf("took %v with -idle 1s", took)
				}
			})
		}
	}
}

// A finished capture with garbage after its frames, or its last frame cut
// short, is run as far as it is whole (exit 0), as a followed one is, and
// says so: a warning naming the damaged frame.
func TestRun_CaptureWithDamageWarns(t *testing.T) {
	for _, format := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		for _, c := range []struct {
			name   string
			damage func(path string, data []byte)
			want   string
		}{
			{"garbage appended", func(p string, _ []byte) { appendTo(t, p, strings.Repeat("\xff", 64)) }, "viewer: warning: "},
			{"torn at the end", func(p string, d []byte) { os.WriteFile(p, d[:len(d)-5], 0o644) }, "capture truncated in this frame"},
			{"whole", func(string, []byte) {}, ""},
		} {
			path, data := liveCapture(t, format)
			c.damage(path, data)
			code, _, errs := viewer(t, "run", "-quiet", path)
			if code != 0 {
				t.Fatalf("%v %s: exit %d: %s", format, c.name, code, errs)
			}
			if c.want == "" && strings.Contains(errs, "frame") || !strings.Contains(errs, c.want) {
				t.Errorf("%v %s: stderr %q; want %q", format, c.name, errs, c.want)
			}
			if c.want != "" && !strings.Contains(errs, "live.pcap") {
				t.Errorf("%v %s: stderr %q does not name the file", format, c.name, errs)
			}
		}
	}
}
