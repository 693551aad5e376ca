// This file is `campaigns apply`: the changes of campaign files sent to
// the service (a dry run without --confirm), and plan files.

package files

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignfiles"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/cireport"
)

const applyLong = `Compares each campaign file with the service and, without --confirm, prints
per file exactly the component PATCH (or the create) it would send, changing
nothing. With --confirm it sends them:

  - only the components that differ, each whole;
  - three-way: with the base export keeps (DIR/.campaigns/<campaign_id>.json)
    your changes and the service's are merged field by field, and the merged
    component is sent; a field changed on both sides differently is a
    conflict, and the file is not sent (--force keeps the file's value for
    those fields only, never reverting a field the file did not change);
    without a base, a component changed on the service since the export is
    a conflict (re-export, or --force);
  - validated locally first with the state's edit rules (a file that does
    not pass is reported with its problems and not sent);
  - a file without campaign_id creates a draft, and the new campaign_id is
    written into the file;
  - a campaign that is not a draft is checked whole with the publish rules:
    an update that would bring in a problem it did not have (a platform's
    content or a locale gone, a template that no longer parses) is refused
    with the problems unless --force; what an update removes is listed in
    words, in the dry run too;
  - every line names the service and workspace the file goes to;
  - the campaigns are read through search, 15 a call, and each one changed
    is read again right before its PATCH (sent with If-Match);
  - paced under the service's rate limits (a progress bar on a terminal).

After a send the file and its base are rewritten with the service's record
(a patched one is the record read before the PATCH with the sent components
merged, its new version and author, and no updated_at: that is not guessed;
a created one is read back), so a second apply sends nothing (committing the
rewritten files is not needed for the next run to be right). A campaign
whose file was removed from an exported folder is reported, never acted on.

--plan FILE writes the exact requests, each with the updated_at of the
service copy it was planned against; apply FILE.plan --confirm sends exactly
those and refuses a campaign that changed since (unless --force).

Exit status: 0 all applied (or, in a dry run, all could be), 1 some file
refused, in conflict, unknown to the service or removed, 2 an unreadable or
duplicated file, bad usage, rejected credentials or an unreachable service.`

// ApplyOptions are apply's flags and arguments, checked.
type ApplyOptions struct {
	IO       *cmdutil.IOStreams
	Service  *cmdutil.ServiceFlags
	Features *cmdutil.FeaturesFlag
	Args     []string
	Confirm  bool
	Force    bool
	JSON     bool
	Plan     string // --plan FILE: write the plan instead of sending
	Output   string
	Verbose  bool
}

// applyDoc is what `campaigns apply --help` says.
var applyDoc = cmdutil.Doc{
	Use:   "apply FILE|DIR...",
	Short: "Send the changes of campaign files to the service (a dry run without --confirm)",
	Long:  applyLong,
	Example: `  campaigns apply campaigns/            # dry run
  campaigns apply campaigns/ --confirm
  campaigns apply campaigns/ --plan changes.plan
  campaigns apply changes.plan --confirm
  campaigns apply campaigns/new-promo.json --confirm --json`,
}

// NewCmdApply builds `campaigns apply`; runF, when set, receives the checked
// options instead of runApply (tests).
func NewCmdApply(f *cmdutil.Factory, runF func(*ApplyOptions) error) *cobra.Command {
	opts := &ApplyOptions{IO: f.IOStreams}
	cmd := applyDoc.Command(cireport.Args("to apply"))
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	fs := cmd.Flags()
	fs.BoolVar(&opts.Confirm, "confirm", false, "send the changes (without it: a dry run)")
	fs.BoolVar(&opts.Force, "force", false, "on fields changed both in the file and on the service, keep the file's;\nsend an update that brings new problems into a live campaign;\nsend a plan file although the service changed since")
	fs.BoolVar(&opts.JSON, "json", false, "print one JSON object per file: action, components, body, problems")
	fs.StringVar(&opts.Plan, "plan", "", "write the exact requests to this plan file instead of sending them")
	output := cireport.AddOutputFlag(cmd)
	fs.BoolVarP(&opts.Verbose, "verbose", "v", false, "list the JSON files skipped as not campaigns")
	opts.Features = cmdutil.AddFeaturesFlag(cmd)
	_ = cmd.MarkFlagFilename("plan", "plan")
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.Args, opts.Output = args, output.Value()
		if err := opts.Features.Check(); err != nil {
			return err
		}
		if opts.Plan != "" && opts.Confirm {
			return cmdutil.UsageError("--plan writes a plan and sends nothing; --confirm sends: give one of them")
		}
		return nil
	}, runF, runApply)
	return cmd
}

