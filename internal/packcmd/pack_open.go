package packcmd

import (
	"fmt"
	"html"
	"net/url"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
)

// FileOpen is the pack's open.html: served beside the web viewer
// (docs/web.md "Opening an evidence pack"), it opens the pack's recording
// in the web viewer at the pack's moment, its object selected, under its
// reading. The viewer's page is ../index.html (the pack's folder put in
// the site's folder) unless the address says ?viewer=URL.
const FileOpen = "open.html"

// packOpenHTML is open.html for a pack of ev under reading.
func packOpenHTML(ev eventlog.Event, reading string) string {
	q := url.Values{}
	q.Set("tick", fmt.Sprint(ev.Tick))
	q.Set("select", hexid.String(ev.GUID))
	q.Set("reading", reading)
	q.Set("paused", "1")
	title := html.EscapeString(fmt.Sprintf("Evidence pack: %s of %s at tick %d", ev.Kind, hexid.String(ev.GUID), ev.Tick))
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>` + title + `</title>
<script>
// Opens this pack's recording.jsonl in the web viewer (docs/web.md).
(() => {
	const q = new URLSearchParams(location.search);
	const viewer = new URL(q.get("viewer") || "../index.html", location.href);
	const rec = new URL("` + FileRecording + `", location.href);
	const to = new URLSearchParams("` + q.Encode() + `");
	to.set("url", rec.origin === viewer.origin ? rec.pathname : rec.href);
	viewer.search = "?" + to.toString();
	location.replace(viewer.href);
})();
</script>
</head>
<body>
<p>` + title + `: opening it in the web viewer. Serve this folder inside the web viewer's site folder (dist/web/), or name the viewer's page with <code>?viewer=URL</code>; docs/web.md says how.</p>
</body>
</html>
`
}
