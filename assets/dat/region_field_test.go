package dat_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// A damaged Region names the field that is damaged (issue 37 item 9):
// max_obj_height comes before the height table (ACE LandDefs.cs:
// ..., MaxObjHeight, SkyHeight, RoadWidth, LandHeightTable[256]), so a
// NaN there is max_obj_height's problem, not land_height_table[0]'s; a
// NaN in the table names its index.
func TestParseRegion_DamagedFieldIsNamed(t *testing.T) {
	for _, c := range []struct {
		name  string
		set   func(r *dat.Region, mark float32)
		want  string
		wrong string
	}{
		{"max_obj_height", func(r *dat.Region, m float32) { r.LandDefs.MaxObjHeight = m }, "max_obj_height", "land_height_table"},
		{"road_width", func(r *dat.Region, m float32) { r.LandDefs.RoadWidth = m }, "road_width", "land_height_table"},
		{"table entry 7", func(r *dat.Region, m float32) { r.LandDefs.LandHeightTable[7] = m }, "land_height_table[7]", "max_obj_height"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := dattest.StandardRegion()
			const mark = 12345.678
			c.set(r, mark)
			b := dattest.Region(r, true)
			var m [4]byte
			binary.LittleEndian.PutUint32(m[:], math.Float32bits(mark))
			at := bytes.Index(b, m[:])
			if at < 0 || bytes.Count(b, m[:]) != 1 {
				t.Fatalf("mark found %d times", bytes.Count(b, m[:]))
			}
			binary.LittleEndian.PutUint32(b[at:], math.Float32bits(float32(math.NaN())))
			_, err := dat.ParseRegion(b, dat.RegionID)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.wrong) {
				t.Fatalf("error %v: want it to name %s and not %s", err, c.want, c.wrong)
			}
		})
	}
}
