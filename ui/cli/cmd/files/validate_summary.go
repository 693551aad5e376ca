package files

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// printSummary is what validate shows a person on a terminal: a line per
// file, its problems under it, and a count; scripts get the JSON.
func printSummary(io *cmdutil.IOStreams, files []validation) {
	st, w := io.OutStyles(), io.Out
	inert := cmdutil.Inert
	valid, invalid, unreadable := 0, 0, 0
	for _, f := range files {
		name := f.File
		if name == "-" {
			name = "standard input"
		}
		switch {
		case f.Error != "":
			unreadable++
			fmt.Fprintf(w, "%s %s  %s\n", st.Error.Render("?"), inert(name), st.Muted.Render("unreadable (see above)"))
		case f.NotChecked != "":
			valid++
			fmt.Fprintf(w, "%s %s  %s\n", st.Muted.Render("·"), inert(name), st.Muted.Render(f.NotChecked))
		case len(f.Errors) == 0:
			valid++
			fmt.Fprintf(w, "%s %s\n", st.OK.Render("✓"), inert(name))
		default:
			invalid++
			fmt.Fprintf(w, "%s %s  %s\n", st.Error.Render("✗"), inert(name), st.Muted.Render(forms.ProblemCount(len(f.Errors))))
			for _, e := range f.Errors {
				// One wording everywhere (the editor's, the inspector's),
				// the path under it as the detail.
				if e.plain == "" {
					fmt.Fprintf(w, "    %s %s\n", st.Accent.Render(inert(cmdutil.OrRoot(e.Target))+":"), inert(e.Message))
					continue
				}
				fmt.Fprintf(w, "    %s\n      %s\n", inert(e.plain), st.Muted.Render("at "+inert(cmdutil.OrRoot(e.Target))))
			}
		}
	}
	var parts []string
	if valid > 0 {
		parts = append(parts, st.OK.Render(fmt.Sprintf("%d valid", valid)))
	}
	if invalid > 0 {
		parts = append(parts, st.Error.Render(fmt.Sprintf("%d invalid", invalid)))
	}
	if unreadable > 0 {
		parts = append(parts, st.Error.Render(fmt.Sprintf("%d unreadable", unreadable)))
	}
	fmt.Fprintf(w, "%d file(s): %s\n", len(files), strings.Join(parts, ", "))
}
