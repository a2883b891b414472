//go:build !race

package tables

// raceEnabled: see race_on_test.go.
const raceEnabled = false
