// The web viewer in a real browser (issue 43, docs/web.md): Debian's
// headless Chromium, driven through chromedp, loads the site make web
// writes from a local server, opens a shipped recording by ?url=, steps to
// a tick with the keyboard, and its page is compared with `viewer shot` of
// the same input, tick, size and camera. Any console error, uncaught
// exception or request to anything but the local server fails the test.
// Without Chromium the test is skipped, saying so; make deps installs it.

package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// webSize is the browser's viewport and the shot's -size.
const webW, webH = 1280, 800

// webSite returns the folder of the web viewer's site: GLIDEPATH_WEB_DIR
// (make test-web sets it to the dist/web that make web wrote), or one
// built here by scripts/web.sh.
func webSite(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("GLIDEPATH_WEB_DIR"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "viewer.wasm")); err != nil {
			t.Fatalf("GLIDEPATH_WEB_DIR=%s: no viewer.wasm there (make web writes it): %v", dir, err)
		}
		return dir
	}
	dir := filepath.Join(t.TempDir(), "web")
	cmd := exec.Command("bash", "../../scripts/web.sh", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/web.sh: %v\n%s", err, out)
	}
	return dir
}

// chromium finds Debian's Chromium, or skips the test saying what is
// missing.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("GLIDEPATH_CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("the web viewer's browser test needs Chromium, which is not installed: `make deps` (or apt-get install chromium) installs it")
	return ""
}

// browserPage is one headless Chromium tab that records what must not
// happen: console errors, exceptions and requests off the local server.
type browserPage struct {
	ctx      context.Context
	mu       sync.Mutex
	problems []string
	logs     []string
}

func newBrowserPage(t *testing.T, exe, host string) *browserPage {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.WindowSize(webW, webH),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.Flag("hide-scrollbars", true),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancelT := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(cancelT)
	p := &browserPage{ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`))
			}
			line := fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " "))
			p.logs = append(p.logs, line)
			if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeAssert {
				p.problems = append(p.problems, line)
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			p.problems = append(p.problems, "uncaught exception: "+msg)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.LevelError {
				p.problems = append(p.problems, fmt.Sprintf("browser log error: %s (%s)", ev.Entry.Text, ev.Entry.URL))
			}
		case *network.EventRequestWillBeSent:
			u, err := url.Parse(ev.Request.URL)
			if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Host != host) {
				p.problems = append(p.problems, "a request off the local server: "+ev.Request.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// check fails the test on anything the page must not do.
func (p *browserPage) check(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.problems) > 0 {
		t.Errorf("the page:\n  %s\nits console:\n  %s", strings.Join(p.problems, "\n  "), strings.Join(p.logs, "\n  "))
	}
}

// key presses one key (down, a frame's wait, up, a frame's wait), as a
// person does: the viewer reads keys once a frame.
func key(name, code string, vk int64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: name, Code: code, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk,
			}); err != nil {
				return err
			}
			time.Sleep(80 * time.Millisecond)
		}
		return nil
	})
}

// TestWeb_RecordingAtATickMatchesViewerShot opens recordings/example.jsonl
// in the web viewer by ?url=, paused at tick 0 under the isometric camera,
// presses → (one tick forward) steps times, and compares the page with
// `viewer shot -tick steps -size 1280x800 -camera isometric` of the same
// recording: every pixel of the shot must be found, in exactly its colour,
// at its place in the page or one pixel from it.
func TestWeb_RecordingAtATickMatchesViewerShot(t *testing.T) {
	exe := chromium(t)
	needDisplay(t) // viewer shot draws in a window
	site := webSite(t)
	const steps = 12
	const rec = "example.jsonl"

	shotPNG := filepath.Join(t.TempDir(), "shot.png")
	if code, out := viewerProcess(t, "shot", "-tick", fmt.Sprint(steps), "-size", fmt.Sprintf("%dx%d", webW, webH),
		"-camera", "isometric", "-o", shotPNG, "../../recordings/"+rec); code != 0 {
		t.Fatalf("viewer shot: exit %d\n%s", code, out)
	}

	mux := http.NewServeMux()
	mux.Handle("/rec/", http.StripPrefix("/rec/", http.FileServer(http.Dir("../../recordings"))))
	mux.Handle("/", http.FileServer(http.Dir(site)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	p := newBrowserPage(t, exe, host)
	start := time.Now()
	page := srv.URL + "/index.html?url=/rec/" + rec + "&paused=1&camera=isometric"
	if err := chromedp.Do(p.ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	// The viewer names its input in the page's title once its first frame
	// is drawn (ebiten.SetWindowTitle).
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.title.startsWith("Glidepath —")`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		p.check(t)
		t.Fatalf("the viewer never drew its first frame: %v", err)
	}
	t.Logf("first frame %v after navigating (a %s recording)", time.Since(start).Round(time.Millisecond), rec)
	time.Sleep(time.Second) // the pre-run behind the window
	for range steps {
		if err := chromedp.Do(p.ctx, key("ArrowRight", "ArrowRight", 39)); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond)
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	p.check(t)
	web, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.ReadFile(shotPNG)
	if err != nil {
		t.Fatal(err)
	}
	shot, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("GLIDEPATH_WEB_KEEP"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "web.png"), buf, 0o644)
		_ = os.WriteFile(filepath.Join(dir, "shot.png"), f, 0o644)
	}
	if web.Bounds().Size() != shot.Bounds().Size() {
		t.Fatalf("the page is %v, the shot %v", web.Bounds().Size(), shot.Bounds().Size())
	}
	missed, where := comparePixels(shot, web)
	if missed > 0 {
		t.Errorf("%d of the shot's %d pixels are not in the page at their place or one pixel from it, in their exact colour (first at %v)",
			missed, webW*webH, where)
	}
}

// comparePixels counts the pixels of want not found in got, in exactly
// their colour, at their place or at one of the eight places around it.
func comparePixels(want, got image.Image) (missed int, first image.Point) {
	b := want.Bounds()
	gb := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			wr, wg, wb, _ := want.At(x, y).RGBA()
			found := false
			for dy := -1; dy <= 1 && !found; dy++ {
				for dx := -1; dx <= 1 && !found; dx++ {
					q := image.Pt(x-b.Min.X+gb.Min.X+dx, y-b.Min.Y+gb.Min.Y+dy)
					if !q.In(gb) {
						continue
					}
					gr, gg, gbl, _ := got.At(q.X, q.Y).RGBA()
					found = gr>>8 == wr>>8 && gg>>8 == wg>>8 && gbl>>8 == wb>>8
				}
			}
			if !found {
				if missed == 0 {
					first = image.Pt(x, y)
				}
				missed++
			}
		}
	}
	return missed, first
}
