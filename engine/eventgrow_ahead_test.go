// A recording decoded ahead of the store (LoadOptions.Ahead, fillAhead)
// must give the store, the problem and the skip counts of the reading
// that decodes and appends each event in turn.

package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// readStore reads path whole into a store, decoded ahead or not.
func readStore(t *testing.T, path string, ahead bool) *EventStore {
	t.Helper()
	st, err := GrowEvents(path, assets.FS(), loader.LoadOptions{Ahead: ahead})
	if err != nil {
		t.Fatal(err)
	}
	_ = st.Wait(context.Background(), MaxTicks(30))
	if !st.Complete() {
		t.Fatal("the store is not complete after its reading")
	}
	return st
}

// unknownLine is an event of a type the reader does not know (skipped and
// counted, recording/reader.go).
func unknownLine(t float64, kind string) string {
	return fmt.Sprintf(`{"t":%.3f,"type":"%s"}`, t, kind)
}

// aheadInputs are the growth tests' recordings, and a crowd of more than
// a few batches with events of unknown types throughout; a line the store
// refuses (a time before the previous event's) and a line the reader
// refuses (a time that is not a number) part-way through it, unknown
// types after each.
func aheadInputs(t *testing.T) map[string][]byte {
	t.Helper()
	out := growInputs(t)
	var buf bytes.Buffer
	if err := recording.Write("crowd.jsonl", &buf, scenario.BenchRecording(20, 1, 0.5, 5)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) < 6*aheadEvents {
		t.Fatalf("the crowd has %d lines, want more than %d batches", len(lines), 6)
	}
	// The events' times, to give the unknown ones a time in order.
	tOf := func(line string) float64 {
		var v float64
		if i := strings.Index(line, `"t":`); i >= 0 {
			_, _ = fmt.Sscan(strings.SplitN(line[i+4:], ",", 2)[0], &v)
		}
		return v
	}
	var skipped []string
	for i, l := range lines {
		skipped = append(skipped, l)
		if i > 0 && i%97 == 0 {
			skipped = append(skipped, unknownLine(tOf(l), fmt.Sprintf("future_%d", i%5)))
		}
	}
	out["crowd+unknown"] = []byte(strings.Join(skipped, "\n") + "\n")
	// Line k replaced by an update about an object that does not exist
	// (the store refuses it), or by a time that is not a number (the
	// reader does), with unknown types after it.
	at := len(skipped) * 3 / 5
	for name, bad := range map[string]func(string) string{
		"store refuses": func(l string) string {
			return fmt.Sprintf(`{"t":%v,"type":"create","entity":{"guid":"0x80000B02","name":"Late","position":{"cell":"0xA9B40024","origin":[100,90,0]},"seq":{"instance":1},"motion_table":"no-such-table"}}`, tOf(l))
		},
		"reader refuses": func(l string) string { return strings.Replace(l, `"t":`, `"t":"x",`, 1) },
	} {
		k := at
		for !strings.Contains(skipped[k], `"guid":"`) || strings.Contains(skipped[k], `"create"`) {
			k++
		}
		ls := slices.Clone(skipped)
		ls[k] = bad(ls[k])
		out["crowd+"+name] = []byte(strings.Join(ls, "\n") + "\n")
	}
	return out
}

func TestGrowEvents_AheadSameStoreProblemAndSkips(t *testing.T) {
	inputs := aheadInputs(t)
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "in.jsonl")
			if err := os.WriteFile(path, inputs[name], 0o644); err != nil {
				t.Fatal(err)
			}
			ref, got := readStore(t, path, false), readStore(t, path, true)
			if !bytes.Equal(storeDigest(got), storeDigest(ref)) {
				t.Errorf("the store decoded ahead differs (%d vs %d events)", got.Len(), ref.Len())
			}
			if fmt.Sprint(got.Err()) != fmt.Sprint(ref.Err()) {
				t.Errorf("problem %v, in turn %v", got.Err(), ref.Err())
			}
			if strings.HasPrefix(name, "crowd+") && name != "crowd+unknown" && ref.Err() == nil {
				t.Errorf("the bad line was not refused")
			}
			n, line, types := got.Skipped()
			rn, rline, rtypes := ref.Skipped()
			if n != rn || line != rline || !slices.Equal(types, rtypes) {
				t.Errorf("skipped %d from line %d %v, in turn %d from line %d %v", n, line, types, rn, rline, rtypes)
			}
			if name == "crowd+unknown" && rn == 0 {
				t.Error("no event of an unknown type was skipped")
			}
		})
	}
}
