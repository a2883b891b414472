package assets

import "testing"

func TestReadFindsShippedTables(t *testing.T) {
	for _, tc := range []struct{ dir, name string }{
		{MotionDir, "humanoid"},
		{MotionDir, "humanoid-baked.json"},
		{TerrainDir, "hills"},
	} {
		b, err := Read(tc.dir, tc.name)
		if err != nil || len(b) == 0 {
			t.Errorf("Read(%q, %q) = %d bytes, %v", tc.dir, tc.name, len(b), err)
		}
	}
	if _, err := Read(MotionDir, "no-such-table"); err == nil {
		t.Error("Read of a missing table succeeded")
	}
}

func TestNamesListsWithoutExtension(t *testing.T) {
	names := Names(MotionDir)
	want := map[string]bool{"humanoid": false, "humanoid-baked": false}
	for _, n := range names {
		if _, ok := want[n]; ok {
			want[n] = true
		}
	}
	for n, seen := range want {
		if !seen {
			t.Errorf("Names(%q) = %v, missing %q", MotionDir, names, n)
		}
	}
}
