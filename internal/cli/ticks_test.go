package cli

import (
	"errors"
	"fmt"
	"testing"

	"glidepath/engine"
)

// -ticks may reach the engine's longest run at the input's rate and not a
// tick past it; past it is a usage error naming the limit.
func TestCheckTicks_TheEnginesLongestRun(t *testing.T) {
	for _, rate := range []int{1, 30, 240} {
		most := engine.MaxTicks(rate)
		if err := CheckTicks(most, rate); err != nil {
			t.Errorf("%d ticks at %d Hz: %v", most, rate, err)
		}
		err := CheckTicks(most+1, rate)
		want := fmt.Sprintf("-ticks %d: more than the limit of %d ticks (48 h at %d Hz)", most+1, most, rate)
		var u UsageError
		if !errors.As(err, &u) || err.Error() != want {
			t.Errorf("%d ticks at %d Hz: %v, want the usage error %q", most+1, rate, err, want)
		}
	}
}
