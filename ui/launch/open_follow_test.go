package launch

import (
	"bytes"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/scenario"
	"glidepath/ui/simsource"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// viewer -follow opens a recording whose last line is torn (the writer
// mid-line) on the lines before it.
func TestOpenFollow_TornLastLineOpens(t *testing.T) {
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, []byte(strings.Join(lines[:2], "")+lines[2][:7]), 0o644)
	var errs bytes.Buffer
	srcs, err := openFollowSources(path, []string{"seed"}, 0, &errs)
	if err != nil || len(srcs) != 1 {
		t.Fatalf("%v, %d sources", err, len(srcs))
	}
	os.WriteFile(path, []byte(lines[0][:10]), 0o644)
	if _, err := openFollowSources(path, []string{"seed"}, 0, &errs); err == nil || !strings.Contains(err.Error(), "no complete header line yet") {
		t.Errorf("a torn header: %v", err)
	}
}

// viewer -follow opens a capture that tcpdump is still writing: its frames
// are appended to the runs as they are written, the last one possibly torn.
func TestOpenFollow_CaptureGrows(t *testing.T) {
	var buf bytes.Buffer
	rec := scenario.BenchRecording(3, 0.2, 0.5, 4)
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcap}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	path := filepath.Join(t.TempDir(), "live.pcap")
	half := len(data) / 2 // mid-frame, most likely
	os.WriteFile(path, data[:half], 0o644)
	var errs bytes.Buffer
	srcs, err := openFollowSources(path, []string{"seed"}, 0, &errs)
	if err != nil {
		t.Fatal(err)
	}
	src := srcs[0].(*simsource.Source)
	defer src.StopReading()
	st := src.Store()
	waitIdle := func() {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if read, _ := st.Progress(); st.Idle() && read == fileSize(t, path) {
				return
			}
		}
		t.Fatal("the follow did not catch up with the file")
	}
	waitIdle()
	before := st.Len()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(data[half:])
	f.Close()
	waitIdle()
	if st.Len() <= before || !st.Following() {
		t.Errorf("%d events after the rest was written, %d before (following %v)", st.Len(), before, st.Following())
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
