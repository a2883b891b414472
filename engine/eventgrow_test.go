// A store that grows while runs read it must end up, and must run, exactly
// as the store read whole: the file is written in random-size pieces while
// GrowEvents follows it and a run steps right behind the reading.

package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
)

// storeDigest is every byte a store holds for its events and index.
func storeDigest(st *EventStore) []byte {
	st.mu.RLock()
	defer st.mu.RUnlock()
	var b bytes.Buffer
	for _, c := range st.chunks {
		b.Write(c)
		b.WriteByte('|')
	}
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	w(int64(st.n))
	w(st.last)
	w(st.bytes)
	for _, p := range st.blocks {
		w(p.chunk)
		w(p.off)
		w(int64(p.line))
	}
	w(st.ends)
	w(st.guids)
	w(st.noteEvents)
	for _, c := range st.creates {
		w(c.ent.GUID)
		w(int64(c.line))
		b.WriteString(c.ent.Name)
	}
	for _, n := range st.notes {
		w(int64(n.Tick))
		w(n.T)
		b.WriteString(n.Text)
	}
	b.WriteString(strings.Join(st.texts, "\x00"))
	return b.Bytes()
}

// growInputs are the recordings the growth tests write piece by piece:
// creates, deletes and notes part-way through, and a crowd.
func growInputs(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range []string{"create_delete", "sticky", "duplicates", "stamp_edges"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = data
	}
	var buf bytes.Buffer
	if err := recording.Write("crowd.jsonl", &buf, scenario.BenchRecording(12, 0.5, 0.5, 3)); err != nil {
		t.Fatal(err)
	}
	out["crowd"] = buf.Bytes()
	return out
}

func TestGrowEvents_RandomChunksMatchWholeRead(t *testing.T) {
	followPoll = time.Millisecond
	defer func() { followPoll = 0 }()
	inputs := growInputs(t)
	for _, name := range []string{"create_delete", "sticky", "duplicates", "stamp_edges", "crowd"} {
		data := inputs[name]
		// The whole read and its trace are the same for every seed: made
		// once per input, and only read by the seeds' runs.
		whole := filepath.Join(t.TempDir(), name+".jsonl")
		if err := os.WriteFile(whole, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ref, err := LoadEvents(whole, assets.FS(), loader.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		refSim, err := NewFromStore(ref, Options{Assets: assets.FS(), EventLog: true})
		if err != nil {
			t.Fatal(err)
		}
		last := refSim.LastTick()
		var refTrace bytes.Buffer
		if err := writeTrace(&refTrace, refSim, name, last); err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				grown := filepath.Join(dir, "grown.jsonl")
				f, err := os.Create(grown)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				rng := rand.New(rand.NewPCG(seed, 14))
				maxPiece := max(len(data)/40, 2)
				// The header must be in before the store can be made.
				nl := bytes.IndexByte(data, '\n') + 1
				cut := nl + rng.IntN(maxPiece)
				cut = min(cut, len(data))
				if _, err := f.Write(data[:cut]); err != nil {
					t.Fatal(err)
				}
				st, err := GrowEvents(grown, assets.FS(), loader.LoadOptions{Follow: true})
				if err != nil {
					t.Fatal(err)
				}
				defer st.Stop()
				sim, err := NewFromStore(st, Options{Assets: assets.FS(), EventLog: true})
				if err != nil {
					t.Fatal(err)
				}
				traced := make(chan error, 1)
				var trace bytes.Buffer
				go func() { traced <- writeTrace(&trace, sim, name, last) }()
				for cut < len(data) {
					n := min(1+rng.IntN(maxPiece), len(data)-cut)
					if _, err := f.Write(data[cut : cut+n]); err != nil {
						t.Fatal(err)
					}
					cut += n
					if rng.IntN(4) == 0 {
						time.Sleep(time.Duration(rng.IntN(3)) * time.Millisecond)
					}
				}
				// Every event in: the reading waits at the file's end
				// for more, and stopping it completes the store.
				for st.Len() < ref.Len() {
					time.Sleep(time.Millisecond)
				}
				st.Stop()
				if err := <-traced; err != nil {
					t.Fatal(err)
				}
				if err := st.Err(); err != nil {
					t.Fatalf("reading stopped on %v", err)
				}
				if !bytes.Equal(storeDigest(st), storeDigest(ref)) {
					t.Errorf("the store grown in pieces differs from the store read whole (%d vs %d events, %d vs %d bytes)", st.Len(), ref.Len(), st.Bytes(), ref.Bytes())
				}
				if !bytes.Equal(trace.Bytes(), refTrace.Bytes()) {
					t.Errorf("the trace of a run stepping behind the reading differs from the whole read's (%d vs %d bytes)", trace.Len(), refTrace.Len())
				}
			})
		}
	}
}

