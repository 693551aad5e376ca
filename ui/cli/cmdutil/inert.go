package cmdutil

import (
	"strings"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// Inert makes a string from a campaign, a file or the service safe to print
// for a person: common.Clean, the sanitizer the editor uses, removes escape
// sequences (OSC, CSI, DCS …) and C0/C1 control characters and keeps
// printable Unicode, so a campaign name cannot retitle the terminal, clear
// it or write to the clipboard. --json and --jq JSON never go through it:
// JSON escapes control characters itself, and stays byte-exact.
func Inert(s string) string { return common.Clean(s) }

// InertBlock is inert for text of several lines (an error with details, a
// JSON body shown in a dry run): newlines and tabs are kept.
func InertBlock(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		cells := strings.Split(l, "\t")
		for j, c := range cells {
			cells[j] = common.Clean(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	return strings.Join(lines, "\n")
}
