package cli

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// applyResult is one file of apply --json.
type applyResult struct {
	ops.Target
	File       string          `json:"file"`
	CampaignID string          `json:"campaign_id"`
	Action     string          `json:"action"` // unchanged, patch, create, refused, conflict, error
	Sent       bool            `json:"sent"`
	Components []string        `json:"components"`
	Conflicts  []string        `json:"conflicts,omitempty"`
	Fields     []gitops.Field  `json:"conflict_fields,omitempty"`
	Method     string          `json:"method,omitempty"`
	Path       string          `json:"path,omitempty"`
	Body       map[string]any  `json:"body,omitempty"`
	Reason     string          `json:"reason,omitempty"`
	Problems   []validateError `json:"problems,omitempty"`
	// Removes says in words what the update takes away; Breaks are the
	// problems it brings into a live campaign (sent only with --force).
	Removes []string        `json:"removes,omitempty"`
	Breaks  []validateError `json:"breaks_live_campaign,omitempty"`
	// Notes say what apply chose that the file does not say (the request
	// form a changed read-form schedule is sent in, and why).
	Notes []string `json:"notes,omitempty"`
}

func newApplyCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "apply FILE|DIR...",
		Short: "Send the changes of campaign files to the service (a dry run without --confirm)",
		Long: `Compares each campaign file with the service and, without --confirm, prints
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

After a send the file and its base are rewritten with the service's record,
so a second apply sends nothing (committing the rewritten files is not
needed for the next run to be right). A campaign whose file was removed from
an exported folder is reported, never acted on.

--plan FILE writes the exact requests, each with the updated_at of the
service copy it was planned against; apply FILE.plan --confirm sends exactly
those and refuses a campaign that changed since (unless --force).

Exit status: 0 all applied (or, in a dry run, all could be), 1 some file
refused, in conflict, unknown to the service or removed, 2 an unreadable or
duplicated file, bad usage, rejected credentials or an unreachable service.`,
		Example: `  campaigns apply campaigns/            # dry run
  campaigns apply campaigns/ --confirm
  campaigns apply campaigns/ --plan changes.plan
  campaigns apply changes.plan --confirm
  campaigns apply campaigns/new-promo.json --confirm --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdutil.CommandLineError(fmt.Errorf("give the campaign files or folders to apply"))
			}
			return nil
		},
	}
	s := newScriptCmd(app, cmd)
	confirm := cmd.Flags().Bool("confirm", false, "send the changes (without it: a dry run)")
	force := cmd.Flags().Bool("force", false, "on fields changed both in the file and on the service, keep the file's;\nsend an update that brings new problems into a live campaign;\nsend a plan file although the service changed since")
	jsonOut := cmd.Flags().Bool("json", false, "print one JSON object per file: action, components, body, problems")
	planOut := cmd.Flags().String("plan", "", "write the exact requests to this plan file instead of sending them")
	output := addOutputFlag(cmd)
	verbose := cmd.Flags().BoolP("verbose", "v", false, "list the JSON files skipped as not campaigns")
	features := cmdutil.AddFeaturesFlag(cmd)
	_ = cmd.MarkFlagFilename("plan", "plan")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if err := features.Check(); err != nil {
			return err
		}
		if *planOut != "" && *confirm {
			return cmdutil.UsageError("--plan writes a plan and sends nothing; --confirm sends: give one of them")
		}
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		if *confirm {
			if err := s.svc.RequireWrite(); err != nil {
				return err
			}
		}
		feats, err := features.Resolve(s.svc)
		if err != nil {
			return err
		}
		pl := &gitops.Planner{Core: s.core(feats), Force: *force}
		run := applyRun{ctx: ctx, s: s, pl: pl, confirm: *confirm, json: *jsonOut, output: output}

		var plans []gitops.Plan
		var set *gitops.Set
		bad := false
		if pf, ok := readPlanArg(args); ok {
			if pf.err != nil {
				return cmdutil.UsageError("%s: %v", args[0], pf.err)
			}
			if pf.Service != s.svc.Label || pf.Workspace != s.svc.Workspace {
				return cmdutil.UsageError("%s was made for %s, workspace %s; this is %s, workspace %s: %v", args[0], pf.Service, pf.Workspace, s.svc.Label, s.svc.Workspace, gitops.ErrOtherService)
			}
			plans = pl.FromPlan(ctx, pf.PlanFile)
			set = &gitops.Set{}
		} else {
			set, bad = s.fileSet(args, *verbose)
			if len(set.Files) == 0 && !bad && len(set.Orphans) == 0 {
				return noFiles(args)
			}
			if err := s.prefetch(ctx, pl, set.Files); err != nil {
				return err
			}
			b := s.startBusy(fmt.Sprintf("Comparing %d file(s) with %s…", len(set.Files), s.svc.Label))
			for _, f := range set.Files {
				p := pl.Plan(ctx, f)
				if p.Action == gitops.ActionError && cmdutil.Fatal(p.Err) {
					b.Stop()
					return s.serviceError(p.Err)
				}
				plans = append(plans, p)
			}
			b.Stop()
		}
		for _, p := range plans {
			if p.Action == gitops.ActionError && cmdutil.Fatal(p.Err) {
				return s.serviceError(p.Err)
			}
		}
		if *planOut != "" {
			pf := gitops.NewPlanFile(s.svc.Label, s.svc.Workspace, plans)
			if err := pf.Write(*planOut); err != nil {
				return cmdutil.UsageError("cannot write the plan: %v", err)
			}
			fmt.Fprintf(app.ErrOut, "Plan written to %s: %d request(s) for %s. Send exactly these with: campaigns apply %s --confirm\n", *planOut, len(pf.Entries), s.svc.Label, *planOut)
		}
		outcomes, err := run.send(plans)
		if err != nil {
			return err
		}
		return run.report(outcomes, set, bad)
	}
	return cmd
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

// applyRun is one apply: sending, then saying what happened.
type applyRun struct {
	ctx     context.Context
	s       *scriptCmd
	pl      *gitops.Planner
	confirm bool
	json    bool
	output  *outputFlag
}

// send sends the plans when confirmed (else returns them as outcomes),
// with a progress bar, stopping at an unreachable service or rejected
// credentials.
func (r applyRun) send(plans []gitops.Plan) ([]gitops.Outcome, error) {
	if !r.confirm {
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
	bar := r.s.svc.Progress()
	sent := 0
	var stop error
	outs := r.pl.ApplyAll(r.ctx, plans, func(i int, o gitops.Outcome) bool {
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
		return nil, r.s.serviceError(stop)
	}
	return outs, nil
}

// report prints the outcomes in the chosen form and gives the exit status.
func (r applyRun) report(outcomes []gitops.Outcome, set *gitops.Set, bad bool) error {
	s, app := r.s, r.s.app
	results := make([]applyResult, 0, len(outcomes))
	counts := map[string]int{}
	refused, failed := 0, 0
	ci := newCIReport(s.svc)
	for _, o := range outcomes {
		res := resultOf(o, r.pl.Core.Target())
		results = append(results, res)
		counts[res.Action]++
		switch o.Action {
		case gitops.ActionRefused, gitops.ActionConflict:
			refused++
		case gitops.ActionError:
			if api.StatusOf(o.Err) == http.StatusNotFound {
				refused++
			} else {
				failed++
			}
		}
		if o.Err != nil && o.Action != gitops.ActionRefused && o.Action != gitops.ActionConflict && o.Action != gitops.ActionError {
			failed++
		}
		ci.add(ciOf(o, res, r.confirm))
	}
	for _, o := range set.Orphans {
		refused++
		ci.add(ciFile{File: o.Base, CampaignID: o.CampaignID, Status: "orphan", Reason: orphanReason(o)})
	}
	for _, e := range set.Errs {
		ci.add(ciFile{File: e.Path, Status: "unreadable", Reason: e.Err.Error()})
	}
	switch {
	case r.json:
		if err := cmdutil.PrintJSON(app.Out, results); err != nil {
			return cmdutil.UsageError("%v", err)
		}
	case r.output.json():
		if err := writeJSON(app.Out, ci); err != nil {
			return cmdutil.UsageError("%v", err)
		}
	case r.output.github():
		ci.writeGitHub(app.Out, "apply")
	default:
		for i, o := range outcomes {
			s.printApply(o, results[i], r.confirm)
		}
		for _, o := range set.Orphans {
			fmt.Fprintf(app.Out, "%s %s\n", s.st.Warning.Render("! on the service, not in the repository:"), orphanReason(o))
		}
		s.printApplySummary(counts, r.confirm)
	}
	switch {
	case bad || failed > 0:
		return &cmdutil.ExitError{Code: cmdutil.ExitUsage, Err: cmdutil.ErrSilent}
	case refused > 0:
		return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
	}
	return nil
}

// ciOf is one outcome in the CI report.
func ciOf(o gitops.Outcome, r applyResult, confirmed bool) ciFile {
	f := ciFile{File: r.File, CampaignID: r.CampaignID, Components: r.Components, Reason: r.Reason}
	switch {
	case o.Action == gitops.ActionNone:
		f.Status = "unchanged"
	case confirmed && o.Sent && o.Err == nil && o.Action == gitops.ActionCreate:
		f.Status = "created"
	case confirmed && o.Sent && o.Err == nil:
		f.Status = "applied"
	case o.Action == gitops.ActionPatch || o.Action == gitops.ActionCreate:
		f.Status = "different"
		f.Request = map[string]any{"method": r.Method, "path": r.Path, "body": r.Body}
	case o.Action == gitops.ActionConflict:
		f.Status = "conflict"
		f.Conflicts = conflictFields(o.Plan)
		f.Problems = locate(r.File, conflictProblems(o.Plan))
	case o.Action == gitops.ActionRefused:
		f.Status = "refused"
	default:
		f.Status = "error"
	}
	for _, p := range r.Problems {
		f.Problems = append(f.Problems, ciProblem{Target: p.Target, Message: p.Message})
	}
	if o.Action == gitops.ActionRefused {
		f.Problems = locate(r.File, f.Problems)
	}
	return f
}

func resultOf(o gitops.Outcome, t ops.Target) applyResult {
	r := applyResult{Target: t, Removes: o.Removes, File: o.File.Path, CampaignID: o.CampaignID, Action: string(o.Action), Sent: o.Sent,
		Components: gitops.Names(o.Changes), Conflicts: o.Conflicts, Reason: o.Reason, Notes: o.Notes, Fields: conflictFields(o.Plan)}
	if r.Components == nil {
		r.Components = []string{}
	}
	if o.Sent && o.NewID != "" {
		r.CampaignID = o.NewID
	}
	switch o.Action {
	case gitops.ActionPatch:
		r.Method, r.Path, r.Body = "PATCH", api.PathCampaigns+"/"+o.CampaignID, o.Body
	case gitops.ActionCreate:
		r.Method, r.Path, r.Body = "POST", api.PathCampaigns, o.Body
	}
	for _, p := range o.Problems {
		r.Problems = append(r.Problems, validateError{Target: p.Target, Message: p.Message})
	}
	for _, p := range o.Breaks {
		r.Breaks = append(r.Breaks, validateError{Target: p.Target, Message: p.Message})
	}
	if o.Err != nil && r.Reason == "" {
		r.Reason = o.Err.Error()
	}
	return r
}

// printApply says what happened (or would happen) to one file.
func (s *scriptCmd) printApply(o gitops.Outcome, r applyResult, confirmed bool) {
	st, w := s.st, s.app.Out
	comps := strings.Join(r.Components, ", ")
	switch {
	case o.Action == gitops.ActionNone:
		fmt.Fprintf(w, "%s %s: unchanged\n", st.Muted.Render("·"), cmdutil.Inert(r.File))
	case confirmed && o.Sent && o.Err == nil && o.Action == gitops.ActionCreate:
		fmt.Fprintf(w, "%s %s: created draft %s in %s (id written into the file)\n", st.OK.Render("✓"), cmdutil.Inert(r.File), cmdutil.Inert(o.NewID), r.Target)
	case confirmed && o.Sent && o.Err == nil:
		fmt.Fprintf(w, "%s %s: updated %s in %s\n", st.OK.Render("✓"), cmdutil.Inert(r.File), comps, r.Target)
		s.printLive(r)
		s.printNotes(r)
	case confirmed && o.Sent:
		fmt.Fprintf(w, "%s %s: %s\n", st.Warning.Render("!"), cmdutil.Inert(r.File), cmdutil.InertBlock(fmt.Sprint(o.Err)))
	case o.Action == gitops.ActionPatch || o.Action == gitops.ActionCreate:
		what := "would create a draft"
		if o.Action == gitops.ActionPatch {
			what = "would update " + comps
		}
		fmt.Fprintf(w, "%s %s: %s in %s\n", st.Accent.Render("→"), cmdutil.Inert(r.File), what, r.Target)
		s.printNotes(r)
		fmt.Fprintln(w, st.Muted.Render(r.Method+" "+cmdutil.Inert(r.Path)))
		s.printLive(r)
		fmt.Fprint(w, cmdutil.InertBlock(string(gitops.Marshal(r.Body))))
	case o.Action == gitops.ActionConflict:
		fmt.Fprintf(w, "%s %s: conflict in %s: %s\n", st.Warning.Render("!"), cmdutil.Inert(r.File), cmdutil.Inert(strings.Join(o.Conflicts, ", ")), cmdutil.Inert(o.Reason))
	default:
		label := "refused"
		if o.Action == gitops.ActionError {
			label = "error"
		}
		fmt.Fprintf(w, "%s %s: %s: %s\n", st.Error.Render("✗"), cmdutil.Inert(r.File), label, cmdutil.Inert(r.Reason))
		for _, p := range r.Problems {
			fmt.Fprintf(w, "    %s: %s\n", cmdutil.Inert(cmdutil.OrRoot(p.Target)), cmdutil.Inert(p.Message))
		}
		s.printLive(applyResult{Removes: r.Removes})
	}
}

// printLive says what an update removes and, forced, what it breaks.
func (s *scriptCmd) printLive(r applyResult) {
	for _, rm := range r.Removes {
		fmt.Fprintf(s.app.Out, "    %s %s\n", s.st.Warning.Render("removes"), cmdutil.Inert(rm))
	}
	for _, p := range r.Breaks {
		fmt.Fprintf(s.app.Out, "    %s %s: %s\n", s.st.Warning.Render("breaks"), cmdutil.Inert(cmdutil.OrRoot(p.Target)), cmdutil.Inert(p.Message))
	}
}

// printNotes prints what apply chose that the file does not say.
func (s *scriptCmd) printNotes(r applyResult) {
	for _, n := range r.Notes {
		fmt.Fprintf(s.app.Out, "    %s\n", s.st.Muted.Render("note: "+n))
	}
}

func (s *scriptCmd) printApplySummary(counts map[string]int, confirmed bool) {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, what))
		}
	}
	if confirmed {
		add(counts[string(gitops.ActionPatch)], "updated")
		add(counts[string(gitops.ActionCreate)], "created")
	} else {
		add(counts[string(gitops.ActionPatch)], "to update")
		add(counts[string(gitops.ActionCreate)], "to create")
	}
	add(counts[string(gitops.ActionNone)], "unchanged")
	add(counts[string(gitops.ActionRefused)], "refused")
	add(counts[string(gitops.ActionConflict)], "in conflict")
	add(counts[string(gitops.ActionError)], "failed")
	if len(parts) == 0 {
		parts = []string{"no campaign files"}
	}
	msg := strings.Join(parts, ", ") + "."
	if !confirmed {
		msg = "Dry run, nothing sent: " + msg
		if counts[string(gitops.ActionPatch)]+counts[string(gitops.ActionCreate)] > 0 {
			msg += " Run again with --confirm to send."
		}
	}
	fmt.Fprintln(s.app.Out, msg)
}
