package files

import (
	"fmt"
	"net/http"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignfiles"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/cireport"
)

// result is one file of apply --json.
type result struct {
	ops.Target
	File       string             `json:"file"`
	CampaignID string             `json:"campaign_id"`
	Action     string             `json:"action"` // unchanged, patch, create, refused, conflict, error
	Sent       bool               `json:"sent"`
	Components []string           `json:"components"`
	Conflicts  []string           `json:"conflicts,omitempty"`
	Fields     []gitops.Field     `json:"conflict_fields,omitempty"`
	Method     string             `json:"method,omitempty"`
	Path       string             `json:"path,omitempty"`
	Body       map[string]any     `json:"body,omitempty"`
	Reason     string             `json:"reason,omitempty"`
	Problems   []cireport.Problem `json:"problems,omitempty"`
	// Removes says in words what the update takes away; Breaks are the
	// problems it brings into a live campaign (sent only with --force).
	Removes []string           `json:"removes,omitempty"`
	Breaks  []cireport.Problem `json:"breaks_live_campaign,omitempty"`
	// Notes say what apply chose that the file does not say (the request
	// form a changed read-form schedule is sent in, and why).
	Notes []string `json:"notes,omitempty"`
}

// verdict is what one outcome counts as in the exit status.
type verdict int

const (
	fine    verdict = iota // unchanged, sent, or (dry run) sendable
	refused                // refused, in conflict, or unknown to the service: exit 1
	failed                 // an error, or sent without the file rewritten: exit 2
)

// verdictOf classifies an outcome once, for the exit status: each
// outcome counts as one of fine, refused or failed, never two.
func verdictOf(o gitops.Outcome) verdict {
	switch {
	case o.Action == gitops.ActionRefused, o.Action == gitops.ActionConflict:
		return refused
	case o.Action == gitops.ActionError && api.StatusOf(o.Plan.Err) == http.StatusNotFound:
		return refused // a campaign the service does not have, as get and diff say
	case o.Action == gitops.ActionError, o.Err != nil:
		return failed // unreadable, or sent without the file rewritten
	}
	return fine
}

// report prints the outcomes in the chosen form and gives the exit status.
func report(opts *ApplyOptions, svc *cmdutil.Service, pl *gitops.Planner, outcomes []gitops.Outcome, set *gitops.Set, bad bool) error {
	results := make([]result, 0, len(outcomes))
	counts := map[string]int{}
	var nRefused, nFailed int
	ci := cireport.New(svc.Label, svc.Workspace)
	for _, o := range outcomes {
		res := resultOf(o, pl.Core.Target())
		results = append(results, res)
		counts[res.Action]++
		switch verdictOf(o) {
		case refused:
			nRefused++
		case failed:
			nFailed++
		}
		ci.Add(ciOf(o, res, opts.Confirm))
	}
	for _, o := range set.Orphans {
		nRefused++
		ci.Add(campaignfiles.Orphan(o))
	}
	campaignfiles.AddUnreadable(ci, set)
	printed, err := opts.JSON, error(nil)
	if opts.JSON {
		err = cmdutil.PrintJSON(opts.IO.Out, results)
	} else {
		printed, err = ci.Print(opts.IO.Out, opts.Output, "apply")
	}
	if !printed {
		p := printer{w: opts.IO.Out, st: opts.IO.OutStyles(), confirmed: opts.Confirm}
		for i, o := range outcomes {
			p.outcome(o, results[i])
		}
		for _, o := range set.Orphans {
			fmt.Fprintf(opts.IO.Out, "%s %s\n", p.st.Warning.Render("! on the service, not in the repository:"), campaignfiles.OrphanReason(o))
		}
		p.summary(counts)
	}
	if err != nil {
		return cmdutil.UsageError("%v", err)
	}
	return cireport.Exit(bad || nFailed > 0, nRefused > 0)
}

// ciOf is one outcome in the CI report.
func ciOf(o gitops.Outcome, r result, confirmed bool) cireport.File {
	f := cireport.File{File: r.File, CampaignID: r.CampaignID, Components: r.Components, Reason: r.Reason}
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
		f.Conflicts = campaignfiles.ConflictFields(o.Plan)
		f.Problems = campaignfiles.ConflictProblems(o.Plan)
	case o.Action == gitops.ActionRefused:
		f.Status = "refused"
	default:
		f.Status = "error"
	}
	f.Problems = append(f.Problems, r.Problems...)
	if o.Action == gitops.ActionRefused {
		f.Problems = cireport.Locate(r.File, f.Problems)
	}
	return f
}

func resultOf(o gitops.Outcome, t ops.Target) result {
	r := result{Target: t, Removes: o.Removes, File: o.File.Path, CampaignID: o.CampaignID, Action: string(o.Action), Sent: o.Sent,
		Components: gitops.Names(o.Changes), Conflicts: o.Conflicts, Reason: o.Reason, Notes: o.Notes, Fields: campaignfiles.ConflictFields(o.Plan),
		Problems: problems(o.Problems), Breaks: problems(o.Breaks)}
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
	if o.Err != nil && r.Reason == "" {
		r.Reason = o.Err.Error()
	}
	return r
}

// problems are the engine's problems as apply prints them: target and
// message.
func problems(ps []engine.Problem) []cireport.Problem {
	var out []cireport.Problem
	for _, p := range ps {
		out = append(out, cireport.Problem{Target: p.Target, Message: p.Message})
	}
	return out
}
