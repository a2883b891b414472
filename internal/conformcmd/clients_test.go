// What a client team does: traces written by its own code (CSV, gzip JSON
// Lines), its own captures added without ticks, and docs/clients.md kept
// true to the kit.

package conformcmd

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConform_TeamEntryWithoutTicks(t *testing.T) {
	src := corpus(t)
	dir := t.TempDir()
	m, err := ReadManifest(src)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(src, "inputs", "far.jsonl"))
	os.WriteFile(filepath.Join(dir, "ours.jsonl"), b, 0o666)
	m.Inputs = []ManifestInput{{Name: "ours", File: "ours.jsonl", Behaviours: []Exercised{{ID: "enqueue.far_prearm"}}}}
	data, _ := m.encode()
	os.WriteFile(filepath.Join(dir, ManifestName), data, 0o666)
	client := t.TempDir()
	legacy, _ := os.ReadFile(filepath.Join(src, RetailDir, "legacy", "far.jsonl"))
	os.WriteFile(filepath.Join(client, "ours.jsonl"), bytes.Replace(legacy, []byte(`"input":"far.jsonl"`), []byte(`"input":"ours.jsonl"`), 1), 0o666)
	res, err := check(t, Options{Dir: dir, Client: client})
	if exitCode(err) != 1 || res == nil || len(res.Behaviours) != 1 || res.Behaviours[0].Failure == nil || res.Behaviours[0].Failure.Tick != 5 {
		t.Fatalf("%v %+v", err, res)
	}
}

func TestConform_ClientTracesFromAnotherWriter(t *testing.T) {
	dir := corpus(t)
	for _, format := range []string{"csv", "jsonl.gz"} {
		client := t.TempDir()
		for _, in := range Corpus {
			src, err := os.ReadFile(filepath.Join(dir, RetailDir, "seed", in.Name+TraceExt))
			if err != nil {
				t.Fatal(err)
			}
			type row struct {
				tick               int
				guid, cell, branch string
				x, y, z            json.Number
				queue              int
				contact            bool
			}
			var rows []*row
			last := map[string]*row{}
			dec := json.NewDecoder(bytes.NewReader(src))
			dec.UseNumber()
			for dec.More() {
				var v struct {
					Tick    int           `json:"tick"`
					GUID    string        `json:"guid"`
					Cell    string        `json:"cell"`
					Origin  []json.Number `json:"origin"`
					Queue   int           `json:"queue"`
					Contact bool          `json:"contact"`
					Event   string        `json:"event"`
					Branch  string        `json:"branch"`
					Format  string        `json:"format"`
				}
				if err := dec.Decode(&v); err != nil {
					t.Fatal(err)
				}
				switch {
				case v.Format != "":
				case v.Event == "route":
					last[v.GUID].branch = v.Branch
				case v.Event == "":
					r := &row{tick: v.Tick, guid: v.GUID, cell: v.Cell, x: v.Origin[0], y: v.Origin[1], z: v.Origin[2], queue: v.Queue, contact: v.Contact}
					rows = append(rows, r)
					last[v.GUID] = r
				}
			}
			var b bytes.Buffer
			if format == "csv" {
				b.WriteString("guid,tick,cell,x,y,z,queue,contact,branch\n")
				for _, r := range rows {
					fmt.Fprintf(&b, "%s,%d,%s,%s,%s,%s,%d,%t,%s\n", r.guid, r.tick, r.cell, r.x, r.y, r.z, r.queue, r.contact, r.branch)
				}
				os.WriteFile(filepath.Join(client, in.Name+".csv"), b.Bytes(), 0o666)
				continue
			}
			zw := gzip.NewWriter(&b)
			for _, r := range rows {
				fmt.Fprintf(zw, `{"guid":%q,"tick":%d,"cell":%q,"origin":[%s,%s,%s]}`+"\n", r.guid, r.tick, r.cell, r.x, r.y, r.z)
			}
			zw.Close()
			os.WriteFile(filepath.Join(client, in.Name+".jsonl.gz"), b.Bytes(), 0o666)
		}
		res, err := check(t, Options{Dir: dir, Client: client})
		if err != nil || res.Summary.Pass != len(Behaviours) {
			t.Fatalf("%s: %v %+v failing %v", format, err, res.Summary, resultsOf(res, Fail))
		}
		os.WriteFile(filepath.Join(client, "walk.jsonl"), []byte{}, 0o666)
		if _, err := check(t, Options{Dir: dir, Client: client}); exitCode(err) != 2 || !strings.Contains(err.Error(), "two traces of input walk") {
			t.Errorf("%s: a second trace of walk: %v", format, err)
		}
	}
}

func TestDocs_ClientsPageMatchesTheKit(t *testing.T) {
	page, err := os.ReadFile("../../docs/clients.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	for _, b := range Behaviours {
		row := ""
		for _, l := range strings.Split(doc, "\n") {
			if strings.HasPrefix(l, "| `"+b.ID+"` |") {
				row = l
			}
		}
		if row == "" {
			t.Errorf("docs/clients.md: no table row for %s", b.ID)
		} else if strings.Contains(row, "| fails") != (b.PriorPortBug != "") {
			t.Errorf("docs/clients.md: %s's row says the prior port fails: %v; the table: %q", b.ID, strings.Contains(row, "| fails"), b.PriorPortBug)
		}
	}
	dir := corpus(t)
	res, _ := check(t, Options{Dir: dir, Client: filepath.Join(dir, RetailDir, "legacy")})
	s := res.Summary
	want := fmt.Sprintf("%d behaviours: %d pass, %d fail, %d not covered", s.Behaviours, s.Pass, s.Fail, s.NotCovered)
	if !strings.Contains(doc, want) {
		t.Errorf("docs/clients.md's worked example lacks %q", want)
	}
	if want := fmt.Sprintf("%d inputs, %d behaviours", len(Corpus), len(Behaviours)); !strings.Contains(doc, want) {
		t.Errorf("docs/clients.md lacks %q", want)
	}
}
