// The web viewer in a real browser (issue 43, docs/web.md): Debian's
// headless Chromium, driven through chromedp, loads the site make web
// writes from a local server, opens a shipped recording by ?url=, steps to
// a tick with the keyboard, and its page is compared with `viewer shot` of
// the same input, tick, size and camera. Any console error, uncaught
// exception or request to anything but the local server fails the test.
// Without Chromium the test is skipped, saying so; make deps installs it.

package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
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
	browser  context.Context // the browser's first tab, without a deadline: newTab opens others
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
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The browser starts on the first Run and lives as long as that Run's
	// context: started here, without the page's deadline, so that newTab
	// can open more tabs in it.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	ctx, cancelT := context.WithTimeout(bctx, 150*time.Second)
	t.Cleanup(cancelT)
	return listenPage(t, &browserPage{ctx: ctx, browser: bctx}, host)
}

// newTab opens another tab in p's browser (one browser for the whole test
// keeps make test quick), recording what must not happen the same way.
func (p *browserPage) newTab(t *testing.T, host string) *browserPage {
	t.Helper()
	tctx, cancel := chromedp.NewContext(p.browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelT := context.WithTimeout(tctx, 150*time.Second)
	t.Cleanup(cancelT)
	return listenPage(t, &browserPage{ctx: ctx, browser: p.browser}, host)
}

// listenPage records p's console errors, exceptions and requests off host.
func listenPage(t *testing.T, p *browserPage, host string) *browserPage {
	t.Helper()
	err := chromedp.Listen(p.ctx, func(ev any) {
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
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
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
			if ev.Entry.Level == cdplog.EntryLevelError {
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

// keyEvent sends one key event of → (one tick forward).
func keyEvent(typ input.DispatchKeyEventType) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
			Type: typ, Key: "ArrowRight", Code: "ArrowRight", WindowsVirtualKeyCode: 39, NativeVirtualKeyCode: 39,
		})
		return err
	})
}

// stepTo presses → once, holding it until the page has drawn tick (the
// viewer reads keys once a frame, and a headless browser on a busy machine
// draws few frames a second), as a person holds a key until the screen
// answers.
func stepTo(ctx context.Context, tick int) error {
	if err := chromedp.Do(ctx, keyEvent(input.DispatchKeyEventTypeRawKeyDown)); err != nil {
		return err
	}
	werr := waitTick(ctx, tick)
	if err := chromedp.Do(ctx, keyEvent(input.DispatchKeyEventTypeKeyUp)); err != nil {
		return err
	}
	return werr
}

