package runcmd

import (
	"bytes"
	"flag"
	"io"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// procsWriter records GOMAXPROCS at each write of the trace it is given.
type procsWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	procs []int
}

func (w *procsWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.procs = append(w.procs, runtime.GOMAXPROCS(0))
	return w.buf.Write(p)
}

// A trace is written with one processor more than the run had (a thread
// waiting in the kernel for the disk keeps its processor until Go's monitor
// takes it back: traceProcs), and the processor is given back after, on
// success and on failure alike.
func TestRun_TraceWrittenWithAProcessorMore(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	sc, err := scenario.Synth(scenario.SynthOptions{Objects: 130, Minutes: 0.1, Seed: 3}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "crowd.jsonl")
	if err := recording.WriteFile(in, rec); err != nil {
		t.Fatal(err)
	}
	run := func(trace string, stdout io.Writer) error {
		o := &Options{Reading: "seed", Quiet: true, Trace: trace}
		readings, err := o.Readings(flag.NewFlagSet("run", flag.ContinueOnError))
		if err != nil {
			t.Fatal(err)
		}
		return Run(in, o, readings, capture.Options{}, stdout, io.Discard)
	}
	var w procsWriter
	if err := run("-", &w); err != nil {
		t.Fatal(err)
	}
	if len(w.procs) == 0 || !bytes.Contains(w.buf.Bytes(), []byte(`"format":"glidepath-trace"`)) {
		t.Fatalf("no trace written (%d writes)", len(w.procs))
	}
	for i, p := range w.procs {
		if p != 3 {
			t.Fatalf("write %d of the trace under GOMAXPROCS %d, want 3 (2 and one more)", i, p)
		}
	}
	if p := runtime.GOMAXPROCS(0); p != 2 {
		t.Errorf("GOMAXPROCS %d after the run, want 2 back", p)
	}
	// A trace that cannot be written: the processor comes back too.
	if err := run(filepath.Join(t.TempDir(), "missing", "t.trace"), io.Discard); err == nil {
		t.Fatal("a trace into a missing directory was written")
	}
	if p := runtime.GOMAXPROCS(0); p != 2 {
		t.Errorf("GOMAXPROCS %d after a failed run, want 2 back", p)
	}
	// A run without a trace keeps the processors it has.
	var plain bytes.Buffer
	if err := run("", &plain); err != nil {
		t.Fatal(err)
	}
	if p := runtime.GOMAXPROCS(0); p != 2 {
		t.Errorf("GOMAXPROCS %d after a run without a trace, want 2", p)
	}
}
