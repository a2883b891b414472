// The run's rows put in trace order on the writing goroutine
// (parallel_rows.go, rowsWrite.write): whatever the chunks and however
// each tick's rows fall into them, the rows come out tick after tick, the
// chunks' state rows in chunk order, the delivery rows by the recording
// event they came from, then the chunks' pass rows in chunk order — the
// order Trace v1 gives a run stepped tick by tick (spec/trace-v1.md).

package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/trace"
	"glidepath/internal/atomicfile"
)

// plannedRow is one row of a test run: its tick, its chunk, its part of
// the tick (0 state, 1 delivery, 2 pass) and, for a delivery row, the
// recording event it came from.
type plannedRow struct {
	tick, chunk, part int
	source            int32
	text              string
}

// plannedRun draws a run of ticks over chunks: each tick, a few state rows
// and pass rows per chunk (none at times), and delivery rows from
// recording events numbered in file order, each event's rows (one to
// three) all in one chunk, drawn at random. It returns the chunks' rows
// as the chunks encode them and the rows in the order they must be
// written.
func plannedRun(r *rand.Rand, chunks, ticks int) ([]rowsOut, []plannedRow) {
	var rows []plannedRow
	source := int32(r.IntN(5))
	for k := range ticks {
		for c := range chunks {
			for i := range r.IntN(3) {
				// A state row's text after its tick, the tick put before
				// it when it is written; some as long as a block, to
				// straddle the blocks of the Stream it is put in.
				text := fmt.Sprintf(`,"state":"c%d #%d"`, c, i)
				if r.IntN(50) == 0 {
					text += strings.Repeat("x", r.IntN(3<<20))
				}
				rows = append(rows, plannedRow{k, c, 0, 0, string(trace.AppendRowTick(nil, k)) + text + "\n"})
			}
		}
		for range r.IntN(7) {
			source += 1 + int32(r.IntN(3))
			c := r.IntN(chunks)
			for i := range 1 + r.IntN(3) {
				rows = append(rows, plannedRow{k, c, 1, source, fmt.Sprintf("event %d row %d (c%d)\n", source, i, c)})
			}
		}
		for c := range chunks {
			for i := range r.IntN(3) {
				rows = append(rows, plannedRow{k, c, 2, 0, fmt.Sprintf("pass t%d c%d #%d\n", k, c, i)})
			}
		}
	}
	// The order written: rows above are drawn tick after tick, parts in
	// order, delivery rows by source; chunk order within the state and
	// pass parts.
	want := slices.Clone(rows)
	slices.SortStableFunc(want, func(a, b plannedRow) int {
		if a.tick != b.tick {
			return a.tick - b.tick
		}
		if a.part != b.part {
			return a.part - b.part
		}
		if a.part == 1 {
			return int(a.source - b.source)
		}
		return a.chunk - b.chunk
	})
	// Each chunk's rows as encodeTick lays them out.
	outs := make([]rowsOut, chunks)
	for c := range outs {
		o := &outs[c]
		for k := range ticks {
			var t tickRows
			for part := range 3 {
				for _, row := range rows {
					if row.tick != k || row.chunk != c || row.part != part {
						continue
					}
					if part == 0 {
						// The row's text after its tick, sometimes that
						// of a row before (a state that did not change).
						text := row.text[len(trace.AppendRowTick(nil, k)):]
						at := bytes.LastIndex(o.texts, []byte(text))
						if at < 0 || r.IntN(2) == 0 {
							at = len(o.texts)
							o.texts = append(o.texts, text...)
						}
						o.refs = append(o.refs, textRef{at, at + len(text)})
						continue
					}
					o.buf = append(o.buf, row.text...)
					if part == 1 {
						o.srcs = append(o.srcs, sourceRow{source: row.source, end: len(o.buf)})
					}
				}
				switch part {
				case 0:
					t.states = len(o.refs)
				case 1:
					t.delivered = len(o.buf)
				case 2:
					t.passed = len(o.buf)
				}
			}
			t.srcs = len(o.srcs)
			o.ticks = append(o.ticks, t)
		}
	}
	return outs, want
}

// writtenRows is what rowsWrite.write writes of outs, ticks ticks, after
// the trace's header: put in a buffer of the RunWriter's own (a writer
// with no blocks), and the same rows put in place in the blocks of an
// atomicfile.Stream (the file a run writes), which must be the same.
func writtenRows(t *testing.T, s *Sim, outs []rowsOut, ticks int) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw, err := trace.NewRunWriter(&buf, s.Query(), "t")
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	header := buf.Len()
	w := rowsWrite{outs: outs, ticks: ticks}
	if err := w.write(tw); err != nil {
		t.Fatal(err)
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()[header:]

	target := filepath.Join(t.TempDir(), "rows.trace")
	f, err := atomicfile.Create(target)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	tw, err = trace.NewRunWriter(f.Stream(), s.Query(), "t")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.write(tw); err != nil {
		t.Fatal(err)
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file[header:], got) {
		t.Fatalf("the rows put in a Stream's blocks (%d bytes) are not the ones put in a buffer (%d bytes)", len(file)-header, len(got))
	}
	return got
}

func TestRowsWrite_TraceOrderForAnyChunking(t *testing.T) {
	s, err := NewStream(recording.NewSource(synthCrowd(t, 3, 1, 1)), Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(41, 7))
	draws := 40
	if raceEnabled {
		draws = 8 // all 40 in make test's second pass (Makefile RACE_LIGHT)
	}
	for chunks := 1; chunks <= 5; chunks++ {
		for draw := range draws {
			ticks := 1 + r.IntN(4)
			outs, want := plannedRun(r, chunks, ticks)
			var wantText []byte
			for _, row := range want {
				wantText = append(wantText, row.text...)
			}
			if got := writtenRows(t, s, outs, ticks); !bytes.Equal(got, wantText) {
				t.Fatalf("%d chunks, draw %d: written\n%.4000s\nwant\n%.4000s", chunks, draw, got, wantText)
			}
		}
	}
	// A run cut short (the input's problem) writes its ticks before the
	// cut only.
	outs, want := plannedRun(r, 3, 3)
	var wantText []byte
	for _, row := range want {
		if row.tick < 2 {
			wantText = append(wantText, row.text...)
		}
	}
	if got := writtenRows(t, s, outs, 2); !bytes.Equal(got, wantText) {
		t.Fatalf("a run cut after two of its three ticks: written\n%.4000s\nwant\n%.4000s", got, wantText)
	}
}

// A crowd so small that each chunk holds one to a few objects (one to
// seven chunks, sizes that do not divide the crowd), at any shards and run
// length: the trace is tick by tick's, byte for byte.
func TestAdvanceTrace_SameBytesForFewChunks(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, n := range []int{1, 2, 3, 5, 7} {
		rec := synthCrowd(t, n, 6, uint64(n))
		opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true}
		want, _ := streamTrace(t, recording.NewSource(rec), opts, rec.Name)
		for _, workers := range []int{1, 2, 3} {
			for _, every := range []int{5, 64} {
				if raceEnabled && (workers != 2 || every != 5) {
					continue
				}
				o := opts
				o.Workers = workers
				got, _, stepped := advancedTrace(t, recording.NewSource(rec), o, rec.Name, every)
				what := fmt.Sprintf("%d objects, %d shards, every %d ticks", n, workers, every)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s: the trace differs from tick by tick's: %s", what, firstDiff(got, want))
				}
				if stepped == 0 {
					t.Errorf("%s: no tick stepped in shards", what)
				}
			}
		}
	}
}
