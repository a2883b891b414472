// Tests of -against in the app, on the teaching example (recordings/corner):
// D and Shift+D move the cursor to where the single-target client diverges,
// the inspector gives the client's values and the plot its distance.

package ui

import (
	"fmt"
	"image"
	"io"
	"math"
	"strings"
	"testing"

	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/physics"
	"glidepath/ui/camera"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
)

// cornerTrack loads recordings/clients/corner.jsonl as -against does.
func cornerTrack(t *testing.T) *overlay.ClientTrack {
	t.Helper()
	rd, err := clienttrace.Open("../recordings/clients/corner.jsonl", 30)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	track := overlay.NewClientTrack()
	var rows []clienttrace.Row
	for {
		rows, err = rd.NextTick(rows)
		if err == io.EOF {
			return track
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			g := r.Global()
			track.Add(r.GUID, overlay.ClientRow{Tick: r.Tick, Pos: draw.Vec3{g[0], g[1], g[2]},
				Queue: r.Queue, HasQueue: r.HasQueue, Contact: r.Contact, HasContact: r.HasContact})
		}
	}
}

func TestAgainst_JumpsToTheDivergenceAndInspectsTheClient(t *testing.T) {
	a := openAppWith(t, "../recordings/corner.yaml", nil, Options{Camera: camera.TopDown, Paused: true,
		Size: image.Pt(1280, 800), Client: cornerTrack(t)})
	a.sel.GUID = 0 // the first view selected the most eventful object
	a.apply(cmdFirstDivergence)
	if a.pb.Cursor() != 0 || !strings.Contains(a.bar.status, "select an object") {
		t.Fatalf("without a selection: cursor %d, status %q", a.pb.Cursor(), a.bar.status)
	}
	a.sel.GUID = 0x80001701
	a.apply(cmdFirstDivergence)
	// viewer diff finds the queue diverging at tick 315, when the held
	// updates arrive (engine/clientdiff's teaching test pins that).
	if a.pb.Cursor() != 315 || !strings.Contains(a.bar.status, "queue 1, retail 12") {
		t.Fatalf("Shift+D: cursor %d, status %q; want tick 315 and the queue", a.pb.Cursor(), a.bar.status)
	}
	a.apply(cmdNextDivergence)
	if a.pb.Cursor() != 316 {
		t.Errorf("D: cursor %d, want the next diverging tick 316", a.pb.Cursor())
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, l := range a.panels.Insp.Lines {
		text = append(text, l.Label+" "+l.Value)
	}
	if all := strings.Join(text, "\n"); !strings.Contains(all, "Client trace (-against)") || !strings.Contains(all, "≠") {
		t.Errorf("inspector lacks the client's values:\n%s", all)
	}
	if e, ok := a.clientError(0x80001701, 364); !ok || e < 3 {
		t.Errorf("distance to the client at tick 364: %v (%v), want over 3 m as diff finds", e, ok)
	}
}

// A client that gives its heading diverges where it is turned from retail's
// as viewer diff judges it (agree.HeadingDiffers): a client like
// corner's but facing retail's heading everywhere, turned 90° at tick 200
// alone, diverges first at tick 200, and D says the heading.
func TestAgainst_HeadingTurnedIsADivergence(t *testing.T) {
	const guid, turned = 0x80001701, 200
	a := openAppWith(t, "../recordings/corner.yaml", nil, Options{Camera: camera.TopDown, Paused: true,
		Size: image.Pt(1280, 800), Client: cornerTrack(t)})
	tr := a.sess.Cur().Hist.Track(guid)
	if tr == nil {
		t.Fatalf("no history of %#x", guid)
	}
	heading := overlay.NewClientTrack()
	for k := 0; k <= turned+20; k++ {
		s, alive := tr.At(k)
		row, ok := a.opts.Client.At(guid, k)
		if !alive || !ok || row.Tick != k {
			continue
		}
		row.Heading, row.HasHeading = float32(s.Heading()), true
		if k == turned {
			row.Heading = float32(math.Mod(s.Heading()+90, 360))
		}
		heading.Add(guid, row)
	}
	a.opts.Client = heading
	a.sel.GUID = guid
	a.apply(cmdFirstDivergence)
	if a.pb.Cursor() != turned || !strings.Contains(a.bar.status, "heading") {
		t.Fatalf("Shift+D: cursor %d, status %q; want tick %d and the heading", a.pb.Cursor(), a.bar.status, turned)
	}
	a.apply(cmdNextDivergence)
	if a.pb.Cursor() == turned+1 {
		t.Errorf("D: tick %d diverges too, where the client faces retail's heading", turned+1)
	}
}

// A client that gives its branch diverges where it is not the tick's last
// route of retail's (as viewer diff takes it): a client like corner's that
// gives retail's branch at a tick retail routed agrees there, and one
// giving a branch at a tick retail routed nothing diverges, and D says the
// branch.
func TestAgainst_BranchOtherThanRetailsIsADivergence(t *testing.T) {
	const guid = 0x80001701
	a := openAppWith(t, "../recordings/corner.yaml", nil, Options{Camera: camera.TopDown, Paused: true,
		Size: image.Pt(1280, 800), Client: cornerTrack(t)})
	r := a.sess.Cur()
	f := model.Filter{Kinds: model.KindSet(eventlog.EventRoute), OneObject: true, GUID: guid}
	routed, quiet := -1, -1
	for k := 1; k < 300 && (routed < 0 || quiet < 0); k++ {
		if ids := r.Index.Recent(guid, f, k, k, 1, nil); len(ids) > 0 && routed < 0 {
			routed = k
		} else if len(ids) == 0 && routed >= 0 && quiet < 0 {
			quiet = k
		}
	}
	if routed < 0 || quiet < 0 {
		t.Fatalf("corner: no tick with a route (%d) and one after it without (%d)", routed, quiet)
	}
	ids := r.Index.Recent(guid, f, routed, routed, 1, nil)
	retail := r.Index.Event(int(ids[0])).Route
	branch := overlay.NewClientTrack()
	for _, k := range []int{routed, quiet} {
		row, ok := a.opts.Client.At(guid, k)
		if !ok || row.Tick != k {
			t.Fatalf("corner's client has no row at tick %d", k)
		}
		row.Branch, row.HasBranch = retail, true
		branch.Add(guid, row)
	}
	a.opts.Client = branch
	if what, ok := a.divergence(guid, routed); ok {
		t.Errorf("tick %d: the client gives retail's branch %s, yet diverges: %s", routed, retail, what)
	}
	what, ok := a.divergence(guid, quiet)
	if want := "branch " + retail.String() + ", retail no UpdatePosition"; !ok || !strings.Contains(what, want) {
		t.Errorf("tick %d, where retail routed nothing: %q (%v), want %q", quiet, what, ok, want)
	}
}

// A client in another room than retail's body — or outdoors where retail
// is indoors — at retail's very position diverges in the window as viewer
// diff judges it (agree.CellDiffers): D, Shift+D and the lane name the
// cell; the client in retail's own room agrees (indoor.yaml: the Cellar
// Rat in 0x0105).
func TestAgainst_AnotherIndoorCellIsADivergence(t *testing.T) {
	const rat = 0x80001301
	a := openAppWith(t, "../assets/scenarios/indoor.yaml", nil, Options{Camera: camera.TopDown, Paused: true,
		Size: image.Pt(1280, 800), Client: overlay.NewClientTrack(), Select: rat})
	a.apply(cmdLast)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	r := a.sess.Cur()
	k := a.pb.Cursor()
	var cell uint32
	for i := range r.Snap.Objects {
		if r.Snap.Objects[i].GUID == rat {
			cell = r.Snap.Objects[i].Position.Cell
		}
	}
	s, alive := r.Hist.Track(rat).At(k)
	if !alive || !physics.IsIndoorCell(cell) {
		t.Fatalf("tick %d: the rat alive %v in cell %#x: want it indoors", k, alive, cell)
	}
	pos := r.Hist.Pos(&s)
	outdoors := cell&^0xFFFF | 0x0001
	for _, c := range []struct {
		cell uint32
		want string // "" agrees
	}{
		{cell, ""},
		{cell + 1, fmt.Sprintf("cell 0x%08X, retail 0x%08X", cell+1, cell)},
		{outdoors, fmt.Sprintf("cell outdoors, retail 0x%08X", cell)},
	} {
		client := overlay.NewClientTrack()
		client.Add(rat, overlay.ClientRow{Tick: k, Pos: pos, Cell: c.cell})
		a.opts.Client = client
		what, ok := a.divergence(rat, k)
		if c.want == "" && ok {
			t.Errorf("tick %d: the client in retail's cell %#x at its position diverges: %s", k, c.cell, what)
		}
		if c.want != "" && (!ok || what != c.want) {
			t.Errorf("tick %d: the client in %#x, retail in %#x: %q (%v), want %q", k, c.cell, cell, what, ok, c.want)
		}
	}
}
