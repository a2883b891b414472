// A screenshot's PNG is encoded and written while the window closes
// (shotWrite): the picture's frame reads its pixels and returns.

package ui

import (
	"bytes"
	"image"
	"io"
	"os"
	"testing"
	"time"

	"glidepath/ui/pngout"
)

// TestShot_PNGWrittenWhileTheWindowCloses: the picture's frame returns
// with its PNG's encoding held back, and the file waited for (as Run waits
// for it once the window is closed) is the picture's, byte for byte.
func TestShot_PNGWrittenWhileTheWindowCloses(t *testing.T) {
	c := shotCases(t)[0]
	ref := shotRef(t, c)
	release, returned := make(chan struct{}), make(chan bool, 1)
	shotEncode = func(w io.Writer, img *image.RGBA) error {
		select {
		case <-release:
			returned <- true
		case <-time.After(5 * time.Second):
			returned <- false // the frame waited for its PNG
		}
		return pngout.Encode(w, img)
	}
	defer func() { shotEncode = pngout.Encode }()
	a, opts := shotLoading(t, c)
	readyApp(t, a, opts)
	for range shotFrames {
		frame(t, a)
	}
	if !a.shotDone {
		t.Fatal("no picture taken")
	}
	if _, err := os.Stat(opts.Screenshot); err == nil {
		t.Error("the PNG was written before its encoding was let go")
	}
	close(release)
	if done, err := shotWritten(a); !done || err != nil {
		t.Fatalf("shot done %v, error %v", done, err)
	}
	if !<-returned {
		t.Error("the picture's frame waited for its PNG to be encoded")
	}
	b, err := os.ReadFile(opts.Screenshot)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, ref.png) {
		t.Errorf("the PNG written behind the window is not the picture (%d bytes against %d)", len(b), len(ref.png))
	}
}
