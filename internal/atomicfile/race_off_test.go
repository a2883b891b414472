//go:build !race

package atomicfile

// raceEnabled: see race_on_test.go.
const raceEnabled = false
