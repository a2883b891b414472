// The web viewer in a real browser on every kind of input it opens (issue
// 43: a recording, a scenario, a capture — pcap, pcapng, the datagram
// JSONL — or an evidence pack): web_browser_test.go opens a recording and
// packs; this file opens a shipped scenario and a capture of each kind by
// ?url=, and compares each page with `viewer shot` of the same input, tick,
// size and camera, under the same rules (every pixel of the shot in the
// page in its exact colour, at its place or one pixel from it; the
// overlays' palette counted apart). Any console error, uncaught exception
// or request off the local server fails it.

package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/scenario"
)

// webInput is one input the page opens by ?url=: served as file, drawn at
// tick (the scenario stepped there with →, the others opened there by the
// address's tick=).
type webInput struct {
	name string
	file string // the name it is served under (and so the name the page gives it)
	path string // where the test has it
	tick int
	keys bool // step from tick 0 with → (and time the first frame at tick 0)
}

// TestWeb_ScenarioAndCapturesMatchViewerShot opens, by ?url=, the shipped
// scenario assets/scenarios/runner.yaml (its first frame timed from the
// navigation, docs/web.md "The first frame"; then stepped with → to tick
// 12), a pcap and a pcapng of the shipped scenario bubble (written here by
// capturetest, the test suite's own writer of the pcap and pcapng layouts,
// not the reader's code; the pcapng served under a name without an
// extension, so that the viewer must tell it by its content), and the
// public corpus's datagram JSON Lines (testdata/corpus, a real retail
// session written by another program) at a tick where its remotes move.
// Each page must be `viewer shot` of the same file at the same tick.
func TestWeb_ScenarioAndCapturesMatchViewerShot(t *testing.T) {
	exe := chromium(t)
	needDisplay(t) // viewer shot draws in a window
	site := webSite(t)
	dir := t.TempDir()

	bubble, err := scenario.CompileAsset(assets.FS(), "bubble")
	if err != nil {
		t.Fatal(err)
	}
	writeCapture := func(name string, cfg capturetest.Config) string {
		var buf bytes.Buffer
		if _, err := capturetest.FromRecording(&buf, bubble, cfg); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inputs := []webInput{
		{name: "scenario", file: "runner.yaml", path: "../../assets/scenarios/runner.yaml", tick: 12, keys: true},
		{name: "pcap", file: "bubble.pcap", path: writeCapture("bubble.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}), tick: 300},
		{name: "pcapng named without an extension", file: "bubble-capture", path: writeCapture("bubble-capture", capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.SLL2}), tick: 300},
		{name: "datagram JSONL", file: "fellowship-three-vassal.jsonl", path: "../../testdata/corpus/fellowship-three-vassal.jsonl", tick: 1530},
	}
	files := map[string]string{}
	for _, in := range inputs {
		files["/in/"+in.file] = in.path
	}

	mux := http.NewServeMux()
	mux.HandleFunc("/in/", func(w http.ResponseWriter, r *http.Request) {
		p, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, p)
	})
	mux.Handle("/", siteHandler(site))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	// The shots first, side by side: the browser's tabs then run one
	// after another.
	shots := make([]image.Image, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			shots[i] = webShot(t, in.path, in.tick, "isometric")
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	p := newBrowserPage(t, exe, host)
	for i, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			tab := p
			if i > 0 {
				tab = p.newTab(t, host)
			}
			first := 0
			if !in.keys {
				first = in.tick
			}
			addr := fmt.Sprintf("%s/index.html?url=/in/%s&paused=1&camera=isometric", srv.URL, in.file)
			if first > 0 {
				addr += fmt.Sprintf("&tick=%d", first)
			}
			start := time.Now()
			if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(addr)); err != nil {
				t.Fatal(err)
			}
			if err := waitTick(tab.ctx, first); err != nil {
				tab.check(t)
				got, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`(document.body && document.body.dataset.tick || "") + " / " + document.getElementById("status").textContent`))
				t.Fatalf("the page never drew tick %d of %s (it shows %q): %v", first, in.file, got, err)
			}
			t.Logf("first frame (tick %d) %v after navigating (%s); %s", first, time.Since(start).Round(time.Millisecond), in.file, tab.timeline(t))
			waitPreRun(t, tab) // the timeline whole, as in the shot
			t.Logf("pre-run through the input: %s", tab.timeline(t))
			if in.keys {
				for i := 1; i <= in.tick; i++ {
					if err := stepTo(tab.ctx, i); err != nil {
						tab.check(t)
						got, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`document.body.dataset.tick || ""`))
						t.Fatalf("press %d of →: the page never drew tick %d (it shows %q): %v", i, i, got, err)
					}
				}
			}
			web := tab.screenshot(t, "web-"+in.file+".png")
			compareWithShot(t, fmt.Sprintf("%s at tick %d, isometric", in.file, in.tick), shots[i], web)
			tab.check(t)
			_ = chromedp.Do(tab.ctx, chromedp.Navigate("about:blank"))
		})
	}
}

// webShot is `viewer shot` of file at tick under camera, at the browser's
// size (kept, with GLIDEPATH_WEB_KEEP, as shot-FILE.png). It may run on
// any goroutine: it reports a failure with t.Error.
func webShot(t *testing.T, file string, tick int, camera string) image.Image {
	out := filepath.Join(t.TempDir(), "shot.png")
	if code, msg := viewerProcess(t, "shot", "-tick", fmt.Sprint(tick), "-size", fmt.Sprintf("%dx%d", webW, webH),
		"-camera", camera, "-o", out, file); code != 0 {
		t.Errorf("viewer shot -tick %d -camera %s %s: exit %d\n%s", tick, camera, file, code, msg)
		return nil
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Error(err)
		return nil
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Error(err)
		return nil
	}
	keep("shot-"+filepath.Base(file)+".png", data)
	return img
}
