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

// PlatformName is a platform as people write it ("iOS"); an unknown one
// as it came.
func PlatformName(p string) string {
	switch p {
	case PlatformAndroid:
		return "Android"
	case PlatformIOS:
		return "iOS"
	case PlatformWeb:
		return "Web"
	}
	return p
}
