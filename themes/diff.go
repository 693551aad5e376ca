package themes

import "strings"

// DiffLine styles one line of a unified diff the same way wherever a diff is
// shown (the diff command, the editor's Diff tab, the inspector's versions):
// file headers muted, hunk headers in the accent, additions in the OK colour,
// removals in the error colour, context as it is.
func (s Styles) DiffLine(l string) string {
	switch {
	case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		return s.Muted.Render(l)
	case strings.HasPrefix(l, "@@"):
		return s.Accent.Render(l)
	case strings.HasPrefix(l, "+"):
		return s.OK.Render(l)
	case strings.HasPrefix(l, "-"):
		return s.Error.Render(l)
	}
	return l
}
