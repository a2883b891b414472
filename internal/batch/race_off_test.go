//go:build !race

package batch

// raceEnabled: see race_on_test.go.
const raceEnabled = false
