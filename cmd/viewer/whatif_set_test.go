package main

import (
	"encoding/json"
	"reflect"
	"testing"

	"glidepath/internal/whatifcmd"
)

// whatifJSON runs viewer whatif -json with args and decodes its report.
func whatifJSON(t *testing.T, args ...string) whatifcmd.Report {
	t.Helper()
	code, out, errs := viewer(t, append([]string{"whatif", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r whatifcmd.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestWhatif_SetMaxInterpolatedVelocity: the example. On the runner
// scenario (remotes that catch up at the 7.5 m/s fallback) a faster
// catch-up lowers the error against the truth and the blips
// (docs/viewer.md "What-if"); the retail value changes nothing.
func TestWhatif_SetMaxInterpolatedVelocity(t *testing.T) {
	file := scenarioFile(t, "runner")
	r := whatifJSON(t, "-set", "max_interpolated_velocity=10", file)
	a, b := r.All.Original, r.All.WhatIf
	if a.ErrorMean == nil || !(*b.ErrorMean < *a.ErrorMean) || !(b.Blips < a.Blips) {
		t.Errorf("max_interpolated_velocity=10: original %+v, what-if %+v", a, b)
	}
	same := whatifJSON(t, "-set", "max_interpolated_velocity=7.5", file)
	if !reflect.DeepEqual(same.All.Original, same.All.WhatIf) || !reflect.DeepEqual(same.Objects[0].Original, same.Objects[0].WhatIf) {
		t.Errorf("max_interpolated_velocity=7.5: original %+v, what-if %+v", same.All.Original, same.All.WhatIf)
	}
}
