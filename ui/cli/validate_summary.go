package cli

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// validateSummaryFile is one file of validate's terminal summary.
type validateSummaryFile struct {
	name       string
	errs       []validateError
	unreadable string // set when the file could not be read or parsed
	notChecked string // why the engine does not judge it
}

// printValidateSummary is what validate shows a person on a terminal: a
// line per file, its problems under it, and a count; scripts get the JSON.
func printValidateSummary(app *cmdutil.Factory, files []validateSummaryFile) {
	st := cmdutil.StylesFor(app.Out, app.Getenv)
	valid, invalid, unreadable := 0, 0, 0
	for _, f := range files {
		name := f.name
		if name == "-" {
			name = "standard input"
		}
		switch {
		case f.unreadable != "":
			unreadable++
			fmt.Fprintf(app.Out, "%s %s  %s\n", st.Error.Render("?"), cmdutil.Inert(name), st.Muted.Render("unreadable (see above)"))
		case f.notChecked != "":
			valid++
			fmt.Fprintf(app.Out, "%s %s  %s\n", st.Muted.Render("·"), cmdutil.Inert(name), st.Muted.Render(f.notChecked))
		case len(f.errs) == 0:
			valid++
			fmt.Fprintf(app.Out, "%s %s\n", st.OK.Render("✓"), cmdutil.Inert(name))
		default:
			invalid++
			fmt.Fprintf(app.Out, "%s %s  %s\n", st.Error.Render("✗"), cmdutil.Inert(name), st.Muted.Render(forms.ProblemCount(len(f.errs))))
			for _, e := range f.errs {
				// One wording everywhere (the editor's, the inspector's),
				// the path under it as the detail.
				if e.plain == "" {
					fmt.Fprintf(app.Out, "    %s %s\n", st.Accent.Render(cmdutil.Inert(cmdutil.OrRoot(e.Target))+":"), cmdutil.Inert(e.Message))
					continue
				}
				fmt.Fprintf(app.Out, "    %s\n      %s\n", cmdutil.Inert(e.plain), st.Muted.Render("at "+cmdutil.Inert(cmdutil.OrRoot(e.Target))))
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
	fmt.Fprintf(app.Out, "%d file(s): %s\n", len(files), strings.Join(parts, ", "))
}
