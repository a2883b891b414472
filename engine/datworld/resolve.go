// Where the client's dat files come from (docs/world.md, "Where the dats
// come from"): one resolver for every subcommand and the window.

package datworld

import (
	"os"
	"path/filepath"
	"strings"
)

// EnvVar names the dat folder when no -dat flag does.
const EnvVar = "GLIDEPATH_DAT"

// Origin says which rule chose the dat folder.
type Origin int

const (
	// None: no dat folder; the run is in the illustrative world.
	None Origin = iota
	// Flag: the -dat flag.
	Flag
	// Env: $GLIDEPATH_DAT.
	Env
	// Remembered: the viewer's remembered setting (ui/settings dat_dir).
	Remembered
	// Installed: a usual install folder holding the dat files.
	Installed
)

func (o Origin) String() string {
	switch o {
	case Flag:
		return "-dat"
	case Env:
		return "$" + EnvVar
	case Remembered:
		return "the viewer's remembered dat folder"
	case Installed:
		return "the install folder"
	}
	return "none"
}

// Explicit says the user named the folder for this run (flag or
// environment): a folder that cannot be opened is then bad input, while a
// remembered or installed one that fails is only warned of.
func (o Origin) Explicit() bool { return o == Flag || o == Env }

// Environ is what the resolver reads of the environment, so tests give their
// own.
type Environ struct {
	// Getenv reads a variable (os.Getenv).
	Getenv func(string) string
	// Home is the user's home directory ("" when unknown).
	Home string
	// Exists reports whether a regular file exists (os.Stat).
	Exists func(string) bool
}

// OSEnv is the process's environment.
func OSEnv() Environ {
	home, _ := os.UserHomeDir()
	return Environ{Getenv: os.Getenv, Home: home, Exists: func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	}}
}

// InstallDirs are the usual install folders of the retail client, in the
// order they are tried (a Windows install, then Wine's).
func InstallDirs(home string) []string {
	dirs := []string{`C:\Turbine\Asheron's Call`}
	if home != "" {
		dirs = append(dirs, filepath.Join(home, ".wine", "drive_c", "Turbine", "Asheron's Call"))
	}
	return dirs
}

// Resolve picks the dat folder: flagDir when set, else $GLIDEPATH_DAT, else
// remembered, else the first install folder holding client_portal.dat or
// client_cell_1.dat (names matched case-insensitively); "" and None when
// none applies.
func Resolve(flagDir, remembered string, env Environ) (string, Origin) {
	if flagDir != "" {
		return flagDir, Flag
	}
	if env.Getenv != nil {
		if d := env.Getenv(EnvVar); d != "" {
			return d, Env
		}
	}
	if remembered != "" {
		return remembered, Remembered
	}
	for _, d := range InstallDirs(env.Home) {
		if holdsDats(d, env.Exists) {
			return d, Installed
		}
	}
	return "", None
}

// datNames are the files a dat folder holds.
var datNames = []string{"client_portal.dat", "client_cell_1.dat"}

// holdsDats reports whether dir holds a dat file under its usual name in
// lower case, its usual mixed case or upper case (a folder listing would
// match any case; these are the spellings installs use).
func holdsDats(dir string, exists func(string) bool) bool {
	if exists == nil {
		return false
	}
	for _, n := range datNames {
		for _, v := range []string{n, strings.ToUpper(n), "Client_Portal.dat", "Client_Cell_1.dat"} {
			if exists(filepath.Join(dir, v)) {
				return true
			}
		}
	}
	return false
}
