package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/themes"
)

// collectFiles expands FILE|DIR arguments, printing on stderr the files
// skipped (JSON that is not a campaign) and the ones that cannot be read
// (with line and column for broken JSON). bad: some file was unreadable.
func (s *scriptCmd) collectFiles(args []string) (files []*gitops.File, bad bool) {
	files, skipped, errs := gitops.Collect(args)
	for _, sk := range skipped {
		fmt.Fprintf(s.app.Err, "%s %s: %s\n", s.est.Muted.Render("skipped"), inert(sk.Path), inert(sk.Reason))
	}
	for _, e := range errs {
		fmt.Fprintf(s.app.Err, "%s %s\n", s.est.Error.Render("error:"), inertBlock(e.Error()))
	}
	return files, len(errs) > 0
}

// noFiles refuses a run that found nothing to work on: in CI a mistyped
// folder must not pass as "no difference".
func noFiles(args []string) error {
	return usageError("no campaign files in %s", strings.Join(args, ", "))
}

func newDiffCmd(app *appContext) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "diff FILE|DIR...",
		Short: "Compare campaign files with the service, component by component",
		Long: `Compares each campaign file (folders: every *.json inside, recursively) with
the campaign on the service and prints a unified diff per component that
differs ("-" the service, "+" the file), in colour on a terminal. A file
without campaign_id is a new campaign: all of it differs. A component that
differs while the service's updated_at is no longer the file's is marked as
a conflict: it changed on the service since the export.

--json prints [{"file", "campaign_id", "components": [...], "conflicts": [...]}].
Usable as a CI drift check.

Exit status: 0 no difference, 1 some difference, 2 error (an unreadable
file — the others are still compared —, an unknown id, unreachable).`,
		Example: `  campaigns diff campaigns/
  campaigns diff campaigns/6b0489….json --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return commandLineError(fmt.Errorf("give the campaign files or folders to compare"))
			}
			return nil
		},
	}
	s := newScriptCmd(app, cmd)
	jsonOut := cmd.Flags().Bool("json", false, `print [{"file", "campaign_id", "components", "conflicts"}]`)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		files, bad := s.collectFiles(args)
		if len(files) == 0 && !bad {
			return noFiles(args)
		}
		pl := s.planner()
		type fileDiff struct {
			File       string   `json:"file"`
			CampaignID string   `json:"campaign_id"`
			Components []string `json:"components"`
			Conflicts  []string `json:"conflicts,omitempty"`
			Error      string   `json:"error,omitempty"`
		}
		out := []fileDiff{}
		differ, failed := 0, 0
		for _, f := range files {
			p := pl.Diff(ctx, f)
			d := fileDiff{File: f.Path, CampaignID: p.CampaignID, Components: gitops.Names(p.Changes), Conflicts: p.Conflicts}
			if d.Components == nil {
				d.Components = []string{}
			}
			if p.Action == gitops.ActionError {
				failed++
				d.Error = p.Reason
				if api.IsUnreachable(p.Err) {
					return s.serviceError(p.Err) // the rest would fail the same way
				}
				fmt.Fprintf(app.Err, "%s %s: %s\n", s.est.Error.Render("error:"), inert(f.Path), inert(p.Reason))
			} else if len(p.Changes) > 0 {
				differ++
			}
			out = append(out, d)
			if !*jsonOut && p.Action != gitops.ActionError {
				s.printDiff(app.Out, p)
			}
		}
		if *jsonOut {
			if err := printJSON(app.Out, out); err != nil {
				return usageError("%v", err)
			}
		} else {
			fmt.Fprintf(app.Out, "%d of %d file(s) differ from %s.\n", differ, len(files), s.svc.Label)
		}
		switch {
		case bad || failed > 0:
			return &exitError{Code: exitUsage, Err: errSilent}
		case differ > 0:
			return &exitError{Code: exitRefused, Err: errSilent}
		}
		return nil
	}
	return cmd
}

// printDiff prints one file's differences, component by component.
func (s *scriptCmd) printDiff(w io.Writer, p gitops.Plan) {
	if len(p.Changes) == 0 {
		return
	}
	st := s.st
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
	if p.CampaignID == "" {
		body := map[string]any{}
		for _, c := range p.Changes {
			body[c.Component] = c.File
		}
		colourDiff(w, st, gitops.Unified("/dev/null", p.File.Path, gitops.Change{Component: "campaign", File: body, InFile: true}))
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
		colourDiff(w, st, gitops.Unified(svc, p.File.Path+"#"+c.Component, c))
	}
	fmt.Fprintln(w)
}

// colourDiff prints a unified diff, "-" lines in the error colour and "+"
// lines in the OK colour (plain when the styles are).
func colourDiff(w io.Writer, st themes.Styles, diff string) {
	for _, line := range strings.SplitAfter(diff, "\n") {
		if line == "" {
			continue
		}
		text := strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(text, "+++"), strings.HasPrefix(text, "---"):
			text = st.Muted.Render(text)
		case strings.HasPrefix(text, "@@"):
			text = st.Accent.Render(text)
		case strings.HasPrefix(text, "+"):
			text = st.OK.Render(text)
		case strings.HasPrefix(text, "-"):
			text = st.Error.Render(text)
		}
		fmt.Fprintln(w, inertBlock(text))
	}
}
