package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// A pre-run that keeps what it allocates collects at pictureGC percent,
// unless GOGC sets the percent: the user's setting is kept.
func TestPictureMemory_CollectsLessUnlessGOGCSays(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	if v, set := os.LookupEnv("GOGC"); set {
		defer os.Setenv("GOGC", v)
	} else {
		defer os.Unsetenv("GOGC")
	}

	os.Unsetenv("GOGC")
	pictureMemory()
	if got := debug.SetGCPercent(100); got != pictureGC {
		t.Errorf("without GOGC the collector's percent is %d: want %d", got, pictureGC)
	}
	os.Setenv("GOGC", "100")
	pictureMemory()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC=100 the collector's percent is %d: want the user's 100", got)
	}
}
