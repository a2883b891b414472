// A manifest cut short, or broken, is named by its line and column, the
// field being read and what the text still needed there — whoever wrote it:
// the kit's own writer (Manifest.encode), encoding/json's compact form and
// a tab-indented form (json.Compact, json.Indent), and text written by hand.

package conformcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// cutManifest is a manifest of two inputs, the second's behaviour with a
// guid and ticks, as Manifest.encode writes it.
func cutManifest(t *testing.T) []byte {
	t.Helper()
	m := Manifest{Format: ManifestFormat, Version: ManifestVersion, Reading: "seed", Readings: []string{"seed"},
		Inputs: []ManifestInput{
			{Name: "walk", File: "inputs/walk.jsonl", Behaviours: []Exercised{{ID: "route.teleport", GUID: "0x80000C01", Ticks: []int{2, 10}}}},
			{Name: "turn", File: "inputs/turn.jsonl", Behaviours: []Exercised{{ID: "enqueue.near", GUID: "0x80000C02", Ticks: []int{3, 17}}}},
		}}
	b, err := m.encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseManifest(ManifestName, b); err != nil {
		t.Fatalf("the whole manifest: %v", err)
	}
	return b
}

// handPlace is the 1-based line and column of offset off, counted here
// by hand.
func handPlace(text []byte, off int) (int, int) {
	line, col := 1, 1
	for _, c := range text[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func TestParseManifest_CutShortSaysWhereAndWhat(t *testing.T) {
	encoded := cutManifest(t)
	var compact, tabbed bytes.Buffer
	if err := json.Compact(&compact, encoded); err != nil {
		t.Fatal(err)
	}
	if err := json.Indent(&tabbed, encoded, "", "\t"); err != nil {
		t.Fatal(err)
	}
	layouts := map[string][]byte{"Manifest.encode": encoded, "json.Compact": compact.Bytes(), "json.Indent with tabs": tabbed.Bytes()}
	for layout, text := range layouts {
		s := string(text)
		inputs := strings.Index(s, `"inputs"`)
		inputsArray := inputs + strings.Index(s[inputs:], "[")
		input0 := inputsArray + strings.Index(s[inputsArray:], "{")
		ticks := strings.LastIndex(s, `"ticks"`)
		behaviour := strings.LastIndex(s[:strings.LastIndex(s, `"id"`)], "{")
		for _, c := range []struct {
			name string
			// cut is where the file ends; open is the offset of the
			// string or container whose end it wants.
			cut, open   int
			field, want string
		}{
			{"inside a name", strings.Index(s, `"turn"`) + 3, strings.Index(s, `"turn"`),
				"inputs[1].name", `want the closing '"' of the string opened at`},
			{"inside a field name", ticks + 3, ticks,
				"inputs[1].behaviours[0]", `want the closing '"' of the field name opened at`},
			{"inside a guid", strings.Index(s, `"0x80000C02"`) + 4, strings.Index(s, `"0x80000C02"`),
				"inputs[1].behaviours[0].guid", `want the closing '"' of the string opened at`},
			{"inside a tick", strings.Index(s, `17`) + 1, strings.LastIndex(s, `[`),
				"inputs[1].behaviours[0].ticks[1]", "want the rest of the value, then ',' or ']' in the array opened at"},
			{"after a field name", ticks + len(`"ticks"`), behaviour,
				"inputs[1].behaviours[0].ticks", "want ':' after the field name in the object opened at"},
			{"after a value", strings.Index(s, `"inputs/walk.jsonl"`) + len(`"inputs/walk.jsonl"`), input0,
				"inputs[0].file", "want ',' or '}' in the object opened at"},
			{"inputs opened", inputsArray + 1, inputsArray,
				"inputs", "want a value or ']' in the array opened at"},
			{"before the last brace", strings.LastIndex(s, `}`), 0,
				"inputs", "want ',' or '}' in the object opened at"},
		} {
			_, err := ParseManifest(ManifestName, text[:c.cut])
			var me *ManifestError
			if !errors.As(err, &me) {
				t.Errorf("%s, %s: %v, want a ManifestError", layout, c.name, err)
				continue
			}
			line, col := handPlace(text, c.cut)
			oline, ocol := handPlace(text, c.open)
			want := fmt.Sprintf("cut short: the file ends at byte %d; %s line %d column %d", c.cut, c.want, oline, ocol)
			if me.Line != line || me.Column != col || me.Field != c.field || me.Problem != want {
				t.Errorf("%s, %s:\n got %d:%d field %q: %s\nwant %d:%d field %q: %s", layout, c.name, me.Line, me.Column, me.Field, me.Problem, line, col, c.field, want)
			}
			if prefix := fmt.Sprintf("%s:%d:%d: ", ManifestName, line, col); !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("%s, %s: %q, want it to begin %q", layout, c.name, err, prefix)
			}
		}
		// Cut anywhere, the message places the end and says what it
		// wanted: never encoding/json's bare "unexpected EOF".
		for cut := 0; cut < len(bytes.TrimRight(text, "\n")); cut++ {
			_, err := ParseManifest(ManifestName, text[:cut])
			var me *ManifestError
			if !errors.As(err, &me) {
				t.Fatalf("%s cut at byte %d: %v, want a ManifestError", layout, cut, err)
			}
			line, col := handPlace(text, cut)
			if me.Line != line || me.Column != col || !strings.Contains(me.Problem, "; want ") || strings.Contains(err.Error(), "unexpected EOF") {
				t.Fatalf("%s cut at byte %d (line %d column %d): %v", layout, cut, line, col, err)
			}
		}
	}
}

// Text written by hand, each error at its place with the field named.
func TestParseManifest_ErrorsPlaced(t *testing.T) {
	head := `{"format":"glidepath-conform","version":1,"inputs":[`
	for _, c := range []struct{ text, want string }{
		{"", "manifest.json:1:1: empty: the file ends at byte 0; want a JSON object"},
		{" \n\t", "manifest.json:2:2: empty: the file ends at byte 3; want a JSON object"},
		{"tru", "manifest.json:1:4: cut short: the file ends at byte 3; want the rest of the value"},
		{head + `{"name":"a",` + "\n", `manifest.json:2:1: inputs[0]: cut short: the file ends at byte 65; want the next field's name in the object opened at line 1 column 53`},
		{head + `{"name":"a"},`, `manifest.json:1:66: inputs[1]: cut short: the file ends at byte 65; want the next value in the array opened at line 1 column 52`},
		{head + `{"name":"a","behaviours":[{"id":"route.teleport","ticks":[3,"x"]}]}]}`, `manifest.json:1:113: inputs[0].behaviours[0].ticks[1]: want an integer, got JSON string`},
		{head + `{"name":"a","behaviours":[{"id":"route.teleport","event":{"pass":1}}]}]}`, `manifest.json:1:118: inputs[0].behaviours[0].event.pass: want true or false, got JSON number`},
		{head + `{"name":"a","behaviours":[{"id":"route.teleport",}]}]}`, `manifest.json:1:102: inputs[0].behaviours[0]: invalid character '}' looking for beginning of object key string`},
		{head + `{"name":"a"}]}` + "\n\n  {}", "manifest.json:3:3: more than one JSON value"},
		{strings.Repeat("[", 20), "manifest.json:1:21: [0][0][0][0][0][0][0][0]… (20 levels deep): cut short"},
	} {
		_, err := ParseManifest(ManifestName, []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.text, err, c.want)
		}
	}
}
