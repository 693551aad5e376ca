package forms

import "strconv"

// Thousands writes a count with thousands separators: 1,234,567 and
// -1,234 (the sign is not a digit). The one owner for every screen and
// command that shows a count.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := s
	if n < 0 {
		digits = s[1:]
	}
	first := len(s) - len(digits)
	for i := len(s) - 3; i > first; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
