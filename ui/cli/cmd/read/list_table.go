package read

import (
	"fmt"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// printTable draws campaign records as a table on a terminal, as
// tab-separated rows otherwise (whole names and times).
func printTable(io *cmdutil.IOStreams, recs []map[string]any, headers bool) {
	if len(recs) == 0 {
		return
	}
	str := cmdutil.Str
	// In a versioned workspace the search answers every version of a
	// campaign, under one campaign_id: those rows say which version they are.
	seen := map[string]int{}
	for _, r := range recs {
		seen[str(r["campaign_id"])]++
	}
	rows := make([][]string, 0, len(recs))
	for _, r := range recs {
		id := str(r["campaign_id"])
		if seen[id] > 1 {
			id += " v" + str(r["version_number"])
		}
		rows = append(rows, []string{id, cmdutil.TruncateRunes(cmdutil.Printable(cmdutil.NameOf(r)), 40), str(r["channel"]),
			str(r["campaign_delivery_type"]), str(r["status"]), shortTime(str(r["updated_at"]))})
	}
	names := []string{"CAMPAIGN ID", "NAME", "CHANNEL", "TYPE", "STATUS", "UPDATED (UTC)"}
	if !io.IsStdoutTTY() {
		for i, r := range recs { // whole names and times in a pipe
			rows[i][1], rows[i][5] = cmdutil.NameOf(r), str(r["updated_at"])
		}
		cmdutil.WriteTSV(io.Out, names, rows, headers)
		return
	}
	fmt.Fprintln(io.Out, cmdutil.FitTable(io.OutStyles(), names, rows, 4, []int{5, 3}, 1))
}

// shortTime cuts the service's "2006-01-02 15:04:05.000000" to the minute.
func shortTime(s string) string {
	if len(s) >= 16 && s[10] == ' ' {
		return s[:16]
	}
	return s
}
