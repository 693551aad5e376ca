// This file is `campaigns diff`: campaign files against the service,
// component by component, and two versions of one campaign.

package files

import (
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignfiles"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/cireport"
)

const diffLong = `Compares each campaign file (folders: every *.json inside, recursively) with
the campaign on the service and prints a unified diff per component that
differs ("-" the service, "+" what apply would send), in colour on a terminal.
A file without campaign_id is a new campaign: all of it differs.

Three-way: export keeps beside the files the service copy each was made from
(DIR/.campaigns/<campaign_id>.json, updated by every apply). With it, your
changes (base → file) and the service's (base → service) are merged field by
field: only a field changed on both sides, differently, is a conflict, shown
with its three values. Without a base (a hand-written file) the file is
compared with the service as it is, and any difference after the service's
updated_at moved is a conflict.

A campaign whose file was removed from an exported folder (its base is still
there) is reported as on the service, not in the repository.

--json prints [{"file", "campaign_id", "components", "conflicts", "fields":
[{"path", "base", "file", "service"}]}]; --output json one object with totals;
--output github workflow annotations at the line of each value.

--versions ID A B compares versions A and B of a campaign (a versioned
workspace keeps one per accepted edit of a live campaign).

Exit status: 0 no difference, 1 some difference, conflict, unknown campaign
or removed file, 2 an unreadable or duplicated file, bad usage, rejected
credentials or an unreachable service.`

// DiffOptions are diff's flags and arguments.
type DiffOptions struct {
	IO      *cmdutil.IOStreams
	Service *cmdutil.ServiceFlags
	Args    []string // files and folders; with Versions: ID A B
	JSON    bool
	Output  string
	Verbose bool
	// Versions: compare two versions of one campaign.
	Versions bool
}

// diffDoc is what `campaigns diff --help` says.
var diffDoc = cmdutil.Doc{
	Use:   "diff FILE|DIR... | diff --versions ID A B",
	Short: "Compare campaign files with the service, component by component",
	Long:  diffLong,
	Example: `  campaigns diff campaigns/
  campaigns diff campaigns/6b0489….json --json
  campaigns diff campaigns/ --output github`,
}

// NewCmdDiff builds `campaigns diff`; runF, when set, receives the options
// instead of runDiff (tests).
func NewCmdDiff(f *cmdutil.Factory, runF func(*DiffOptions) error) *cobra.Command {
	opts := &DiffOptions{IO: f.IOStreams}
	cmd := diffDoc.Command(cireport.Args("to compare"))
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	fs := cmd.Flags()
	fs.BoolVar(&opts.JSON, "json", false, `print [{"file", "campaign_id", "components", "conflicts", "fields"}]`)
	output := cireport.AddOutputFlag(cmd)
	fs.BoolVarP(&opts.Verbose, "verbose", "v", false, "list the JSON files skipped as not campaigns")
	fs.BoolVar(&opts.Versions, "versions", false, "compare two versions of a campaign: diff --versions ID A B")
	cmd.ValidArgsFunction = func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if opts.Versions {
			return f.CompleteIDs(opts.Service)(c, args, prefix)
		}
		return nil, cobra.ShellCompDirectiveDefault
	}
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.Args, opts.Output = args, output.Value()
		if opts.Versions && len(args) != 3 {
			return cmdutil.CommandLineError(fmt.Errorf("--versions takes a campaign ID and two version numbers"))
		}
		return nil
	}, runF, runDiff)
	return cmd
}

// fileDiff is one file of --json.
type fileDiff struct {
	File       string         `json:"file"`
	CampaignID string         `json:"campaign_id"`
	Components []string       `json:"components"`
	Conflicts  []string       `json:"conflicts,omitempty"`
	Fields     []gitops.Field `json:"fields"`
	Error      string         `json:"error,omitempty"`
}

