package live

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/internal/cli"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// A client trace whose rows name an object the run never has rang
// nothing, silently, for as long as the session ran: each such object is
// warned of once, naming the trace's line and the tick, whether its row
// is checked alone (the client still on its tick) or with its tick.
func TestRun_WarnsOfClientObjectsTheRunNeverHas(t *testing.T) {
	path, _ := scenarioCapture(t, "teleport")
	trace := filepath.Join(t.TempDir(), "client.jsonl")
	rows := `{"tick":1,"guid":"0x12345678","cell":"0xA9B4001F","origin":[1,1,0]}` + "\n" +
		`{"tick":2,"guid":"0x12345678","cell":"0xA9B4001F","origin":[1,1,0]}` + "\n" +
		`{"tick":3,"guid":"0x12345679","cell":"0xA9B4001F","origin":[1,1,0]}` + "\n"
	if err := os.WriteFile(trace, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := withStop(t)
	var out, errs goroutines.Buffer
	done := make(chan error, 1)
	o := Options{Capture: path, Against: trace, Reading: interp.SeedReading(), Poll: 10 * time.Millisecond}
	go func() { done <- Run(o, &out, &errs) }()
	want := []string{
		"viewer: warning: live: " + trace + ":1: 0x12345678 at tick 1 is no object of the run; its rows are not compared\n",
		"viewer: warning: live: " + trace + ":3: 0x12345679 at tick 3 is no object of the run; its rows are not compared\n",
	}
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(errs.String(), want[1]); {
		if time.Now().After(deadline) {
			stop()
			<-done
			t.Fatalf("no warning of the second object:\n%s", errs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // a second warning would come now
	stop()
	var ie *cli.InterruptedError
	if err := <-done; !errors.As(err, &ie) {
		t.Fatalf("after the signal: %v", err)
	}
	got := errs.String()
	for _, w := range want {
		if strings.Count(got, w) != 1 {
			t.Errorf("stderr has %q %d times, want once:\n%s", w, strings.Count(got, w), got)
		}
	}
	if n := strings.Count(got, "is no object of the run"); n != 2 {
		t.Errorf("%d warnings, want 2:\n%s", n, got)
	}
}
