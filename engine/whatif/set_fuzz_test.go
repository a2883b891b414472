package whatif

import (
	"reflect"
	"testing"

	"glidepath/interp"
)

// FuzzSetReading: any -set NAME=VALUE is an error that leaves the reading
// as it was, or a reading that validates; setting the same again changes
// nothing.
func FuzzSetReading(f *testing.F) {
	for _, s := range [][2]string{{"prune_loop", "true"}, {"secondary_divisor", "catch_up"}, {"progress", "1"},
		{"max_interpolated_velocity", "10"}, {"primary_test", "99"}, {"heading_turn", "SLERP"}, {"", ""}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		base, err := interp.ReadingByName(interp.DefaultReadingName)
		if err != nil {
			t.Fatal(err)
		}
		r := base
		if err := SetReading(&r, name, value); err != nil {
			if !reflect.DeepEqual(r, base) {
				t.Fatalf("%s=%s: refused (%v) but the reading changed", name, value, err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("%s=%s: accepted an invalid reading: %v", name, value, err)
		}
		again := r
		if err := SetReading(&again, name, value); err != nil || !reflect.DeepEqual(again, r) {
			t.Fatalf("%s=%s: not idempotent (%v)", name, value, err)
		}
	})
}
