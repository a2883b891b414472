// Determinism: the same input and reading give the same trace, byte for
// byte — twice in a row, after another recording ran in the same process,
// with one OS thread or many (DESIGN.md "Time, snapshots and seeking").
// Every shipped scenario compiles and runs under every reading.

package engine

import (
	"bytes"
	"runtime"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

func TestDeterminism_SameTraceEveryRun(t *testing.T) {
	walk, err := recording.ReadFile("testdata/steady_walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	other, err := recording.ReadFile("testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	seed := interp.SeedReading()
	first := runTrace(t, walk, seed)
	if second := runTrace(t, walk, seed); !bytes.Equal(first, second) {
		t.Fatal("the same recording gave two different traces")
	}
	runTrace(t, other, seed)
	if third := runTrace(t, walk, seed); !bytes.Equal(first, third) {
		t.Fatal("running another recording first changed the trace")
	}
}

// Every shipped scenario (the one catalog, STYLE.md point 8) compiles and
// runs under every reading, and its trace is identical across two runs and
// under GOMAXPROCS=1.
func TestShippedScenarios_EveryReadingDeterministic(t *testing.T) {
	goroutines.NoneStarted(t)
	catalog := scenario.Catalog()
	if len(catalog) == 0 {
		t.Fatal("empty scenario catalog")
	}
	for _, entry := range catalog {
		t.Run(entry.Name, func(t *testing.T) {
			goroutines.NoneStarted(t)
			rec, err := scenario.CompileAsset(assets.FS(), entry.Name)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range interp.ReadingNames() {
				r, err := interp.ReadingByName(name)
				if err != nil {
					t.Fatal(err)
				}
				a := runTrace(t, rec, r)
				if b := runTrace(t, rec, r); !bytes.Equal(a, b) {
					t.Fatalf("%s: two runs gave different traces", name)
				}
				prev := runtime.GOMAXPROCS(1)
				c := runTrace(t, rec, r)
				runtime.GOMAXPROCS(prev)
				if !bytes.Equal(a, c) {
					t.Fatalf("%s: GOMAXPROCS=1 changed the trace", name)
				}
			}
		})
	}
}
