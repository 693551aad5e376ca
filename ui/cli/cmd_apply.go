package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
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

func newApplyCmd(app *appContext) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "apply FILE|DIR...",
		Short: "Send the changes of campaign files to the service (a dry run without --confirm)",
		Long: `Compares each campaign file with the service and, without --confirm, prints
per file exactly the component PATCH (or the create) it would send, changing
nothing. With --confirm it sends them:

  - only the components that differ, each whole;
  - validated locally first with the state's edit rules (a file that does
    not pass is reported with its problems and not sent);
  - a file without campaign_id creates a draft, and the new campaign_id is
    written into the file;
  - a component changed on the service since the file was exported is a
    conflict and is not overwritten (re-export, or --force);
  - a campaign that is not a draft is checked whole with the publish rules:
    an update that would bring in a problem it did not have (a platform's
    content or a locale gone, a template that no longer parses) is refused
    with the problems unless --force; what an update removes is listed in
    words, in the dry run too;
  - every line names the service and workspace the file goes to;
  - paced under the service's update and create rate limits (a progress bar
    on a terminal).

After a send the file is rewritten with the service's record, so a second
apply sends nothing. The request_id shown is the one sent (also as the
Idempotency-Key): it is derived from the file, the body and the campaign's
version, so a re-run after an interruption is answered from the service's
idempotency store instead of being applied twice.

Exit status: 0 all applied (or, in a dry run, all could be), 1 some file
refused or in conflict, 2 error (an unreadable file — the others are still
processed —, an unknown id, unreachable).`,
		Example: `  campaigns apply campaigns/            # dry run
  campaigns apply campaigns/ --confirm
  campaigns apply campaigns/new-promo.json --confirm --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return commandLineError(fmt.Errorf("give the campaign files or folders to apply"))
			}
			return nil
		},
	}
	s := newScriptCmd(app, cmd)
	confirm := cmd.Flags().Bool("confirm", false, "send the changes (without it: a dry run)")
	force := cmd.Flags().Bool("force", false, "overwrite components that changed on the service since the export,\nand send an update that brings new problems into a live campaign")
	jsonOut := cmd.Flags().Bool("json", false, "print one JSON object per file: action, components, body, problems")
	features := addFeaturesFlag(cmd)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if err := features.check(); err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		if *confirm {
			if err := s.svc.requireWrite(); err != nil {
				return err
			}
		}
		feats, err := features.resolve(s.svc)
		if err != nil {
			return err
		}
		files, bad := s.collectFiles(args)
		if len(files) == 0 && !bad {
			return noFiles(args)
		}
		pl := &gitops.Planner{Core: s.core(feats), Force: *force}

		b := s.startBusy(fmt.Sprintf("Comparing %d file(s) with %s…", len(files), s.svc.Label))
		plans := make([]gitops.Plan, 0, len(files))
		for _, f := range files {
			p := pl.Plan(ctx, f)
			if p.Action == gitops.ActionError && api.IsUnreachable(p.Err) {
				b.stop()
				return s.serviceError(p.Err)
			}
			plans = append(plans, p)
		}
		b.stop()

		outcomes := make([]gitops.Outcome, len(plans))
		for i, p := range plans {
			outcomes[i] = gitops.Outcome{Plan: p}
		}
		if *confirm {
			sendable := 0
			for _, p := range plans {
				if p.Action == gitops.ActionPatch || p.Action == gitops.ActionCreate {
					sendable++
				}
			}
			bar := s.newProgress()
			s.progress = bar
			sent := 0
			for i, p := range plans {
				if p.Action != gitops.ActionPatch && p.Action != gitops.ActionCreate {
					continue
				}
				bar.Set(sent, sendable, p.File.Path)
				outcomes[i] = pl.Apply(ctx, p)
				sent++
				bar.Set(sent, sendable, p.File.Path)
				if o := outcomes[i]; o.Err != nil && api.IsUnreachable(o.Err) {
					bar.Clear()
					return s.serviceError(o.Err)
				}
			}
			bar.Clear()
			s.progress = nil
		}

		results := make([]applyResult, 0, len(outcomes))
		counts := map[string]int{}
		refused, failed := 0, 0
		for _, o := range outcomes {
			r := resultOf(o, pl.Core.Target())
			results = append(results, r)
			counts[r.Action]++
			// A file is refused (its problems printed, exit 1) or failed
			// (an error, exit 2), never both and never counted twice.
			switch {
			case o.Action == gitops.ActionRefused || o.Action == gitops.ActionConflict:
				refused++
			case o.Action == gitops.ActionError || o.Err != nil:
				failed++
			}
		}
		if *jsonOut {
			if err := printJSON(app.Out, results); err != nil {
				return usageError("%v", err)
			}
		} else {
			for i, o := range outcomes {
				s.printApply(o, results[i], *confirm)
			}
			s.printApplySummary(counts, *confirm)
		}
		switch {
		case bad || failed > 0:
			return &exitError{Code: exitUsage, Err: errSilent}
		case refused > 0:
			return &exitError{Code: exitRefused, Err: errSilent}
		}
		return nil
	}
	return cmd
}

func resultOf(o gitops.Outcome, t ops.Target) applyResult {
	r := applyResult{Target: t, Removes: o.Removes, File: o.File.Path, CampaignID: o.CampaignID, Action: string(o.Action), Sent: o.Sent,
		Components: gitops.Names(o.Changes), Conflicts: o.Conflicts, Reason: o.Reason, Notes: o.Notes}
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
		fmt.Fprintf(w, "%s %s: unchanged\n", st.Muted.Render("·"), r.File)
	case confirmed && o.Sent && o.Err == nil && o.Action == gitops.ActionCreate:
		fmt.Fprintf(w, "%s %s: created draft %s in %s (id written into the file)\n", st.OK.Render("✓"), r.File, o.NewID, r.Target)
	case confirmed && o.Sent && o.Err == nil:
		fmt.Fprintf(w, "%s %s: updated %s in %s\n", st.OK.Render("✓"), r.File, comps, r.Target)
		s.printLive(r)
		s.printNotes(r)
	case confirmed && o.Sent:
		fmt.Fprintf(w, "%s %s: %v\n", st.Warning.Render("!"), r.File, o.Err)
	case o.Action == gitops.ActionPatch || o.Action == gitops.ActionCreate:
		what := "would create a draft"
		if o.Action == gitops.ActionPatch {
			what = "would update " + comps
		}
		fmt.Fprintf(w, "%s %s: %s in %s\n", st.Accent.Render("→"), r.File, what, r.Target)
		s.printNotes(r)
		fmt.Fprintln(w, st.Muted.Render(r.Method+" "+r.Path))
		s.printLive(r)
		fmt.Fprint(w, string(gitops.Marshal(r.Body)))
	case o.Action == gitops.ActionConflict:
		fmt.Fprintf(w, "%s %s: conflict in %s: %s\n", st.Warning.Render("!"), r.File, strings.Join(o.Conflicts, ", "), o.Reason)
	default:
		label := "refused"
		if o.Action == gitops.ActionError {
			label = "error"
		}
		fmt.Fprintf(w, "%s %s: %s: %s\n", st.Error.Render("✗"), r.File, label, r.Reason)
		for _, p := range r.Problems {
			fmt.Fprintf(w, "    %s: %s\n", orRoot(p.Target), p.Message)
		}
		s.printLive(applyResult{Removes: r.Removes})
	}
}

// printLive says what an update removes and, forced, what it breaks.
func (s *scriptCmd) printLive(r applyResult) {
	for _, rm := range r.Removes {
		fmt.Fprintf(s.app.Out, "    %s %s\n", s.st.Warning.Render("removes"), rm)
	}
	for _, p := range r.Breaks {
		fmt.Fprintf(s.app.Out, "    %s %s: %s\n", s.st.Warning.Render("breaks"), orRoot(p.Target), p.Message)
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
