// This file is `campaigns export`: campaigns written to files, one
// <campaign_id>.json each, for git.

package read

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/search"
)

// ExportOptions are what `campaigns export` was asked.
type ExportOptions struct {
	IO      *cmdutil.IOStreams
	Service *cmdutil.ServiceFlags
	IDs     []string          // the campaigns named; none: those the filters select
	Request api.SearchRequest // from the filter flags
	Dir     string
	JSON    bool
}

// exportDoc is what `campaigns export --help` says.
var exportDoc = cmdutil.Doc{
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

// NewCmdExport is `campaigns export`; runF, when given, runs instead of the
// command (tests check the flags with it).
func NewCmdExport(f *cmdutil.Factory, runF func(*ExportOptions) error) *cobra.Command {
	opts := &ExportOptions{IO: f.IOStreams}
	cmd := exportDoc.Command(nil)
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	filters := search.AddFilters(cmd)
	var dir cmdutil.PathValue
	cmd.Flags().Var(&dir, "dir", "the folder to write into (created when missing)")
	_ = cmd.MarkFlagDirname("dir")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print [{"file", "campaign_id", "name"}] of what was written`)
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		if dir.Path == "" {
			return cmdutil.CommandLineError(fmt.Errorf("--dir is required: the folder to write the campaign files into"))
		}
		if len(args) > 0 && filters.Given() {
			return cmdutil.UsageError("name campaigns by ID or select them with filters, not both")
		}
		var err error
		opts.IDs, opts.Dir = args, dir.Path
		opts.Request, err = filters.Request()
		return err
	}, runF, runExport)
	return cmd
}

// written is one file export wrote (--json prints the list).
type written struct {
	File       string `json:"file"`
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
}

func runExport(opts *ExportOptions) error {
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	recs, err := readCampaigns(opts, svc)
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	out := []written{}
	for _, rec := range recs {
		path, err := gitops.Export(opts.Dir, rec)
		if err != nil {
			return cmdutil.UsageError("cannot write campaign %s into %s: %v\n%s", cmdutil.Inert(cmdutil.Str(rec["campaign_id"])), opts.Dir, err, writtenBefore(out))
		}
		out = append(out, written{File: path, CampaignID: cmdutil.Str(rec["campaign_id"]), Name: cmdutil.NameOf(rec)})
	}
	if opts.JSON {
		return cmdutil.PrintJSON(opts.IO.Out, out)
	}
	muted := opts.IO.OutStyles().Muted
	for _, w := range out {
		fmt.Fprintf(opts.IO.Out, "%s  %s\n", cmdutil.Inert(w.File), muted.Render(cmdutil.Inert(w.Name)))
	}
	fmt.Fprintf(opts.IO.Out, "Exported %d campaign(s) to %s.\n", len(out), opts.Dir)
	return nil
}

// readCampaigns reads every campaign to write, named or found by the filters, as
// GET returns it (which is not always what search returns: GET adds
// response-only scheduling fields); all are read before any is written.
func readCampaigns(opts *ExportOptions, svc *cmdutil.Service) ([]map[string]any, error) {
	ctx := opts.Service.Context()
	pacer := svc.Pacer()
	b := opts.IO.StartBusy("Reading campaigns from " + svc.Label + "…")
	defer b.Stop()
	ids := opts.IDs
	if len(ids) == 0 {
		var found []map[string]any
		err := gitops.SearchPages(ctx, svc.Client, pacer, opts.Request, 1, 0, func(_ int, page []map[string]any) error {
			found = append(found, page...)
			return nil
		})
		if err != nil {
			return nil, err
		}
		for _, r := range gitops.Latest(found) {
			ids = append(ids, cmdutil.Str(r["campaign_id"]))
		}
	}
	pl := &gitops.Planner{Core: ops.New(svc.Client, ops.Options{Target: svc.Target(), Pacer: pacer})}
	var recs []map[string]any
	for _, id := range ids {
		rec, err := pl.Fetch(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("campaign %s: %w", id, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// writtenBefore says which files a failed export had written (all of them
// complete: each is renamed into place whole).
func writtenBefore(done []written) string {
	if len(done) == 0 {
		return "No file was written."
	}
	lines := []string{fmt.Sprintf("Written before the failure (%d, each complete):", len(done))}
	for _, d := range done {
		lines = append(lines, "  "+cmdutil.Inert(d.File))
	}
	return strings.Join(lines, "\n")
}
