package report

import (
	"strconv"
	"strings"
)

// Count is n and its noun, which reads singular for one: Count(1, "object")
// is "1 object", Count(2, "object") "2 objects", Count(0, "hitch") "0
// hitches", Count(3, "entry") "3 entries". Every count a printed report
// gives (viewer run, diff, conform, shrink) goes through it; JSON keeps its
// numbers.
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun is noun as n of it reads, without the number: "object" for one,
// "objects" otherwise.
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"),
		strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}
