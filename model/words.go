package model

import "strconv"

// Plural is a noun's plural as the project's messages use it: "strings",
// and "values" for any value (a JSON type name of the codec or the MCP
// field spec).
func Plural(noun string) string {
	if noun == "any value" || noun == "any" {
		return "values"
	}
	return noun + "s"
}

// Count says how many of a noun: "1 problem", "3 problems", "0 seconds".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + Plural(noun)
}
