// Trace hashes: the guard that speed work never changes a bit of output
// (DESIGN.md "Faithfulness": an optimisation keeps every operation's order
// and precision). Every shipped scenario and every recording in the tree is
// run under every reading; the SHA-256 of its Trace v1 bytes, and of a
// per-tick digest of the state the trace rounds away (quaternion bits,
// velocities, the animation cursor, the interpolation counters and every
// stage's frame), must equal the table in testdata/trace_hashes.golden.
//
// `go test ./engine -run TraceHashes -update` rewrites the table; do that
// only for a change meant to alter traces, and say so in its commit.

package engine

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/interp"
	"glidepath/physics"
)

const traceHashesFile = "testdata/trace_hashes.golden"

// hashInput is one input the guard runs: a shipped scenario or a recording
// file, or the benchmarks' recording.
type hashInput struct {
	name string
	load func() (*recording.Recording, error)
}

// hashInputs lists the inputs in a fixed order: the scenario catalog, then
// the recording files sorted by path, then the benchmark recordings.
func hashInputs(t *testing.T) []hashInput {
	t.Helper()
	var in []hashInput
	for _, e := range scenario.Catalog() {
		in = append(in, hashInput{"scenario/" + e.Name, func() (*recording.Recording, error) {
			return scenario.CompileAsset(assets.FS(), e.Name)
		}})
	}
	var files []string
	for _, pattern := range []string{
		"../recordings/*.jsonl", "../recordings/*.jsonl.gz",
		"testdata/*.jsonl", "testdata/*.jsonl.gz",
	} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	if len(files) < 7 {
		t.Fatalf("found only %d recordings; the guard expects the shipped ones", len(files))
	}
	for _, f := range files {
		in = append(in, hashInput{strings.TrimPrefix(filepath.ToSlash(f), "../"), func() (*recording.Recording, error) {
			return recording.ReadFile(f)
		}})
	}
	in = append(in, hashInput{"bench/objects=20", func() (*recording.Recording, error) {
		return scenario.BenchRecording(20, 0.5, 0.5, 1), nil
	}})
	return in
}

// traceHashes runs rec under r and returns the hex SHA-256 of its trace and
// of its state digest.
func traceHashes(t *testing.T, rec *recording.Recording, r interp.Reading) (traceSum, stateSum string) {
	t.Helper()
	tr := sha256.Sum256(runTrace(t, rec, r))

	s, err := New(rec, Options{Reading: r, Assets: assets.FS(), RecordStages: true, Metrics: true, NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	d := &stateDigest{h: sha256.New()}
	d.tick(s)
	for s.Tick() < s.LastTick() {
		s.Step()
		d.tick(s)
	}
	for _, m := range s.Query().Metrics() {
		fmt.Fprintf(d.h, "%+v\n", m)
	}
	return hex.EncodeToString(tr[:]), hex.EncodeToString(d.h.Sum(nil))
}

// stateDigest hashes, per tick, the bits of every live object's state that
// a trace row rounds or leaves out.
type stateDigest struct {
	h   hash.Hash
	buf [4]byte
}

func (d *stateDigest) u32(v uint32) {
	binary.LittleEndian.PutUint32(d.buf[:], v)
	d.h.Write(d.buf[:])
}
func (d *stateDigest) f32(v float32)    { d.u32(math.Float32bits(v)) }
func (d *stateDigest) vec(v mgl32.Vec3) { d.f32(v[0]); d.f32(v[1]); d.f32(v[2]) }
func (d *stateDigest) frame(f *physics.Frame) {
	d.vec(f.Origin)
	d.f32(f.Rot.W)
	d.vec(f.Rot.V)
	m := f.Matrix()
	for _, c := range m {
		d.f32(c)
	}
}

func (d *stateDigest) tick(s *Sim) {
	d.u32(uint32(s.Tick()))
	for _, o := range s.slots[:s.nslots] {
		if !o.st.alive {
			continue
		}
		d.u32(o.guid)
		p := o.phys.Position()
		d.u32(p.Cell)
		d.frame(&p.Frame)
		d.vec(o.phys.Velocity)
		d.vec(o.phys.Acceleration)
		d.vec(o.phys.Omega)
		d.vec(o.phys.CachedVelocity)
		d.u32(uint32(o.phys.State))
		d.u32(uint32(o.phys.TransientState))
		seq := o.parts.Sequence()
		d.u32(uint32(seq.CurrentIndex()))
		binary.Write(d.h, binary.LittleEndian, seq.FrameNumber())
		d.vec(seq.Velocity())
		d.vec(seq.Omega())
		st := o.pm.InterpolationState()
		d.u32(uint32(st.QueueLen))
		d.u32(uint32(st.FailCounter))
		d.u32(st.FrameCounter)
		d.f32(st.OriginalDistance)
		d.f32(st.ProgressQuantum)
		if c, ok := o.pm.ConstraintState(); ok {
			d.f32(c.Offset)
			d.f32(c.LastScale)
		}
		r := &o.stages
		for i := range r.Pos {
			if r.Ran[i] {
				d.u32(uint32(i))
				d.u32(r.Pos[i].Cell)
				d.frame(&r.Pos[i].Frame)
			}
		}
		d.u32(uint32(r.Commit))
	}
}

// TestTraceHashes: every input under every reading gives the trace and the
// state it gave when the table was written.
func TestTraceHashes(t *testing.T) {
	goroutines.NoneStarted(t)
	want := map[string][2]string{}
	if !*update {
		f, err := os.Open(traceHashesFile)
		if err != nil {
			t.Fatalf("%v (run go test ./engine -run TraceHashes -update to create it)", err)
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			text := sc.Text()
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			fields := strings.Fields(text)
			if len(fields) != 4 {
				t.Fatalf("%s:%d: want INPUT READING TRACE_SHA256 STATE_SHA256", traceHashesFile, line)
			}
			want[fields[0]+" "+fields[1]] = [2]string{fields[2], fields[3]}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	var table bytes.Buffer
	table.WriteString("# input reading trace-sha256 state-sha256 (go test ./engine -run TraceHashes -update)\n")
	for _, in := range hashInputs(t) {
		rec, err := in.load()
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		for _, name := range interp.ReadingNames() {
			r, err := interp.ReadingByName(name)
			if err != nil {
				t.Fatal(err)
			}
			tr, st := traceHashes(t, rec, r)
			fmt.Fprintf(&table, "%s %s %s %s\n", in.name, name, tr, st)
			if *update {
				continue
			}
			key := in.name + " " + name
			w, ok := want[key]
			switch {
			case !ok:
				t.Errorf("%s under %s: not in %s (run -update if the input is new)", in.name, name, traceHashesFile)
			case w[0] != tr:
				t.Errorf("%s under %s: the trace changed (sha256 %s, want %s)", in.name, name, tr, w[0])
			case w[1] != st:
				t.Errorf("%s under %s: the trace is the same but the state changed bits (sha256 %s, want %s)", in.name, name, st, w[1])
			}
			delete(want, key)
		}
	}
	if *update {
		if err := os.WriteFile(traceHashesFile, table.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for key := range want {
		t.Errorf("%s: in %s but no longer run", key, traceHashesFile)
	}
}
