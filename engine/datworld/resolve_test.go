package datworld

import (
	"path/filepath"
	"testing"
)

// The order of docs/world.md: -dat, then $GLIDEPATH_DAT, then the
// remembered folder, then an install folder that holds the files.
func TestResolve_Order(t *testing.T) {
	home := "/home/u"
	wine := filepath.Join(home, ".wine", "drive_c", "Turbine", "Asheron's Call")
	env := func(v string, files ...string) Environ {
		return Environ{Home: home, Getenv: func(k string) string {
			if k == EnvVar {
				return v
			}
			return ""
		}, Exists: func(p string) bool {
			for _, f := range files {
				if p == f {
					return true
				}
			}
			return false
		}}
	}
	cases := []struct {
		name, flag, remembered string
		env                    Environ
		dir                    string
		origin                 Origin
	}{
		{"flag wins", "/f", "/r", env("/e", filepath.Join(wine, "client_portal.dat")), "/f", Flag},
		{"env next", "", "/r", env("/e"), "/e", Env},
		{"remembered next", "", "/r", env(""), "/r", Remembered},
		{"wine install", "", "", env("", filepath.Join(wine, "client_cell_1.dat")), wine, Installed},
		{"upper-case install", "", "", env("", filepath.Join(wine, "CLIENT_PORTAL.DAT")), wine, Installed},
		{"install without dats", "", "", env("", filepath.Join(wine, "acclient.exe")), "", None},
		{"nothing", "", "", env(""), "", None},
	}
	for _, c := range cases {
		dir, o := Resolve(c.flag, c.remembered, c.env)
		if dir != c.dir || o != c.origin {
			t.Errorf("%s: %q %v, want %q %v", c.name, dir, o, c.dir, c.origin)
		}
	}
	if !Flag.Explicit() || !Env.Explicit() || Remembered.Explicit() || Installed.Explicit() {
		t.Error("explicit origins are -dat and the environment only")
	}
}
