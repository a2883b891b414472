//go:build !js

package launch

import "testing"

func TestExportName_BesideTheInput(t *testing.T) {
	for in, want := range map[string]string{
		"/data/run.jsonl":      "/data/run-ticks12-40.gif",
		"/data/run.jsonl.gz":   "/data/run-ticks12-40.gif",
		"scenarios/cliff.yaml": "scenarios/cliff-ticks12-40.gif",
	} {
		if got := exportName(in, 12, 40); got != want {
			t.Errorf("exportName(%q) = %q, want %q", in, got, want)
		}
	}
}
