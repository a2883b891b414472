package timeline

import (
	"testing"

	"glidepath/engine/recording"
	"glidepath/ui/model"
)

// The ruler, the plot and the details line count seconds by one rate: the
// input's, or the recording format's default before an input is read (or
// where its rate is not set).
func TestTickRate_TheInputsOrTheDefault(t *testing.T) {
	for _, c := range []struct {
		d    *Data
		want int
	}{
		{nil, recording.DefaultTickRate},
		{&Data{}, recording.DefaultTickRate},
		{&Data{Info: &model.Info{}}, recording.DefaultTickRate},
		{&Data{Info: &model.Info{TickRate: 15}}, 15},
		{&Data{Info: &model.Info{TickRate: 240}}, 240},
	} {
		if got := tickRate(c.d); got != c.want {
			t.Errorf("tickRate(%+v) = %d, want %d", c.d, got, c.want)
		}
	}
	if got, want := tickLabel(45, tickRate(&Data{Info: &model.Info{TickRate: 15}})), "tick 45 · 3.00 s"; got != want {
		t.Errorf("tickLabel at 15 Hz = %q, want %q", got, want)
	}
}