// A problem in the tail of the file stops the reading there: the runs keep
// what was read before it, and Err names the file, line and field.
func TestGrowEvents_BadTailReportedWithLine(t *testing.T) {
	var buf bytes.Buffer
	if err := recording.Write("crowd.jsonl", &buf, scenario.BenchRecording(3, 0.2, 0.5, 1)); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(buf.Bytes(), []byte("\n"))
	// The last update again, a second later, about an object that does
	// not exist.
	all := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	bad := string(all[len(all)-1])
	guid := bad[strings.Index(bad, `"guid":"`)+8:][:10]
	bad = strings.Replace(bad, guid, "0x7FFFFFFF", 1)
	bad = strings.Replace(bad, `"t":`, `"t":1`, 1)
	buf.WriteString(bad + "\n")
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := GrowEvents(path, assets.FS(), loader.LoadOptions{})
	if err != nil {
		t.Fatalf("the header is good, so opening succeeds: %v", err)
	}
	if err := st.Wait(context.Background(), MaxTicks(30)); err != nil {
		t.Fatal(err)
	}
	err = st.Err()
	if err == nil {
		t.Fatal("a bad last line was not reported")
	}
	want := path + ":" + strconv.Itoa(lines+1) + ": position.guid:"
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want it to start %q", err, want)
	}
	s, err := NewFromStore(st, Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	s.Seek(s.LastTick())
	if s.Tick() != s.LastTick() || s.LastTick() < 6 {
		t.Errorf("the run over what was read reached tick %d of %d", s.Tick(), s.LastTick())
	}
}

// Following a capture that tcpdump is writing: the file grows a few bytes
// at a time, so the reader meets torn frames (a frame header without its
// data, half a pcapng block) and must resume once the rest arrives. The
// store must be the one read from the finished file.
func TestGrowEvents_FollowCaptureResumesAfterTornFrame(t *testing.T) {
	followPoll = time.Millisecond
	defer func() { followPoll = 0 }()
	for _, format := range []capturetest.Format{capturetest.Pcap, capturetest.Pcapng} {
		t.Run(format.String(), func(t *testing.T) {
			var buf bytes.Buffer
			rec := scenario.BenchRecording(4, 0.3, 0.5, 2)
			if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: format, SplitEvery: 3, Noise: true}); err != nil {
				t.Fatal(err)
			}
			data := buf.Bytes()
			dir := t.TempDir()
			whole := filepath.Join(dir, "whole.pcap")
			if err := os.WriteFile(whole, data, 0o644); err != nil {
				t.Fatal(err)
			}
			ref, err := LoadEvents(whole, assets.FS(), loader.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if ref.Len() < 20 {
				t.Fatalf("the capture gave only %d events", ref.Len())
			}
			grown := filepath.Join(dir, "grown.pcap")
			f, err := os.Create(grown)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			done := make(chan struct{})
			go func() {
				// The writer: pieces of 1–97 bytes, so most pieces end
				// inside a frame.
				defer close(done)
				rng := rand.New(rand.NewPCG(16, uint64(format)))
				for cut := 0; cut < len(data); {
					n := min(1+rng.IntN(97), len(data)-cut)
					if _, err := f.Write(data[cut : cut+n]); err != nil {
						t.Error(err)
						return
					}
					cut += n
					if rng.IntN(8) == 0 {
						time.Sleep(time.Millisecond)
					}
				}
			}()
			// The capture's header waits for the player's first position,
			// which the writer is still writing.
			st, err := GrowEvents(grown, assets.FS(), loader.LoadOptions{Follow: true})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Stop()
			<-done
			for {
				if read, _ := st.Progress(); read == int64(len(data)) {
					break
				}
				time.Sleep(time.Millisecond)
			}
			st.Stop()
			if err := st.Err(); err != nil {
				t.Fatalf("following stopped on %v", err)
			}
			if !bytes.Equal(storeDigest(st), storeDigest(ref)) {
				t.Errorf("the capture followed as it was written gives %d events, the finished file %d (or they differ)", st.Len(), ref.Len())
			}
		})
	}
}

// A long run's event log is allocated once, when a 64th of the run is
// done, for the whole run at the rate so far: it is not grown (and copied,
// the old and new arrays held at once) as it fills, and the reserve is
// close to what it needs.
func TestReserveLog_AllocatedOnceForAUniformRun(t *testing.T) {
	goroutines.NoneStarted(t)
	rec := scenario.BenchRecording(20, 12, 0.5, 5)
	s, err := New(rec, Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		t.Fatal(err)
	}
	at := max(s.LastTick()/64, logReserveMin)
	s.Seek(at)
	reserved := unsafe.SliceData(s.log)
	s.RunAll(nil)
	if unsafe.SliceData(s.log) != reserved {
		t.Errorf("the log was grown after tick %d (%d entries, capacity %d)", at, len(s.log), cap(s.log))
	}
	if n := len(s.log); cap(s.log) > n+n/4 {
		t.Errorf("%d entries in a log of capacity %d: the reserve overshot", n, cap(s.log))
	}
}
