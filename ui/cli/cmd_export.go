package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

func newExportCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export [ID...]",
		Short: "Write campaigns to files, one <campaign_id>.json each, for git",
		Long: `Writes each campaign to DIR/<campaign_id>.json exactly as the service returns
it: pretty, keys in a stable (sorted) order so diffs stay small, unknown
fields kept. Name campaigns by ID, or select them with the list filters
(every page is read; without filters, every campaign but archived ones).
Edit the files, review them in a pull request, then campaigns diff and
campaigns apply.

Exit status: 0 exported, 1 refused by the service (an unknown id: 404), 2 bad
usage, unwritable folder or unreachable.`,
		Example: `  campaigns export --dir campaigns/
  campaigns export --status active,paused --channel push \
      --dir campaigns/
  campaigns export 6b0489… 6b0337… --dir campaigns/`,
	}
	s := newScriptCmd(app, cmd)
	filters := addListFilters(cmd)
	var dir cmdutil.PathValue
	cmd.Flags().Var(&dir, "dir", "the folder to write into (created when missing)")
	_ = cmd.MarkFlagDirname("dir")
	jsonOut := cmd.Flags().Bool("json", false, `print [{"file", "campaign_id", "name"}] of what was written`)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if dir.Path == "" {
			return cmdutil.CommandLineError(fmt.Errorf("--dir is required: the folder to write the campaign files into"))
		}
		if len(args) > 0 && cmd.Flags().NFlag() > 0 && anyChanged(cmd, "status", "channel", "type", "name", "tag", "children", "archived") {
			return cmdutil.UsageError("name campaigns by ID or select them with filters, not both")
		}
		req, err := filters.request()
		if err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		pacer := s.svc.Pacer()
		ids := args
		b := s.startBusy("Reading campaigns from " + s.svc.Label + "…")
		defer b.Stop()
		if len(ids) == 0 {
			var found []map[string]any
			err := gitops.SearchPages(ctx, s.svc.Client, pacer, req, 1, 0, func(_ int, page []map[string]any) error {
				found = append(found, page...)
				return nil
			})
			if err != nil {
				return s.serviceError(err)
			}
			for _, r := range gitops.Latest(found) {
				ids = append(ids, str(r["campaign_id"]))
			}
		}
		// Each file holds the record as GET returns it, which is not always
		// what search returns (GET adds response-only scheduling fields).
		pl := &gitops.Planner{Core: ops.New(s.svc.Client, ops.Options{Target: s.svc.Target(), Pacer: pacer})}
		var recs []map[string]any
		for _, id := range ids {
			rec, err := pl.Fetch(ctx, id)
			if err != nil {
				return s.serviceError(fmt.Errorf("campaign %s: %w", id, err))
			}
			recs = append(recs, rec)
		}
		b.Stop()
		type written struct {
			File       string `json:"file"`
			CampaignID string `json:"campaign_id"`
			Name       string `json:"name"`
		}
		out := []written{}
		for _, rec := range recs {
			path, err := gitops.Export(dir.Path, rec)
			if err != nil {
				return cmdutil.UsageError("cannot write campaign %s into %s: %v\n%s", cmdutil.Inert(str(rec["campaign_id"])), dir.Path, err, writtenBefore(out, func(w written) string { return w.File }))
			}
			out = append(out, written{File: path, CampaignID: str(rec["campaign_id"]), Name: nameOf(rec)})
		}
		if *jsonOut {
			return cmdutil.PrintJSON(app.Out, out)
		}
		for _, w := range out {
			fmt.Fprintf(app.Out, "%s  %s\n", cmdutil.Inert(w.File), s.st.Muted.Render(cmdutil.Inert(w.Name)))
		}
		fmt.Fprintf(app.Out, "Exported %d campaign(s) to %s.\n", len(out), dir.Path)
		return nil
	}
	return cmd
}

// writtenBefore says which files a failed export had written (all of them
// complete: each is renamed into place whole).
func writtenBefore[T any](done []T, file func(T) string) string {
	if len(done) == 0 {
		return "No file was written."
	}
	lines := []string{fmt.Sprintf("Written before the failure (%d, each complete):", len(done))}
	for _, d := range done {
		lines = append(lines, "  "+cmdutil.Inert(file(d)))
	}
	return strings.Join(lines, "\n")
}

func anyChanged(cmd *cobra.Command, names ...string) bool {
	for _, n := range names {
		if cmd.Flags().Changed(n) {
			return true
		}
	}
	return false
}
