// Fuzzing of ParseMotionTable, seeded from assets/motion: an error or a
// valid, playable table, never a panic.

package anim

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"glidepath/physics"
)

// FuzzParseMotionTable: any bytes give an error or a table that is valid —
// Ready present, every animation reference resolvable with a finite
// framerate and an in-range frame range — and that a part array can play
// without panicking. Seeded from the shipped tables.
func FuzzParseMotionTable(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "assets", "motion", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(minimalTable))
	f.Fuzz(func(t *testing.T, data []byte) {
		tbl, err := ParseMotionTable("fuzz.json", data)
		if err != nil {
			if tbl != nil {
				t.Fatal("table and error")
			}
			return
		}
		if tbl.Motion(Ready) == nil {
			t.Fatal("no Ready")
		}
		for m := Ready; m < numMotions; m++ {
			md := tbl.Motion(m)
			if md == nil {
				continue
			}
			if len(md.Anims) == 0 {
				t.Fatalf("%s has no animations", m)
			}
			for _, d := range md.Anims {
				n := int32(d.Anim.NumFrames())
				if tbl.Animation(d.Anim.Name()) != d.Anim || math.IsInf(float64(d.Framerate), 0) || math.IsNaN(float64(d.Framerate)) ||
					d.LowFrame < 0 || d.LowFrame >= n || d.HighFrame < -1 || d.HighFrame >= n || (d.HighFrame >= 0 && d.HighFrame < d.LowFrame) {
					t.Fatalf("%s: bad anim data %+v", m, d)
				}
			}
			pa := NewPartArray(tbl)
			if err := pa.PlayAction(m, 1); err != nil {
				t.Fatal(err)
			}
			off := physics.IdentityFrame()
			for range 5 {
				pa.Update(0.1, &off)
			}
		}
	})
}