// TestWeb_RecordingAtATickMatchesViewerShot opens recordings/example.jsonl
// in the web viewer by ?url=, paused at tick 0 under the isometric camera,
// presses → (one tick forward) steps times, and compares the page with
// `viewer shot -tick steps -size 1280x800 -camera isometric` of the same
// recording: every pixel of the shot must be found, in its colour within
// colourTolerance, at its place in the page or one pixel from it.
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

	packZip, packDir, packTick, packHeading := webPack(t)

	mux := http.NewServeMux()
	mux.Handle("/rec/", http.StripPrefix("/rec/", http.FileServer(http.Dir("../../recordings"))))
	// The pack's folder inside the site's folder, as docs/web.md says to
	// serve it: its open.html goes to ../index.html.
	mux.Handle("/pack-1/", http.StripPrefix("/pack-1/", http.FileServer(http.Dir(packDir))))
	mux.Handle("/", http.FileServer(http.Dir(site)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	p := newBrowserPage(t, exe, host)
	start := time.Now()
	page := srv.URL + "/index.html?url=/rec/" + rec + "&paused=1&camera=isometric"
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	// The viewer says the tick it drew on the page's body once a frame of
	// the input is drawn (ui/page/page_js.go).
	if err := waitTick(p.ctx, 0); err != nil {
		p.check(t)
		t.Fatalf("the viewer never drew its first frame: %v", err)
	}
	t.Logf("first frame %v after navigating (a %s recording)", time.Since(start).Round(time.Millisecond), rec)
	time.Sleep(time.Second) // the pre-run behind the window
	for i := 1; i <= steps; i++ {
		if err := stepTo(p.ctx, i); err != nil {
			p.check(t)
			got, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body.dataset.tick || ""`))
			t.Fatalf("press %d of →: the page never drew tick %d (it shows %q): %v", i, i, got, err)
		}
	}
	time.Sleep(300 * time.Millisecond)
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
	missed, where := comparePixels(shot, web, colourTolerance, hudHint)
	if missed > 0 {
		t.Errorf("%d of the shot's %d pixels are not in the page at their place or one pixel from it, in their colour within %d levels (first at %v)",
			missed, webW*webH, colourTolerance, where)
	}

	// Evidence packs, in more tabs of the same browser (one browser keeps
	// make test quick): the zip chosen with the page's file picker, and
	// the pack's open.html served beside the site, each open at the pack's
	// moment (docs/web.md "Opening an evidence pack").
	t.Run("pack zip by the file picker", func(t *testing.T) {
		tab := p.newTab(t, host)
		if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(srv.URL+"/index.html?paused=1"),
			chromedp.SetUploadFiles("#pick", []string{packZip}, chromedp.NodeReady)); err != nil {
			t.Fatal(err)
		}
		waitPackMoment(t, tab, packTick, "pack.zip: "+packHeading,
			"viewer: evidence pack /input/pack.zip: its recording at tick "+fmt.Sprint(packTick))
	})
	t.Run("pack open.html beside the site", func(t *testing.T) {
		tab := p.newTab(t, host)
		if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(srv.URL+"/pack-1/open.html")); err != nil {
			t.Fatal(err)
		}
		waitPackMoment(t, tab, packTick, "", "")
		loc, err := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
		if err != nil {
			t.Fatal(err)
		}
		// Go's file server answers /index.html by sending the browser to /.
		if want := "tick=" + fmt.Sprint(packTick); !(strings.HasPrefix(loc, "/index.html?") || strings.HasPrefix(loc, "/?")) || !strings.Contains(loc, want) || !strings.Contains(loc, "url=%2Fpack-1%2Frecording.jsonl") {
			t.Errorf("open.html went to %q, want the site's index.html with %s and url=/pack-1/recording.jsonl", loc, want)
		}
	})
}

// webPack writes an evidence pack of engine/testdata/far_jump.jsonl at
// tick 30 with `viewer pack -o FILE.zip`, extracts it into a folder (for
// its open.html) and reads the pack's heading and tick from its README.
func webPack(t *testing.T) (zipPath, dir string, tick int, heading string) {
	t.Helper()
	tmp := t.TempDir()
	zipPath = filepath.Join(tmp, "pack.zip")
	if code, out := viewerProcess(t, "pack", "-at", "30", "-select", "0x80000A01", "-o", zipPath, farJump); code != 0 {
		t.Fatalf("viewer pack: exit %d\n%s", code, out)
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	dir = filepath.Join(tmp, "pack")
	tick = -1
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f.Name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if f.Name == "README.md" {
			heading, _, _ = strings.Cut(string(data), "\n")
			heading = strings.TrimPrefix(heading, "# ")
			if i := strings.LastIndex(heading, " at tick "); i >= 0 {
				fmt.Sscan(heading[i+len(" at tick "):], &tick)
			}
		}
	}
	if tick <= 0 {
		t.Fatalf("the pack's README.md heading names no tick after 0")
	}
	return zipPath, dir, tick, heading
}

// waitPackMoment waits until tab has drawn the pack's tick (a page that
// ignored the pack would draw tick 0) and, when they are given, its title
// holds wantTitle (the pack's zip and heading) and the viewer said logLine.
func waitPackMoment(t *testing.T, tab *browserPage, tick int, wantTitle, logLine string) {
	t.Helper()
	if err := waitTickWithin(tab.ctx, tick, 2*time.Minute); err != nil {
		tab.check(t)
		got, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`(document.body && document.body.dataset.tick || "") + " / " + document.getElementById("status").textContent`))
		t.Fatalf("the page never drew the pack's tick %d (it shows %q): %v", tick, got, err)
	}
	title, err := chromedp.Run(tab.ctx, chromedp.Title())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the page at tick %d, titled %q", tick, title)
	if !strings.Contains(title, wantTitle) {
		t.Errorf("the page's title is %q, want it to hold %q", title, wantTitle)
	}
	tab.check(t)
	if logLine == "" {
		return
	}
	tab.mu.Lock()
	defer tab.mu.Unlock()
	for _, l := range tab.logs {
		if strings.Contains(l, logLine) {
			return
		}
	}
	t.Errorf("the console lacks %q:\n  %s", logLine, strings.Join(tab.logs, "\n  "))
}

// waitTick waits until the viewer has drawn tick (the page body's
// data-tick, ui/page/page_js.go), for at most a minute.
func waitTick(ctx context.Context, tick int) error {
	return waitTickWithin(ctx, tick, time.Minute)
}

// waitTickWithin is waitTick for at most d.
func waitTickWithin(ctx context.Context, tick int, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.body && document.body.dataset.tick === "%d"`, tick),
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
	return err
}

// colourTolerance is how far (of 255) a channel of the page may be from the
// shot's: WebGL's blending rounds the edges of anti-aliased text and lines
// differently from desktop GL by up to this much (measured: every pixel
// within 8 levels, all but the timeline cursor's within 2); solid fills —
// the overlays' colours — come out exact.
const colourTolerance = 8

// hudHint is the viewport's camera-keys line ("1 top-down · 2 isometric
// …", ui/panel/hud.go), which the window shows and viewer shot leaves out
// at 1280x800; it is not compared.
var hudHint = image.Rect(282, 38, 900, 60)

// comparePixels counts the pixels of want outside skip not found in got,
// in their colour within tol levels a channel, at their place or at one of
// the eight places around it.
func comparePixels(want, got image.Image, tol int, skip image.Rectangle) (missed int, first image.Point) {
	b := want.Bounds()
	gb := got.Bounds()
	near := func(p, q uint32) bool { d := int(p>>8) - int(q>>8); return d <= tol && -d <= tol }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if image.Pt(x, y).In(skip) {
				continue
			}
			wr, wg, wb, _ := want.At(x, y).RGBA()
			found := false
			for dy := -1; dy <= 1 && !found; dy++ {
				for dx := -1; dx <= 1 && !found; dx++ {
					q := image.Pt(x-b.Min.X+gb.Min.X+dx, y-b.Min.Y+gb.Min.Y+dy)
					if !q.In(gb) {
						continue
					}
					gr, gg, gbl, _ := got.At(q.X, q.Y).RGBA()
					found = near(gr, wr) && near(gg, wg) && near(gbl, wb)
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

// The comparison finds a moved or recoloured mark: a square of the shot
// shifted by two pixels, or drawn 20 levels off, is missed.
func TestWeb_ComparePixelsFindsAMoveAndARecolour(t *testing.T) {
	base := image.NewRGBA(image.Rect(0, 0, 40, 40))
	mark := func(img *image.RGBA, x0, y0 int, c uint8) {
		for y := y0; y < y0+5; y++ {
			for x := x0; x < x0+5; x++ {
				img.Pix[img.PixOffset(x, y)+0], img.Pix[img.PixOffset(x, y)+3] = c, 255
			}
		}
	}
	want := image.NewRGBA(base.Rect)
	mark(want, 10, 10, 200)
	same, moved1, moved2, recol := image.NewRGBA(base.Rect), image.NewRGBA(base.Rect), image.NewRGBA(base.Rect), image.NewRGBA(base.Rect)
	mark(same, 10, 10, 200)
	mark(moved1, 11, 10, 200)
	mark(moved2, 12, 10, 200)
	mark(recol, 10, 10, 220)
	for _, c := range []struct {
		name string
		got  *image.RGBA
		miss bool
	}{{"same", same, false}, {"one pixel over", moved1, false}, {"two pixels over", moved2, true}, {"20 levels off", recol, true}} {
		if n, _ := comparePixels(want, c.got, colourTolerance, image.Rectangle{}); (n > 0) != c.miss {
			t.Errorf("%s: %d missed, want missed: %v", c.name, n, c.miss)
		}
	}
}
