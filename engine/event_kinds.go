// The event kinds' bound, for readers of the log that keep something per
// kind (the viewer's index, its filters and density lanes): the one list of
// kinds is engine's (event.go), which the viewer uses as it is.

package engine

// NumEventKinds bounds the event kinds: every kind is below it.
const NumEventKinds = numEventKinds
