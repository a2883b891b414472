package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// BadInput is a usage error (exit 2) carrying its formatted message.
func TestBadInput_IsUsageError(t *testing.T) {
	err := BadInput("run: -ticks %d: too many", 5)
	var ue UsageError
	if !errors.As(err, &ue) || err.Error() != "run: -ticks 5: too many" {
		t.Fatalf("BadInput: %T %q", err, err)
	}
	inner := errors.New("inner")
	if !errors.Is(UsageError{Err: inner}, inner) {
		t.Error("UsageError does not unwrap to its error")
	}
	if got := (StatusError{Code: ExitFailure}).Error(); got != "exit status 1" {
		t.Errorf("StatusError: %q", got)
	}
}

// Stopped is nil until a signal's cause is in StopCtx, then the
// interruption, saying where, with the shell's 128+signal status.
func TestStopped(t *testing.T) {
	old := StopCtx
	defer func() { StopCtx = old }()
	StopCtx = context.Background()
	if err := Stopped("tick %d", 5); err != nil {
		t.Fatalf("no signal: %v", err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&InterruptedError{Sig: syscall.SIGTERM})
	StopCtx = ctx
	err := Stopped("tick %d of run", 5)
	var ie *InterruptedError
	if !errors.As(err, &ie) || err.Error() != "interrupted by SIGTERM at tick 5 of run" || ie.ExitCode() != 143 {
		t.Fatalf("after SIGTERM: %v", err)
	}
}

// CheckOutputs refuses two flags naming one file and an output naming an
// input, naming the flags; flags not given are skipped.
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.csv")
	if err := CheckOutputs("run", []string{in}, Output{Flag: "-states", Path: out}, Output{Flag: "-events"}); err != nil {
		t.Fatalf("distinct outputs: %v", err)
	}
	err := CheckOutputs("run", []string{in}, Output{Flag: "-states", Path: out}, Output{Flag: "-events", Path: out})
	if !errors.As(err, new(UsageError)) || !strings.Contains(err.Error(), "-states "+out+" and -events "+out+" name the same file") {
		t.Errorf("one file twice: %v", err)
	}
	err = CheckOutputs("run", []string{in}, Output{Flag: "-trace", Path: in})
	if !errors.As(err, new(UsageError)) || !strings.Contains(err.Error(), "would overwrite the input "+in) {
		t.Errorf("output over the input: %v", err)
	}
	if !SamePath(in, in) || SamePath(out, in) {
		t.Errorf("SamePath: %v %v", SamePath(in, in), SamePath(out, in))
	}
}

// failAfter accepts n writes, then fails every one, counting the tries.
type failAfter struct {
	n, tries int
	got      []byte
}

var errFull = errors.New("disk full")

func (f *failAfter) Write(b []byte) (int, error) {
	f.tries++
	if f.tries > f.n {
		return 0, errFull
	}
	f.got = append(f.got, b...)
	return len(b), nil
}

// ErrWriter (the reports of conform and diff) writes through until the
// first failure, keeps it, and tries nothing after it.
func TestErrWriter_KeepsTheFirstError(t *testing.T) {
	f := &failAfter{n: 2}
	p := &ErrWriter{W: f}
	p.Printf("a%d ", 1)
	p.Printf("%s|", "b")
	if p.Err != nil || string(f.got) != "a1 b|" {
		t.Fatalf("after two writes: %q, err %v", f.got, p.Err)
	}
	p.Printf("c")
	if !errors.Is(p.Err, errFull) {
		t.Fatalf("the third write's error not kept: %v", p.Err)
	}
	p.Printf("d")
	if n, err := p.Write([]byte("e")); n != 0 || !errors.Is(err, errFull) {
		t.Fatalf("a write after the failure: %d, %v", n, err)
	}
	if f.tries != 3 || string(f.got) != "a1 b|" {
		t.Fatalf("writes tried after the failure: %d tries, %q", f.tries, f.got)
	}
}
