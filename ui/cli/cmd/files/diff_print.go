package files

import (
	"fmt"
	"io"
	"strings"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignfiles"
)

// printer prints for a person, in the theme's colours (plain in a pipe):
// diff's titles, conflicts and unified diffs, and apply's line per file
// with what happened (or, in a dry run, would happen) to it.
type printer struct {
	w         io.Writer
	st        themes.Styles
	confirmed bool // apply --confirm: the changes were sent
}

// plan prints one file's differences, component by component.
func (pr printer) plan(p gitops.Plan) {
	if len(p.Changes) == 0 && len(p.FieldConflicts) == 0 && len(p.Drift) == 0 {
		return
	}
	st, w, inert := pr.st, pr.w, cmdutil.Inert
	title := p.File.Path
	switch {
	case p.CampaignID == "":
		title += "  " + st.Accent.Render("new campaign (no campaign_id): apply creates a draft")
	default:
		title += "  " + st.Muted.Render(fmt.Sprintf("%s, %s", inert(p.File.Name()), inert(p.CampaignID)))
	}
	fmt.Fprintln(w, st.Title.Render(title))
	if p.Reason != "" && p.Action == gitops.ActionConflict {
		fmt.Fprintln(w, st.Warning.Render("conflict: "+inert(p.Reason)))
	}
	for _, c := range p.FieldConflicts {
		fmt.Fprintf(w, "  %s %s\n      base     %s\n      file     %s\n      service  %s\n", st.Warning.Render("conflict"), inert(c.Path),
			inert(campaignfiles.JSONValue(c.Base)), inert(campaignfiles.JSONValue(c.File)), inert(campaignfiles.JSONValue(c.Service)))
	}
	if len(p.Drift) > 0 && p.Base != nil {
		fmt.Fprintln(w, st.Muted.Render("  changed on the service since the export (apply keeps these; export again to see them in the file): "+strings.Join(p.Drift, ", ")))
	}
	if p.CampaignID == "" {
		body := map[string]any{}
		for _, c := range p.Changes {
			body[c.Component] = c.File
		}
		pr.unified(gitops.Unified("/dev/null", p.File.Path, gitops.Change{Component: "campaign", File: body, InFile: true}))
		fmt.Fprintln(w)
		return
	}
	for _, c := range p.Changes {
		label := c.Component
		switch {
		case c.Removed():
			label += " (only on the service)"
		case !c.InService:
			label += " (only in the file)"
		}
		fmt.Fprintln(w, st.Subtitle.Render("  "+label))
		svc := "service/" + p.CampaignID + "#" + c.Component
		pr.unified(gitops.Unified(svc, p.File.Path+"#"+c.Component, c))
	}
	fmt.Fprintln(w)
}

// unified prints a unified diff, "-" lines in the error colour and "+"
// lines in the OK colour (plain when the styles are).
func (pr printer) unified(diff string) {
	st := pr.st
	for _, line := range strings.SplitAfter(diff, "\n") {
		if line == "" {
			continue
		}
		fmt.Fprintln(pr.w, cmdutil.InertBlock(st.DiffLine(strings.TrimSuffix(line, "\n"))))
	}
}
