// The web viewer on an input it cannot take: the viewer's own message
// (the file, line and field) is on the page, over its canvas, and on the
// console — not only on a console a visitor does not look at, over a page
// left black (docs/web.md, "Opening an input").

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestWeb_BadInputIsNamedOnThePage(t *testing.T) {
	exe := chromium(t)
	site := webSite(t)
	const bad = `{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B4001C","origin":[90,90,0]}}]}
{"t":0.5,"type":"note","text":"a"}
{"t":0.4,"type":"note","text":"b"}
`
	mux := http.NewServeMux()
	mux.HandleFunc("/in/bad.jsonl", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(bad)) })
	mux.Handle("/", siteHandler(site))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	p := newBrowserPage(t, exe, strings.TrimPrefix(srv.URL, "http://"))
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(webW, webH), chromedp.Navigate(srv.URL+"/index.html?url=/in/bad.jsonl&paused=1")); err != nil {
		t.Fatal(err)
	}
	if err := waitJS(p.ctx, `!!document.querySelector("#status.exited")`, 60*time.Second); err != nil {
		p.check(t)
		t.Fatalf("the page never said the viewer stopped on the bad input: %v", err)
	}
	msg, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
	const want = "viewer: /input/bad.jsonl:3: note.t: 0.4 is less than the previous event's t 0.5 (line 2)\n(exit status 2)"
	if msg != want {
		t.Errorf("the page says %q, want %q", msg, want)
	}
	// Shown: on top of the viewer's canvas, in the window.
	top, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(() => { const r = document.getElementById("status").getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return e ? e.id : ""; })()`))
	if top != "status" {
		t.Errorf("the message is under %q, not on top of the page", top)
	}
	// What the console says besides: the viewer's message, the page's,
	// and the calls into a program that has exited.
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pr := range p.problems {
		if !strings.Contains(pr, "the viewer exited with status 2") && !strings.Contains(pr, "Go program has already exited") {
			t.Errorf("besides the bad input, the page: %s", pr)
		}
	}
}
