// Motion table JSON readers: typed access to decoded JSON values with
// errors that name the file and the field path, for ParseMotionTable
// (table.go). Numbers must be finite and fit a float32, as retail stores
// float.

package anim

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// object checks that v is a JSON object; when allowed keys are given, any
// other key is an error (reported in sorted order, so the message does not
// depend on map iteration).
func (p *tableParser) object(field string, v any, allowed ...string) (map[string]any, error) {
	if v == nil {
		return nil, p.errf(field, "missing")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, p.errf(field, "want an object")
	}
	if len(allowed) > 0 {
		for _, k := range sortedKeys(obj) {
			if !slices.Contains(allowed, k) {
				return nil, p.errf(join(field, k), "unknown field")
			}
		}
	}
	return obj, nil
}

func (p *tableParser) str(field string, v any, required bool) (string, error) {
	if v == nil {
		if required {
			return "", p.errf(field, "missing")
		}
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", p.errf(field, "want a string")
	}
	return s, nil
}

// number reads a finite number that fits a float32 (retail stores float).
func (p *tableParser) number(field string, v any, required bool) (float32, error) {
	if v == nil {
		if required {
			return 0, p.errf(field, "missing")
		}
		return 0, nil
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, p.errf(field, "want a number")
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	f32 := float32(f)
	if err != nil || math.IsInf(float64(f32), 0) || math.IsNaN(float64(f32)) {
		return 0, p.errf(field, "must be finite")
	}
	return f32, nil
}

func (p *tableParser) integer(field string, v any, required bool, lo, hi int64) (int64, error) {
	if v == nil {
		if required {
			return 0, p.errf(field, "missing")
		}
		return lo, nil
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, p.errf(field, "want an integer")
	}
	i, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		return 0, p.errf(field, "want an integer, got %s", n)
	}
	if i < lo || i > hi {
		return 0, p.errf(field, "%d not in [%d, %d]", i, lo, hi)
	}
	return i, nil
}

func (p *tableParser) vec(field string, v any, n int, required bool) ([]float32, error) {
	if v == nil {
		if required {
			return nil, p.errf(field, "missing")
		}
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok || len(arr) != n {
		got := "not an array"
		if ok {
			got = strconv.Itoa(len(arr))
		}
		return nil, p.errf(field, "want %d numbers, got %s", n, got)
	}
	out := make([]float32, n)
	for i, e := range arr {
		f, err := p.number(fmt.Sprintf("%s[%d]", field, i), e, true)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}
