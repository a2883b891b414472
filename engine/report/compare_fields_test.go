package report

import (
	"reflect"
	"testing"

	"glidepath/interp"
)

// Every interp.Reading field has its docs/readings.md item number (items
// 1–9 and 11–18; item 10, the catch-up speed, is no field), so a field
// added without one is caught here.
func TestReadingItems_EveryField(t *testing.T) {
	typ := reflect.TypeOf(interp.Reading{})
	seen := map[int]string{}
	for i := range typ.NumField() {
		f := typ.Field(i).Name
		if f == "Name" {
			continue
		}
		n := ReadingItem(f)
		if n < 1 || n > 18 || n == 10 {
			t.Errorf("%s: item %d", f, n)
		}
		if other, dup := seen[n]; dup {
			t.Errorf("%s and %s share item %d", f, other, n)
		}
		seen[n] = f
	}
}

// The fields two presets differ in, by value (docs/readings.md's table:
// legacy differs from seed in items 1, 3, 4, 5, 6, 7, 9 and 11).
func TestReadingFieldsDiffer_SeedLegacy(t *testing.T) {
	seed, _ := interp.ReadingByName("seed")
	legacy, _ := interp.ReadingByName("legacy")
	var items []int
	for _, f := range ReadingFieldsDiffer(seed, legacy) {
		items = append(items, f.Item)
	}
	if want := []int{1, 3, 4, 5, 6, 7, 9, 11}; !reflect.DeepEqual(items, want) {
		t.Errorf("items %v, want %v", items, want)
	}
	w := WithField(seed, legacy, "StallPopsHead")
	if w.StallPopsHead != legacy.StallPopsHead || len(ReadingFieldsDiffer(seed, w)) != 1 {
		t.Errorf("WithField: %+v", w)
	}
}
