//go:build !race

package clientdiff

// raceEnabled: see race_on_test.go.
const raceEnabled = false
