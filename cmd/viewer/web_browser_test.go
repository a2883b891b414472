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
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
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

	"glidepath/ui/overlay"
	"glidepath/ui/panel"
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
	browser  context.Context // the test's first tab, without a deadline: newTab opens others in its browser context
	mu       sync.Mutex
	problems []string
	logs     []string
	// What the tab transferred: bytes on the wire and the URL, by request.
	sent    map[network.RequestID]float64
	urls    map[network.RequestID]string
	encoded map[network.RequestID]string // the Content-Encoding it came in
}

// The Chromium the browser tests share: started for the first page a test
// asks for (startBrowser) and stopped by TestMain (stopBrowser), so that
// make test starts one browser, not one a test. Each test's tabs live in a
// browser context of their own (newBrowserPage), with their own storage,
// cookies and cache, as in a browser started for that test alone.
var (
	browserMu   sync.Mutex
	browserCtx  context.Context // the browser's first tab, which stays blank
	browserStop func()
)

// startBrowser starts Chromium, drawing WebGL with Mesa's llvmpipe (as the
// desktop viewer draws under Xvfb: the same rasteriser, so the same
// pixels; SwiftShader, Chromium's own, rounds blended edges differently),
// or returns the one already started.
//
// V8 runs the viewer's WebAssembly with its baseline compiler alone
// (--liftoff-only): each page compiles the whole viewer again, and the
// optimising tier's background compiles of the functions a pre-run makes
// hot cost more CPU than they save in a page's few seconds of work (the
// two browser tests took about a fifth less CPU, docs/testing.md).
// WebAssembly computes the same values in either tier (IEEE arithmetic, no
// undefined behaviour), so the pages draw the same.
func startBrowser(t *testing.T, exe string) context.Context {
	t.Helper()
	browserMu.Lock()
	defer browserMu.Unlock()
	if browserCtx != nil {
		return browserCtx
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.WindowSize(webW, webH),
		chromedp.Flag("use-angle", "gl-egl"),
		chromedp.Flag("ignore-gpu-blocklist", true), // llvmpipe is on it
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("js-flags", "--liftoff-only"),
		// What a fresh profile's browser does besides the pages, none of
		// which a test of the pages needs: first-run and default-browser
		// checks, component and safe-browsing updates, background
		// networking, sync, extensions, phishing detection, crash
		// reporting, metrics.
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("safebrowsing-disable-auto-update", true),
		chromedp.Flag("disable-client-side-phishing-detection", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("disable-features", "Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider"),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	// The browser starts on the first Run and lives as long as that Run's
	// context: started here, without a test's deadline, so that every
	// test can open tabs in it.
	if err := chromedp.Do(bctx); err != nil {
		cancelB()
		cancelA()
		t.Fatalf("starting Chromium: %v", err)
	}
	browserCtx, browserStop = bctx, func() { cancelB(); cancelA() }
	return browserCtx
}

// stopBrowser stops the shared Chromium, if a test started it, and waits
// for it to exit.
func stopBrowser() {
	browserMu.Lock()
	defer browserMu.Unlock()
	if browserStop != nil {
		browserStop()
		browserCtx, browserStop = nil, nil
	}
}

// newBrowserPage opens a tab in the shared Chromium (startBrowser), in a
// browser context of the test's own that closes with the test. hosts are
// the servers the page may reach.
func newBrowserPage(t *testing.T, exe string, hosts ...string) *browserPage {
	t.Helper()
	tctx, cancel := chromedp.NewContext(startBrowser(t, exe), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelT := context.WithTimeout(tctx, 150*time.Second)
	t.Cleanup(cancelT)
	// newTab opens the test's other tabs in the same browser context.
	return listenPage(t, &browserPage{ctx: ctx, browser: tctx}, hosts)
}

// newTab opens another tab in p's browser and browser context (one
// browser for the browser tests keeps make test quick), recording what
// must not happen the same way.
func (p *browserPage) newTab(t *testing.T, hosts ...string) *browserPage {
	t.Helper()
	tctx, cancel := chromedp.NewContext(p.browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelT := context.WithTimeout(tctx, 150*time.Second)
	t.Cleanup(cancelT)
	return listenPage(t, &browserPage{ctx: ctx, browser: p.browser}, hosts)
}

// listenPage records p's console errors, exceptions and requests off
// hosts, and what it transferred.
func listenPage(t *testing.T, p *browserPage, hosts []string) *browserPage {
	t.Helper()
	p.sent, p.urls, p.encoded = map[network.RequestID]float64{}, map[network.RequestID]string{}, map[network.RequestID]string{}
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
			if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Scheme != "about" && !slices.Contains(hosts, u.Host)) {
				p.problems = append(p.problems, "a request off the local server: "+ev.Request.URL)
			}
			p.urls[ev.RequestID] = ev.Request.URL
		case *network.EventResponseReceived:
			if ev.Response != nil {
				for k, v := range ev.Response.Headers {
					if strings.EqualFold(k, "Content-Encoding") {
						p.encoded[ev.RequestID] = fmt.Sprint(v)
					}
				}
			}
		case *network.EventLoadingFinished:
			p.sent[ev.RequestID] = ev.EncodedDataLength
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

// transferred sums what the tab has transferred (bytes on the wire,
// headers and compressed bodies), and says it request by request.
func (p *browserPage) transferred() (float64, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var sum float64
	var parts []string
	for id, n := range p.sent {
		sum += n
		name := p.urls[id]
		if u, err := url.Parse(name); err == nil {
			name = path.Base(u.Path)
		}
		if enc := p.encoded[id]; enc != "" {
			name += " (" + enc + ")"
		}
		parts = append(parts, fmt.Sprintf("%s %.0f", name, n))
	}
	sort.Strings(parts)
	return sum, strings.Join(parts, ", ")
}

// timeline says when (ms after the page's navigation began) the page's
// marks fell: the loader's (compiled, run) and the viewer's (window,
// first-frame), docs/web.md "First frame".
func (p *browserPage) timeline(t *testing.T) string {
	t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`performance.getEntriesByType("mark").filter((m) => m.name.startsWith("glidepath:")).map((m) => m.name.slice(10) + " " + Math.round(m.startTime) + " ms").join(", ")`))
	if err != nil {
		return "no marks: " + err.Error()
	}
	return s
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
// recording: every pixel of the shot must be found in the page in its
// exact colour, at its place or one pixel from it. The camera keys (1
// top-down, 3 perspective, 2 isometric) must act as on the desktop: 1
// gives the top-down shot, 3 the camera-keys line of the perspective one
// (whose first view frames another span), and 2 the isometric shot again. Then, in
// more tabs of the same browser: the settings kept across a reload, ?url=
// from another origin (allowed by CORS, and refused), and evidence packs
// opened by drop on the running viewer, by the file picker and by the
// pack's open.html.
func TestWeb_RecordingAtATickMatchesViewerShot(t *testing.T) {
	exe := chromium(t)
	needDisplay(t) // viewer shot draws in a window
	site := webSite(t)
	const steps = 12
	const rec = "example.jsonl"

	shots := webShots(t, "../../recordings/"+rec, steps, "isometric", "top-down", "perspective")
	iso := shots["isometric"]

	packZip, packDir, packTick, packHeading := webPack(t)

	mux := http.NewServeMux()
	mux.Handle("/rec/", http.StripPrefix("/rec/", http.FileServer(http.Dir("../../recordings"))))
	// The pack's folder inside the site's folder, as docs/web.md says to
	// serve it: its open.html goes to ../index.html.
	mux.Handle("/pack-1/", http.StripPrefix("/pack-1/", http.FileServer(http.Dir(packDir))))
	mux.Handle("/", siteHandler(site))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	// Another origin (another port): /cors/ lets every origin read the
	// recordings, /nocors/ lets none.
	other := http.NewServeMux()
	other.Handle("/cors/", http.StripPrefix("/cors/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.FileServer(http.Dir("../../recordings")).ServeHTTP(w, r)
	})))
	other.Handle("/nocors/", http.StripPrefix("/nocors/", http.FileServer(http.Dir("../../recordings"))))
	srv2 := httptest.NewServer(other)
	defer srv2.Close()
	host2 := strings.TrimPrefix(srv2.URL, "http://")

	p := newBrowserPage(t, exe, host, host2)
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
	t.Logf("first frame %v after navigating (a %s recording); %s", time.Since(start).Round(time.Millisecond), rec, p.timeline(t))
	// What a browser transfers to show the first frame: the page, its
	// scripts, the viewer (compressed, as any host serves it) and the input.
	if n, what := p.transferred(); n > maxTransfer {
		t.Errorf("the page transferred %.0f bytes before its first frame, more than %d: %s", n, maxTransfer, what)
	} else {
		t.Logf("transferred %.0f bytes before the first frame: %s", n, what)
	}
	waitPreRun(t, p) // the pre-run behind the window: the timeline whole, as in the shot
	for i := 1; i <= steps; i++ {
		if err := stepTo(p.ctx, i); err != nil {
			p.check(t)
			got, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body.dataset.tick || ""`))
			t.Fatalf("press %d of →: the page never drew tick %d (it shows %q): %v", i, i, got, err)
		}
	}
	web := p.screenshot(t, "web.png")
	compareWithShot(t, "tick 12, isometric", iso, web)

	// The camera keys, as on the desktop (ui/input.go): 1 and 3 switch to
	// the camera each names, keeping the target and the zoom
	// (camera.SetMode); 2 brings back the isometric view the shot shows.
	for _, k := range []struct {
		key  string
		mode string
	}{{"1", "top-down"}, {"2", "isometric"}, {"3", "perspective"}, {"2", "isometric"}} {
		if err := pressKey(p.ctx, k.key, k.mode); err != nil {
			p.check(t)
			t.Fatalf("key %s: %v", k.key, err)
		}
		got := p.screenshot(t, "web-"+k.mode+".png")
		switch k.mode {
		case "isometric":
			compareWithShot(t, "tick 12, isometric again after key "+k.key, iso, got)
			continue
		case "top-down":
			// This recording's first view frames the same span top-down
			// as isometric, so key 1 gives the top-down shot whole.
			compareWithShot(t, "tick 12, key 1", shots["top-down"], got)
		}
		compareHUD(t, "key "+k.key, shots[k.mode], got)
		if missed, _ := comparePixels(iso, got, 0, image.Rectangle{}); missed == 0 {
			t.Errorf("key %s: the page still shows the isometric view", k.key)
		}
	}
	p.check(t)
	// The rest of the test needs no more of this tab: its viewer stops.
	_ = chromedp.Do(p.ctx, chromedp.Navigate("about:blank"))

	t.Run("settings kept across a reload, ?url= from another origin by CORS, a pack dropped", func(t *testing.T) {
		tab := p.newTab(t, host, host2)
		// No camera, tick or selection in the address: the remembered
		// view is restored (docs/viewer.md "Settings").
		if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH),
			chromedp.Navigate(srv.URL+"/index.html?url="+url.QueryEscape(srv2.URL+"/cors/"+rec)+"&paused=1")); err != nil {
			t.Fatal(err)
		}
		if err := waitTick(tab.ctx, 0); err != nil {
			tab.check(t)
			t.Fatalf("the recording from %s never drew: %v", srv2.URL, err)
		}
		waitPreRun(t, tab)
		before := tab.screenshot(t, "settings-before.png")
		// Top-down and the trails off: both kept in the settings.
		if err := pressKey(tab.ctx, "1", "top-down"); err != nil {
			t.Fatal(err)
		}
		if err := pressKey(tab.ctx, "T", ""); err != nil {
			t.Fatal(err)
		}
		kept := `Object.keys(localStorage).some((k) => k.startsWith("glidepath:file:/home/web/") &&
			/"camera":\s*"top-down"/.test(atob(localStorage.getItem(k))) && !/"overlays":\s*"[^"]*T/.test(atob(localStorage.getItem(k))))`
		if err := waitJS(tab.ctx, kept, 30*time.Second); err != nil {
			tab.check(t)
			t.Fatalf("the view (top-down, trails off) never reached the browser's storage: %v", err)
		}
		changed := tab.screenshot(t, "settings-changed.png")
		if n, _ := comparePixels(before, changed, 0, image.Rectangle{}); n == 0 {
			t.Fatalf("keys 1 and T changed nothing on the page")
		}
		if err := chromedp.Do(tab.ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		if err := waitTick(tab.ctx, 0); err != nil {
			tab.check(t)
			t.Fatalf("after the reload the page never drew: %v", err)
		}
		waitPreRun(t, tab)
		if cam, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`document.body.dataset.camera`)); cam != "top-down" {
			t.Errorf("after the reload the camera is %q, want the top-down one kept", cam)
		}
		after := tab.screenshot(t, "settings-after.png")
		// The status line's message ("— trails off") is the key's, not
		// the view's: it is not compared.
		if n, where := comparePixels(changed, after, 0, statusMessage); n > 0 {
			t.Errorf("after the reload %d pixels differ from the page before it (first at %v): the view was not restored", n, where)
		}
		tab.check(t)

		// A pack dropped on the running viewer (its canvas): kept in
		// IndexedDB, the page starts again on it, with the address's
		// flags (docs/web.md "Opening an input"). The file picker below
		// opens one on a page with nothing open yet.
		dropFile(t, tab, packZip)
		waitPackMoment(t, tab, packTick, "pack.zip: "+packHeading,
			"viewer: evidence pack /input/pack.zip: its recording at tick "+fmt.Sprint(packTick))
		_ = chromedp.Do(tab.ctx, chromedp.Navigate("about:blank"))
	})
	t.Run("?url= from another origin that refuses CORS is named", func(t *testing.T) {
		tab := p.newTab(t, host, host2)
		target := srv2.URL + "/nocors/" + rec
		if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH),
			chromedp.Navigate(srv.URL+"/index.html?url="+url.QueryEscape(target))); err != nil {
			t.Fatal(err)
		}
		if err := waitJS(tab.ctx, `document.getElementById("status").className === "bad"`, 30*time.Second); err != nil {
			t.Fatalf("the page never said it could not read %s: %v", target, err)
		}
		msg, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
		if !strings.Contains(msg, target) || !strings.Contains(msg, "Access-Control-Allow-Origin") {
			t.Errorf("the page says %q, want it to name %s and CORS's Access-Control-Allow-Origin", msg, target)
		}
		// The refusal is the page's only error: the browser's own words
		// for it and the page's message.
		tab.mu.Lock()
		var other []string
		for _, pr := range tab.problems {
			if !strings.Contains(pr, "CORS") && !strings.Contains(pr, "net::ERR_FAILED") && !strings.Contains(pr, "glidepath: fetching "+target) {
				other = append(other, pr)
			}
		}
		tab.problems = nil
		tab.mu.Unlock()
		if len(other) > 0 {
			t.Errorf("besides the refusal, the page:\n  %s", strings.Join(other, "\n  "))
		}
		_ = chromedp.Do(tab.ctx, chromedp.Navigate("about:blank"))
	})
	t.Run("pack zip by the file picker", func(t *testing.T) {
		tab := p.newTab(t, host)
		if err := chromedp.Do(tab.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(srv.URL+"/index.html?paused=1"),
			chromedp.SetUploadFiles("#pick", []string{packZip}, chromedp.NodeReady)); err != nil {
			t.Fatal(err)
		}
		waitPackMoment(t, tab, packTick, "pack.zip: "+packHeading,
			"viewer: evidence pack /input/pack.zip: its recording at tick "+fmt.Sprint(packTick))
		_ = chromedp.Do(tab.ctx, chromedp.Navigate("about:blank"))
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

// statusMessage is where the top bar's status message lies at 1280x800,
// right of "paused 1×".
var statusMessage = image.Rect(890, 0, webW, 34)

// maxTransfer is the most a browser may transfer before the first frame
// (issue 43: 25 MB, compressed).
const maxTransfer = 25_000_000

// siteHandler serves the site as docs/web.md "Hosting" asks a host to:
// viewer.wasm as application/wasm, and its precompressed .br or .gz
// (Content-Encoding) where the browser accepts that encoding.
func siteHandler(site string) http.Handler {
	files := http.FileServer(http.Dir(site))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/viewer.wasm" {
			accept := r.Header.Get("Accept-Encoding")
			for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
				if !acceptsEncoding(accept, enc.name) {
					continue
				}
				f, err := os.Open(filepath.Join(site, "viewer.wasm"+enc.ext))
				if err != nil {
					continue
				}
				defer f.Close()
				fi, err := f.Stat()
				if err != nil {
					continue
				}
				w.Header().Set("Content-Type", "application/wasm")
				w.Header().Set("Content-Encoding", enc.name)
				w.Header().Set("Vary", "Accept-Encoding")
				http.ServeContent(w, r, "viewer.wasm", fi.ModTime(), f)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// acceptsEncoding reports whether an Accept-Encoding header takes enc.
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), enc) && strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// webShots runs viewer shot of rec at tick under each camera, at the
// browser's size, side by side, and returns the pictures by camera.
func webShots(t *testing.T, rec string, tick int, cameras ...string) map[string]image.Image {
	t.Helper()
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]string, len(cameras))
	for i, cam := range cameras {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := filepath.Join(dir, cam+".png")
			if code, msg := viewerProcess(t, "shot", "-tick", fmt.Sprint(tick), "-size", fmt.Sprintf("%dx%d", webW, webH),
				"-camera", cam, "-o", out, rec); code != 0 {
				errs[i] = fmt.Sprintf("viewer shot -camera %s: exit %d\n%s", cam, code, msg)
			}
		}()
	}
	wg.Wait()
	shots := map[string]image.Image{}
	for i, cam := range cameras {
		if errs[i] != "" {
			t.Fatal(errs[i])
		}
		data, err := os.ReadFile(filepath.Join(dir, cam+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		keep("shot-"+cam+".png", data)
		shots[cam] = img
	}
	return shots
}

// keep writes data to GLIDEPATH_WEB_KEEP's folder, when it names one, for
// a person to look at.
func keep(name string, data []byte) {
	if dir := os.Getenv("GLIDEPATH_WEB_KEEP"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
}

// screenshot is the page as it is now drawn (kept as name).
func (p *browserPage) screenshot(t *testing.T, name string) image.Image {
	t.Helper()
	time.Sleep(200 * time.Millisecond) // the frame the page said it drew, presented
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	keep(name, buf)
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// compareWithShot requires the page to be the shot: the same size, and
// every pixel of the shot in the page in its exact colour, at its place or
// one pixel from it; the overlays' palette (ui/overlay) is counted apart,
// so that a comparison that compared none of it does not pass.
func compareWithShot(t *testing.T, what string, shot, web image.Image) {
	t.Helper()
	if web.Bounds().Size() != shot.Bounds().Size() {
		t.Fatalf("%s: the page is %v, the shot %v", what, web.Bounds().Size(), shot.Bounds().Size())
	}
	shot, web = rgbaOf(shot), rgbaOf(web) // once, not in each comparison
	if missed, where := comparePixels(shot, web, 0, image.Rectangle{}); missed > 0 {
		t.Errorf("%s: %d of the shot's %d pixels are not in the page in their exact colour, at their place or one pixel from it (first at %v)",
			what, missed, webW*webH, where)
	}
	counted := 0
	for _, e := range overlay.Legend() {
		n, missed := comparePalette(shot, web, e.Color)
		counted += n
		if missed > 0 {
			t.Errorf("%s: %d of the shot's %d pixels in the %s overlay's colour %v are not in the page", what, missed, n, e.Name, e.Color)
		}
	}
	if counted == 0 {
		t.Errorf("%s: the shot holds no pixel of the overlays' palette: nothing of them was compared", what)
	}
}

// comparePalette counts the pixels of want exactly of colour c, and those
// of them not found in got in that colour at their place or one pixel from
// it.
func comparePalette(want, got image.Image, c color.RGBA) (n, missed int) {
	w, g := rgbaOf(want), rgbaOf(got)
	is := func(img *image.RGBA, x, y int) bool {
		i := img.PixOffset(x, y)
		return img.Pix[i] == c.R && img.Pix[i+1] == c.G && img.Pix[i+2] == c.B
	}
	b := w.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !is(w, x, y) {
				continue
			}
			n++
			found := false
			for dy := -1; dy <= 1 && !found; dy++ {
				for dx := -1; dx <= 1 && !found; dx++ {
					found = image.Pt(x+dx, y+dy).In(g.Rect) && is(g, x+dx, y+dy)
				}
			}
			if !found {
				missed++
			}
		}
	}
	return n, missed
}

// hudLine is where the viewport's camera-keys line ("isometric   1
// top-down · 2 isometric …", ui/panel/hud.go) lies at 1280x800.
var hudLine = image.Rect(280, 34, 900, 64)

// compareHUD requires the camera-keys line's lettering (its pixels in
// panel.HUDColor) to be the same in the page as in the shot.
func compareHUD(t *testing.T, what string, shot, web image.Image) {
	t.Helper()
	letters := func(img image.Image) map[image.Point]bool {
		m := map[image.Point]bool{}
		c := panel.HUDColor
		for y := hudLine.Min.Y; y < hudLine.Max.Y; y++ {
			for x := hudLine.Min.X; x < hudLine.Max.X; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(b>>8) == c.B {
					m[image.Pt(x, y)] = true
				}
			}
		}
		return m
	}
	want, got := letters(shot), letters(web)
	if len(want) < 100 {
		t.Fatalf("%s: the shot's camera-keys line has %d pixels of lettering: nothing to compare", what, len(want))
	}
	diff := 0
	for pt := range want {
		if !got[pt] {
			diff++
		}
	}
	for pt := range got {
		if !want[pt] {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%s: the camera-keys line's lettering differs from the shot's at %d of its %d pixels", what, diff, len(want))
	}
}

// pressKey presses and releases key (a digit or a letter), holding it
// until the page has drawn a frame under camera mode (when mode is not
// empty) or for a few frames.
func pressKey(ctx context.Context, key, mode string) error {
	code, vk := "Key"+strings.ToUpper(key), int64(strings.ToUpper(key)[0])
	if key[0] >= '0' && key[0] <= '9' {
		code = "Digit" + key
	}
	ev := func(typ input.DispatchKeyEventType) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: strings.ToLower(key), Code: code, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk,
			})
			return err
		})
	}
	if err := chromedp.Do(ctx, ev(input.DispatchKeyEventTypeRawKeyDown)); err != nil {
		return err
	}
	var werr error
	if mode != "" {
		werr = waitJS(ctx, fmt.Sprintf(`document.body.dataset.camera === %q`, mode), time.Minute)
	} else {
		werr = waitFrames(ctx, 3)
	}
	if err := chromedp.Do(ctx, ev(input.DispatchKeyEventTypeKeyUp)); err != nil {
		return err
	}
	if werr == nil {
		werr = waitFrames(ctx, 2)
	}
	return werr
}

// waitFrames waits until the browser has run n animation frames.
func waitFrames(ctx context.Context, n int) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`new Promise((ok) => { let n = %d; const f = () => (--n <= 0 ? ok(true) : requestAnimationFrame(f)); requestAnimationFrame(f); })`, n),
		chromedp.EvalAwaitPromise))
	return err
}

// waitJS waits until the expression cond is true on the page, for at most d.
func waitJS(ctx context.Context, cond string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(0)))
	return err
}

// dropFile drops the file at path on the middle of the page as a person
// drags it there: dragenter, dragover and drop events carrying a
// DataTransfer that holds a File of its bytes, dispatched to the element
// there (the viewer's canvas, or the page before it starts), which the
// page's drop handler must take (cancel).
func dropFile(t *testing.T, tab *browserPage, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	js := fmt.Sprintf(`(() => {
		const bin = atob(%q), bytes = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], %q, { type: "application/zip" }));
		const at = document.elementFromPoint(innerWidth / 2, innerHeight / 2) || document.body;
		const ev = (type) => new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt, clientX: innerWidth / 2, clientY: innerHeight / 2 });
		at.dispatchEvent(ev("dragenter"));
		at.dispatchEvent(ev("dragover"));
		return !at.dispatchEvent(ev("drop"));
	})()`, base64.StdEncoding.EncodeToString(data), filepath.Base(path))
	taken, err := chromedp.Run(tab.ctx, chromedp.Evaluate[bool](js))
	if err != nil {
		t.Fatal(err)
	}
	if !taken {
		t.Fatalf("the page did not take the drop of %s (its drop event was not cancelled)", filepath.Base(path))
	}
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

// waitPreRun waits until the viewer's pre-run has gone through the whole
// input (the page's glidepath:pre-run mark, ui/session): until then the
// timeline shows only what it has reached, and the window's first frame
// does not wait for it.
func waitPreRun(t *testing.T, p *browserPage) {
	t.Helper()
	if err := waitJS(p.ctx, `performance.getEntriesByName("glidepath:pre-run").length > 0`, 2*time.Minute); err != nil {
		p.check(t)
		t.Fatalf("the pre-run never finished: %v", err)
	}
}

// waitTick waits until the viewer has drawn tick (the page body's
// data-tick, ui/page/page_js.go), for at most a minute.
func waitTick(ctx context.Context, tick int) error {
	return waitTickWithin(ctx, tick, time.Minute)
}

// waitTickWithin is waitTick for at most d. A page that navigates while
// it is polled (a drop on a running viewer starts the page again) is
// polled again, whether the browser says so as the target navigated or as
// the poll's JavaScript context gone with the old page.
func waitTickWithin(ctx context.Context, tick int, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.body && document.body.dataset.tick === "%d"`, tick),
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if err == nil || ctx.Err() != nil || !strings.Contains(err.Error(), "navigated or closed") && !strings.Contains(err.Error(), "Cannot find context with specified id") {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// comparePixels counts the pixels of want outside skip not found in got,
// in their colour within tol levels a channel, at their place or at one of
// the eight places around it.
func comparePixels(want, got image.Image, tol int, skip image.Rectangle) (missed int, first image.Point) {
	w, g := rgbaOf(want), rgbaOf(got)
	b, gb := w.Rect, g.Rect
	near := func(p, q uint8) bool { d := int(p) - int(q); return d <= tol && -d <= tol }
	// at reports whether got holds want's pixel i at q.
	at := func(i int, q image.Point) bool {
		if !q.In(gb) {
			return false
		}
		j := g.PixOffset(q.X, q.Y)
		return near(g.Pix[j], w.Pix[i]) && near(g.Pix[j+1], w.Pix[i+1]) && near(g.Pix[j+2], w.Pix[i+2])
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if image.Pt(x, y).In(skip) {
				continue
			}
			i := w.PixOffset(x, y)
			here := image.Pt(x-b.Min.X+gb.Min.X, y-b.Min.Y+gb.Min.Y)
			found := at(i, here) // most pixels are at their place: tried first
			for dy := -1; dy <= 1 && !found; dy++ {
				for dx := -1; dx <= 1 && !found; dx++ {
					found = at(i, here.Add(image.Pt(dx, dy)))
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

// rgbaOf is img as an *image.RGBA, whose bytes are the 8-bit channels
// img.At(x, y).RGBA() gives (shifted down by 8): img itself when it is one,
// else a copy.
func rgbaOf(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(img.Bounds())
	draw.Draw(r, r.Bounds(), img, img.Bounds().Min, draw.Src)
	return r
}

// The comparison finds a moved or recoloured mark: a square of the shot
// shifted by two pixels, or drawn one level off, is missed.
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
	recol1 := image.NewRGBA(base.Rect)
	mark(recol1, 10, 10, 201)
	// palMissed: the mark's pixels comparePalette misses (two pixels over,
	// its left column).
	for _, c := range []struct {
		name      string
		got       *image.RGBA
		miss      bool
		palMissed int
	}{{"same", same, false, 0}, {"one pixel over", moved1, false, 0}, {"two pixels over", moved2, true, 5}, {"20 levels off", recol, true, 25}, {"one level off", recol1, true, 25}} {
		if n, _ := comparePixels(want, c.got, 0, image.Rectangle{}); (n > 0) != c.miss {
			t.Errorf("%s: %d missed, want missed: %v", c.name, n, c.miss)
		}
		if n, missed := comparePalette(want, c.got, color.RGBA{200, 0, 0, 255}); n != 25 || missed != c.palMissed {
			t.Errorf("%s: the mark's colour: %d pixels, %d missed; want 25, %d", c.name, n, missed, c.palMissed)
		}
		// A decoded PNG may be another kind of image (NRGBA): the same.
		nrgba := image.NewNRGBA(c.got.Rect)
		draw.Draw(nrgba, nrgba.Rect, c.got, image.Point{}, draw.Src)
		if n, _ := comparePixels(want, nrgba, 0, image.Rectangle{}); (n > 0) != c.miss {
			t.Errorf("%s as NRGBA: %d missed, want missed: %v", c.name, n, c.miss)
		}
	}
	// Within a tolerance of 20 levels a channel, the recolour is found.
	if n, _ := comparePixels(want, recol, 20, image.Rectangle{}); n > 0 {
		t.Errorf("20 levels off within 20: %d missed", n)
	}
	if n, _ := comparePixels(want, recol, 19, image.Rectangle{}); n != 25 {
		t.Errorf("20 levels off within 19: %d missed, want the mark's 25", n)
	}
}