func runApply(opts *ApplyOptions) error {
	connect := opts.Service.Connect
	if opts.Confirm {
		connect = opts.Service.ConnectWrite
	}
	svc, err := connect()
	if err != nil {
		return err
	}
	feats, err := opts.Features.Resolve(svc)
	if err != nil {
		return err
	}
	pl := &gitops.Planner{Core: svc.Core(feats), Force: opts.Force}
	plans, set, bad, err := planAll(opts, svc, pl)
	if err != nil {
		return err
	}
	if opts.Plan != "" {
		pf := gitops.NewPlanFile(svc.Label, svc.Workspace, plans)
		if err := pf.Write(opts.Plan); err != nil {
			return cmdutil.UsageError("cannot write the plan: %v", err)
		}
		fmt.Fprintf(opts.IO.ErrOut, "Plan written to %s: %d request(s) for %s. Send exactly these with: campaigns apply %s --confirm\n", opts.Plan, len(pf.Entries), svc.Label, opts.Plan)
	}
	outcomes, err := send(opts, svc, pl, plans)
	if err != nil {
		return err
	}
	return report(opts, svc, pl, outcomes, set, bad)
}

// planAll makes the plans: those of a plan file given as the only argument,
// or one per campaign file. An unreachable service or rejected credentials
// end it at the first.
func planAll(opts *ApplyOptions, svc *cmdutil.Service, pl *gitops.Planner) (plans []gitops.Plan, set *gitops.Set, bad bool, err error) {
	ctx := opts.Service.Context()
	if pf, ok := readPlanArg(opts.Args); ok {
		if pf.err != nil {
			return nil, nil, false, cmdutil.UsageError("%s: %v", opts.Args[0], pf.err)
		}
		if pf.Service != svc.Label || pf.Workspace != svc.Workspace {
			return nil, nil, false, cmdutil.UsageError("%s was made for %s, workspace %s; this is %s, workspace %s: %v", opts.Args[0], pf.Service, pf.Workspace, svc.Label, svc.Workspace, gitops.ErrOtherService)
		}
		plans = pl.FromPlan(ctx, pf.PlanFile)
		set = &gitops.Set{}
	} else {
		set, bad = campaignfiles.Scan(opts.IO, opts.Args, opts.Verbose)
		if campaignfiles.Empty(set, bad) {
			return nil, nil, false, campaignfiles.NoFiles(opts.Args)
		}
		if err := campaignfiles.Prefetch(ctx, svc, pl, set.Files); err != nil {
			return nil, nil, false, err
		}
		b := opts.IO.StartBusy(fmt.Sprintf("Comparing %d file(s) with %s…", len(set.Files), svc.Label))
		for _, f := range set.Files {
			p := pl.Plan(ctx, f)
			plans = append(plans, p)
			if p.Action == gitops.ActionError && cmdutil.Fatal(p.Err) {
				break // the rest would fail the same way
			}
		}
		b.Stop()
	}
	for _, p := range plans {
		if p.Action == gitops.ActionError && cmdutil.Fatal(p.Err) {
			return nil, nil, false, cmdutil.ServiceError(svc, p.Err)
		}
	}
	return plans, set, bad, nil
}

// planArg is a plan file given as apply's only argument.
type planArg struct {
	*gitops.PlanFile
	err error
}

// readPlanArg recognises `apply FILE.plan`: one argument that is a plan
// file (by its name, or by its content when it is not a campaign).
func readPlanArg(args []string) (planArg, bool) {
	if len(args) != 1 || !strings.HasSuffix(args[0], ".plan") {
		return planArg{}, false
	}
	pf, err := gitops.ReadPlan(args[0])
	return planArg{PlanFile: pf, err: err}, true
}

// send sends the plans when confirmed (else returns them as outcomes),
// with a progress bar, stopping at an unreachable service or rejected
// credentials.
func send(opts *ApplyOptions, svc *cmdutil.Service, pl *gitops.Planner, plans []gitops.Plan) ([]gitops.Outcome, error) {
	if !opts.Confirm {
		outs := make([]gitops.Outcome, len(plans))
		for i, p := range plans {
			outs[i] = gitops.Outcome{Plan: p}
		}
		return outs, nil
	}
	sendable := 0
	for _, p := range plans {
		if p.Action == gitops.ActionPatch || p.Action == gitops.ActionCreate {
			sendable++
		}
	}
	bar := svc.Progress()
	sent := 0
	var stop error
	outs := pl.ApplyAll(opts.Service.Context(), plans, func(i int, o gitops.Outcome) bool {
		sent++
		bar.Set(sent, sendable, o.File.Path)
		if cmdutil.Fatal(o.Err) {
			stop = o.Err
			return false
		}
		return true
	})
	bar.Clear()
	bar.Done()
	if stop != nil {
		return nil, cmdutil.ServiceError(svc, stop)
	}
	return outs, nil
}
