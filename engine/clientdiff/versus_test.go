package clientdiff

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"glidepath/engine/clienttrace"
)

func versusReader(t *testing.T, name, text string) *clienttrace.Reader {
	t.Helper()
	r, err := clienttrace.NewReader(name, strings.NewReader(text), 30)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Two client traces compared: the first tick their positions part by more
// than the tolerance, or their queues differ, is the first divergence; the
// objects and ticks only one has are listed.
func TestVersus(t *testing.T) {
	a := versusReader(t, "a.jsonl", `{"tick":1,"guid":"0x1","cell":"0xA9B40001","origin":[1,1,0],"queue":1}
{"tick":1,"guid":"0x2","cell":"0xA9B40001","origin":[5,5,0]}
{"tick":2,"guid":"0x1","cell":"0xA9B40001","origin":[2,1,0],"queue":1}
{"tick":3,"guid":"0x1","cell":"0xA9B40001","origin":[3,1,0],"queue":2}
{"tick":4,"guid":"0x1","cell":"0xA9B40001","origin":[4,1,0],"queue":2}
`)
	b := versusReader(t, "b.jsonl", `{"tick":1,"guid":"0x1","cell":"0xA9B40001","origin":[1,1,0],"queue":1}
{"tick":1,"guid":"0x3","cell":"0xA9B40001","origin":[9,9,0]}
{"tick":2,"guid":"0x1","cell":"0xA9B40001","origin":[2.005,1,0],"queue":1}
{"tick":4,"guid":"0x1","cell":"0xA9B40001","origin":[4,1,0],"queue":3}
`)
	res, err := Versus(a, b, Options{Tolerance: 0.01, Context: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Diverged || len(res.Objects) != 1 || res.ComparedRows != 3 {
		t.Fatalf("result %+v", res)
	}
	o := res.Objects[0]
	d := o.FirstDivergence
	if o.GUID != "0x00000001" || d == nil || d.Tick != 4 || strings.Join(d.Fields, ",") != "queue" || d.Retail.Queue != 2 || *d.Client.Queue != 3 {
		t.Fatalf("object %+v, divergence %+v", o, d)
	}
	// The context: tick 2 compared, tick 3 without a row in b.
	if len(d.Context) != 2 || d.Context[0].Tick != 2 || d.Context[1].Tick != 3 || d.Context[1].Client != nil {
		t.Errorf("context %+v", d.Context)
	}
	if o.MaxErrorTick != 2 || o.MaxError < 0.004 || o.MaxError > 0.006 {
		t.Errorf("max error %v at tick %d", o.MaxError, o.MaxErrorTick)
	}
	m := res.Missing
	if len(m.Objects) != 1 || m.Objects[0].GUID != "0x00000002" || len(m.NotInRecording) != 1 || m.NotInRecording[0].GUID != "0x00000003" ||
		len(m.Ticks) != 1 || m.Ticks[0].Ticks != 1 || m.Ticks[0].Ranges[0] != [2]int{3, 3} {
		t.Errorf("missing %+v", m)
	}
	// Below the tolerance and with equal queues nothing diverges.
	same := `{"tick":1,"guid":"0x1","cell":"0xA9B40001","origin":[1,1,0]}` + "\n"
	res, err = Versus(versusReader(t, "a", same), versusReader(t, "b", same), Options{Tolerance: 0.01})
	if err != nil || res.Diverged {
		t.Errorf("same traces: %+v, %v", res, err)
	}
	// Nothing in common: nothing compared.
	other := `{"tick":1,"guid":"0x9","cell":"0xA9B40001","origin":[1,1,0]}` + "\n"
	_, err = Versus(versusReader(t, "a", same), versusReader(t, "b", other), Options{})
	var ne *NothingComparedError
	if !errors.As(err, &ne) {
		t.Errorf("no common object: %v", err)
	}
}

// -vs's JSON has diff's shape: the missing lists are [] when empty, not
// null.
func TestVersus_EmptyListsAreEmpty(t *testing.T) {
	same := `{"tick":1,"guid":"0x1","cell":"0xA9B40001","origin":[1,1,0]}` + "\n"
	res, err := Versus(versusReader(t, "a", same), versusReader(t, "b", same), Options{Tolerance: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res.Missing)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"objects":[],"ticks":[],"not_in_recording":[]`; !strings.Contains(string(b), want) {
		t.Errorf("missing %s, want %s", b, want)
	}
}
