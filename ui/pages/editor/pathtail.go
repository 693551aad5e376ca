package editor

import "github.com/campaigns-cli/campaigns/ui/common"

// pathTail fits a field's path into w cells keeping its end, which names
// the field ("…filters[0].action_name"); its start ("trigger_condition.
// included_…") is the step the editor already shows.
func pathTail(p string, w int) string {
	if common.Width(p) <= w {
		return p
	}
	r := []rune(p)
	return "…" + string(r[len(r)-max(0, w-1):])
}
