// The fixed layout on what Glidepath's writers write: the synthetic crowd
// of `viewer synth`, every shipped scenario exported, and every one of them
// captured and imported back (`viewer import`), all written through
// Writer. Each line reads the same both ways, and every line of a kind the
// fixed layout knows, in a form it takes (not an action list or a move-to,
// not a number written with an exponent), is taken by it.

package recording_test

import (
	"bytes"
	"regexp"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
)

// writersOutputs returns what each writer writes, by name.
func writersOutputs(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	synth, err := synthCrowd(scenario.SynthOptions{Objects: 40, Minutes: 1, Interval: 0.25, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	out["synth"] = synth
	for _, e := range scenario.Catalog() {
		rec, err := scenario.CompileAsset(assets.FS(), e.Name)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := recording.Write(e.Name+".jsonl", &buf, rec); err != nil {
			t.Fatal(err)
		}
		out["export/"+e.Name] = bytes.Clone(buf.Bytes())

		var capt bytes.Buffer
		if _, err := capturetest.FromRecording(&capt, rec, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}); err != nil {
			t.Fatal(err)
		}
		r, err := capture.NewReader(e.Name+".pcap", bytes.NewReader(capt.Bytes()), capture.Options{})
		if err != nil {
			t.Fatal(err)
		}
		imported, err := recording.ReadSource(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := recording.Write(e.Name+".jsonl", &buf, imported); err != nil {
			t.Fatal(err)
		}
		out["import/"+e.Name] = buf.Bytes()
	}
	return out
}

// fixedKind matches the type members of the kinds the fixed layout knows;
// notFixed the members and numbers it leaves to the general decoder.
var (
	fixedKind = regexp.MustCompile(`"type":"(position|motion|vector|truth|observer|delete)"`)
	notFixed  = regexp.MustCompile(`"actions"|"movement_type"|[0-9]e[-+]`)
)

func TestFixed_TakesWhatTheWritersWrite(t *testing.T) {
	goroutines.NoneStarted(t)
	total, taken := 0, 0
	kinds := map[string]int{}
	for name, data := range writersOutputs(t) {
		for _, line := range bytes.Split(data, []byte("\n"))[1:] {
			if len(line) == 0 {
				continue
			}
			total++
			took := recording.CheckFixed(t, line)
			if took {
				taken++
				kinds[string(fixedKind.FindSubmatch(line)[1])]++
			}
			if !took && fixedKind.Match(line) && !notFixed.Match(line) {
				t.Errorf("%s: the fixed layout left the writer's line to the general decoder:\n%q", name, line)
			}
		}
		recording.CheckWholeFile(t, name+".jsonl", data)
	}
	t.Logf("the fixed layout took %d of %d event lines: %v", taken, total, kinds)
	for _, k := range []string{"position", "motion", "vector", "truth", "observer"} {
		if kinds[k] == 0 {
			t.Errorf("no %s line written and taken", k)
		}
	}
	if taken < total/2 {
		t.Errorf("the fixed layout took only %d of %d lines", taken, total)
	}
}
