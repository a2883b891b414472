// Package jsonnum reads the numbers and ids of a JSON line spelled as
// Glidepath's own writers spell them, straight from the bytes and 8 bytes
// at a time: the shared steps of the fixed-layout decoders of Recording v1
// lines (engine/recording) and Trace v1 / Client trace v1 rows
// (engine/clienttrace). Each reader returns ok only for a token strconv
// reads to the same value, and false for anything it is not sure of, which
// the callers' general decoders then decide and word.
package jsonnum