func runDiff(opts *DiffOptions) error {
	ctx := opts.Service.Context()
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	if opts.Versions {
		return versions(opts, svc)
	}
	set, bad := campaignfiles.Scan(opts.IO, opts.Args, opts.Verbose)
	if campaignfiles.Empty(set, bad) {
		return campaignfiles.NoFiles(opts.Args)
	}
	pl := svc.Planner()
	if err := campaignfiles.Prefetch(ctx, svc, pl, set.Files); err != nil {
		return err
	}
	out := []fileDiff{}
	report := cireport.New(svc.Label, svc.Workspace)
	differ, failed := 0, 0
	text := !opts.JSON && opts.Output == cireport.OutputText
	p := printer{w: opts.IO.Out, st: opts.IO.OutStyles()}
	errSt := opts.IO.ErrStyles()
	for _, f := range set.Files {
		plan := pl.Diff(ctx, f)
		if plan.Action == gitops.ActionError && cmdutil.Fatal(plan.Err) {
			return cmdutil.ServiceError(svc, plan.Err) // the rest would fail the same way
		}
		d, cf := entries(plan)
		if plan.Action == gitops.ActionError {
			fmt.Fprintf(opts.IO.ErrOut, "%s %s: %s\n", errSt.Error.Render("error:"), cmdutil.Inert(f.Path), cmdutil.Inert(plan.Reason))
		}
		switch cf.Status {
		case "unchanged":
		case "error", "refused":
			failed++
		default:
			differ++
		}
		out = append(out, d)
		report.Add(cf)
		if text && plan.Action != gitops.ActionError {
			p.plan(plan)
		}
	}
	for _, o := range set.Orphans {
		differ++
		cf := campaignfiles.Orphan(o)
		report.Add(cf)
		out = append(out, fileDiff{File: o.Base, CampaignID: o.CampaignID, Components: []string{}, Fields: []gitops.Field{}, Error: cf.Reason})
		if text {
			fmt.Fprintf(opts.IO.Out, "%s %s\n\n", p.st.Warning.Render("on the service, not in the repository:"), cmdutil.Inert(cf.Reason))
		}
	}
	campaignfiles.AddUnreadable(report, set)
	printed := opts.JSON
	if opts.JSON {
		err = cmdutil.PrintJSON(opts.IO.Out, out)
	} else {
		printed, err = report.Print(opts.IO.Out, opts.Output, "diff")
	}
	if !printed {
		fmt.Fprintf(opts.IO.Out, "%d of %d file(s) differ from %s.\n", differ, len(set.Files)+len(set.Orphans), svc.Label)
	}
	if err != nil {
		return cmdutil.UsageError("%v", err)
	}
	return cireport.Exit(bad, differ > 0 || failed > 0)
}

// entries are one plan's --json entry and its CI report entry.
func entries(p gitops.Plan) (fileDiff, cireport.File) {
	d := fileDiff{File: p.File.Path, CampaignID: p.CampaignID, Components: nonNil(gitops.Names(p.Changes)), Conflicts: p.Conflicts, Fields: nonNil(p.Fields)}
	cf := cireport.File{File: p.File.Path, CampaignID: p.CampaignID, Components: d.Components, Fields: d.Fields, Status: "unchanged"}
	switch {
	case p.Action == gitops.ActionError:
		d.Error, cf.Status, cf.Reason = p.Reason, "error", p.Reason
		if api.StatusOf(p.Err) == http.StatusNotFound {
			cf.Status = "refused"
		}
	case p.Action == gitops.ActionConflict:
		cf.Status, cf.Reason = "conflict", p.Reason
		cf.Conflicts = campaignfiles.ConflictFields(p)
		cf.Problems = campaignfiles.ConflictProblems(p)
	case len(p.Changes) > 0 || len(p.Drift) > 0:
		cf.Status = "different"
		cf.Problems = campaignfiles.DifferenceProblems(p)
	}
	return d, cf
}

// nonNil is s, or an empty list for JSON's [] instead of null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
