package whatif

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"glidepath/interp"
)

// SettingNames lists the names -set may name: interp.Reading's fields
// (docs/readings.md, items 1–18) in snake_case, Name excepted, then the
// retail constants a what-if may override (interp.ConstantNames).
func SettingNames() []string {
	return append(ReadingFieldNames(), interp.ConstantNames()...)
}

// Set sets the setting called name (SettingNames) to value: a reading field
// of r (SetReading) or a constant of k (interp.Constants.Set). An unknown
// name or a value out of range is an error naming it, listing the accepted
// names for an unknown one.
func Set(r *interp.Reading, k *interp.Constants, name, value string) error {
	if interp.IsConstant(name) {
		if err := k.Set(name, value); err != nil {
			return fmt.Errorf("whatif: %v", err)
		}
		return nil
	}
	return SetReading(r, name, value)
}

// ReadingFieldNames lists interp.Reading's fields in snake_case, Name
// excepted.
func ReadingFieldNames() []string {
	t := reflect.TypeOf(interp.Reading{})
	var names []string
	for i := range t.NumField() {
		if f := t.Field(i); f.Name != "Name" {
			names = append(names, interp.SettingName(f.Name))
		}
	}
	return names
}

// SetReading sets the field called name (SettingNames) of r to value: true
// or false for a choice that is on or off, and for an enumeration one of
// its String() names (as docs/readings.md spells them) or its number. The
// retail constants (max_interpolated_velocity and the others of
// interp.ConstantNames) are not reading fields: Set takes them.
func SetReading(r *interp.Reading, name, value string) error {
	v := reflect.ValueOf(r).Elem()
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == "Name" || interp.SettingName(f.Name) != name {
			continue
		}
		fv := v.Field(i)
		old := *r // a value Validate refuses leaves r as it was
		switch fv.Kind() {
		case reflect.Bool:
			b, err := strconv.ParseBool(value)
			if err != nil {
				return fmt.Errorf("whatif: %s=%s: want true or false", name, value)
			}
			fv.SetBool(b)
		case reflect.Uint8:
			n, err := enumValue(fv, value)
			if err != nil {
				return fmt.Errorf("whatif: %s=%s: %v", name, value, err)
			}
			fv.SetUint(n)
		default:
			return fmt.Errorf("whatif: %s: not a settable field", name)
		}
		if err := r.Validate(); err != nil {
			*r = old
			return fmt.Errorf("whatif: %s=%s: %v", name, value, err)
		}
		return nil
	}
	if interp.IsConstant(name) {
		return fmt.Errorf("whatif: %s: a retail constant, not a reading field", name)
	}
	return fmt.Errorf("whatif: %s: not a reading field or constant; known: %s",
		name, strings.Join(SettingNames(), ", "))
}

// enumValue parses an enumeration field's value: the name its String gives
// (case-insensitive) or its number.
func enumValue(fv reflect.Value, value string) (uint64, error) {
	var names []string
	for n := uint64(0); n < 16; n++ {
		e := reflect.New(fv.Type()).Elem()
		e.SetUint(n)
		s := fmt.Sprint(e.Interface())
		if strings.Contains(s, "(") { // past the last named value
			break
		}
		names = append(names, s)
		if strings.EqualFold(s, value) {
			return n, nil
		}
	}
	if n, err := strconv.ParseUint(value, 10, 8); err == nil && int(n) < len(names) {
		return n, nil
	}
	return 0, fmt.Errorf("want one of %s", strings.Join(names, ", "))
}
