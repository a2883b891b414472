// Package plural holds the one way a printed count reads: singular for
// one ("1 object", "2 objects"). Every printed text that gives a count —
// the reports, the summaries, the notices and errors whose number varies —
// goes through it; JSON keeps its numbers. It imports no project package,
// so the formats' readers under engine, the subcommands and the window may
// all use it.
package plural

import (
	"strconv"
	"strings"
)

// Count is n and its noun, which reads singular for one: Count(1, "object")
// is "1 object", Count(2, "object") "2 objects", Count(0, "hitch") "0
// hitches", Count(3, "entry") "3 entries".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// CountAs is Count for a noun whose plural is not made by the rule: n and
// one or many, CountAs(2, "vertex", "vertices") "2 vertices".
func CountAs(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Agree(n, one, many)
}

// Agree is one when n is one (or minus one), many otherwise: a word that
// agrees with a count, Agree(n, "comes", "come").
func Agree(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// Noun is noun as n of it reads, without the number: "object" for one,
// "objects" otherwise.
func Noun(n int, noun string) string {
	return Agree(n, noun, regular(noun))
}

// regular is noun's plural by the rule: "hitches", "entries", "days",
// "objects".
func regular(noun string) string {
	switch {
	case strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"),
		strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}
