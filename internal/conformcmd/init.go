// Package conformcmd is the work of `viewer conform`: a canonical corpus of
// inputs that between them show every retail behaviour Glidepath models
// (`conform init DIR`), and a client's traces of those inputs checked
// behaviour by behaviour against the retail pipeline (`conform DIR
// -client TRACES_DIR`), as a table, JUnit XML and Markdown for a CI job
// (docs/clients.md).
package conformcmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/plural"
	"glidepath/internal/runcmd"
	"glidepath/interp"
)

// Corpus folder layout.
const (
	// InputsDir holds the recordings, RetailDir/READING the retail traces.
	InputsDir = "inputs"
	RetailDir = "retail"
)

// Init writes the canonical corpus into dir: inputs/NAME.jsonl,
// retail/READING/NAME.jsonl for every reading preset, and manifest.json.
// The same release writes the same bytes.
func Init(dir string, stdout io.Writer) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return cli.BadInput("conform init: %s: not a folder", dir)
	}
	readings := interp.ReadingNames()
	for _, sub := range append([]string{InputsDir}, readingDirs(readings)...) {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o777); err != nil {
			return fmt.Errorf("conform init: %v", err)
		}
	}
	m := &Manifest{Format: ManifestFormat, Version: ManifestVersion, Reading: interp.DefaultReadingName, Readings: readings,
		Behaviours: []ManifestBehaviour{}, Inputs: []ManifestInput{}}
	for i := range Behaviours {
		b := &Behaviours[i]
		legacy := Pass
		if b.PriorPortBug != "" {
			legacy = Fail
		}
		m.Behaviours = append(m.Behaviours, ManifestBehaviour{ID: b.ID, Description: b.Description, Source: b.Source,
			Event: b.Event, PriorPortBug: b.PriorPortBug, Legacy: legacy})
	}
	ref, err := interp.ReadingByName(m.Reading)
	if err != nil {
		return err
	}
	for _, in := range Corpus {
		file := filepath.ToSlash(filepath.Join(InputsDir, in.Name+".jsonl"))
		path := filepath.Join(dir, file)
		rec := in.Build()
		rec.Name = in.Name + ".jsonl"
		if err := cli.WriteAtomically(path, func(w io.Writer) error { return recording.Write(path, w, rec) }); err != nil {
			return err
		}
		// The traces and the ticks come from the file as written, read
		// back as `viewer run` reads it.
		back, err := loader.Load(path, assets.FS())
		if err != nil {
			return fmt.Errorf("conform init: %s: %v", path, err)
		}
		mi := ManifestInput{Name: in.Name, Description: in.Description, File: file, Behaviours: []Exercised{}}
		for _, rn := range readings {
			r, err := interp.ReadingByName(rn)
			if err != nil {
				return err
			}
			tfile := filepath.ToSlash(filepath.Join(RetailDir, rn, in.Name+".jsonl"))
			s, err := engine.New(back, engine.Options{Assets: assets.FS(), Reading: r, EventLog: true, NoCheckpoints: true})
			if err != nil {
				return fmt.Errorf("conform init: %s: %v", path, err)
			}
			if err := runcmd.WriteTrace(s, filepath.Join(dir, tfile), path, io.Discard); err != nil {
				return err
			}
			mi.Traces = append(mi.Traces, ManifestTrace{Reading: rn, File: tfile})
		}
		occ, err := detect(back, ref, in.Behaviours)
		if err != nil {
			return fmt.Errorf("conform init: %s: %v", in.Name, err)
		}
		for _, o := range occ {
			if len(o.Ticks) == 0 {
				return fmt.Errorf("conform init: %s: behaviour %s shows at no tick", in.Name, o.ID)
			}
			b, _ := behaviourByID(o.ID)
			mi.Behaviours = append(mi.Behaviours, Exercised{ID: o.ID, Description: b.Description, Source: b.Source,
				Event: b.Event, GUID: guidString(o.GUID), Ticks: o.Ticks})
		}
		m.Inputs = append(m.Inputs, mi)
	}
	data, err := m.encode()
	if err != nil {
		return err
	}
	if err := cli.WriteAtomically(filepath.Join(dir, ManifestName), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		return err
	}
	_, err = io.WriteString(stdout, initLine(dir, len(m.Inputs), len(m.Behaviours), len(readings)))
	return err
}

// initLine is what conform init says it wrote: "conform init: corpus: 13
// inputs, 25 behaviours, retail traces under 4 readings (manifest.json)".
func initLine(dir string, inputs, behaviours, readings int) string {
	return fmt.Sprintf("conform init: %s: %s, %s, retail traces under %s (%s)\n",
		dir, plural.Count(inputs, "input"), plural.Count(behaviours, "behaviour"), plural.Count(readings, "reading"), ManifestName)
}

func readingDirs(readings []string) []string {
	var out []string
	for _, r := range readings {
		out = append(out, filepath.Join(RetailDir, r))
	}
	return out
}
