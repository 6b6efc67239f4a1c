// Package quote quotes offending input in error messages, cut short so
// that an error about a huge input stays short.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of an offending input that error messages quote; a
// longer input is cut there and marked with "...".
const Max = 64

// String returns s in double quotes as strconv.Quote does, cut to its first
// [Max] bytes (at a character boundary) with "..." after the closing quote
// when it is longer.
func String(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	cut := Max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
