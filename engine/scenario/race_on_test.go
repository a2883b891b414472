//go:build race

package scenario

// raceEnabled says the tests run under the race detector, ten times
// slower: the concurrency tests then run fewer copies (every copy still
// runs every scenario).
const raceEnabled = true
