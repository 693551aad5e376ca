package ops

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Verdict is the core's judgement of one component update before anything
// is sent (decisions.md §2 rows 1 and "writes to live campaigns").
type Verdict struct {
	// State is the stored campaign's status (DRAFT when it has none).
	State string
	// Merged is the campaign as it would be after the write, request form.
	Merged *model.Campaign
	// Refusal is set when the state allows no edit at all (409).
	Refusal *engine.Refusal
	// Problems are the update's own problems (DRAFT_PATCH and the state
	// table): they always refuse it.
	Problems []engine.Problem
	// Introduced are the publish-phase problems the write would bring into
	// a campaign that is not DRAFT (absent before it): they refuse it
	// unless the person forces it.
	Introduced []engine.Problem
	// Changes say what the write changes, component by component, and
	// Removes what it takes away (locales, variations, platforms, buttons,
	// slides), in words.
	Changes, Removes []string
	// Body is what the update sends: the request form, an unchanged
	// read-form schedule left out, the campaign's channel and type named.
	Body *model.Campaign
	// Notes say what the core chose that the patch does not say itself
	// (the request form a changed read-form schedule goes in, and why).
	Notes []string
}

// Live reports a campaign past DRAFT: what recipients may already receive.
func (v Verdict) Live() bool { return v.State != model.StatusDraft }

// Blocked reports whether the write must not be sent; force lets a write
// through that only introduces problems into a live campaign.
func (v Verdict) Blocked(force bool) bool {
	return v.Refusal != nil || len(v.Problems) > 0 || (len(v.Introduced) > 0 && !force)
}

// Refused is the verdict as the error the doors show; nil when the write
// may go.
func (v Verdict) Refused(force bool) *Refused {
	switch {
	case v.Refusal != nil:
		return &Refused{Code: CodeState, Reason: v.Refusal.Message}
	case len(v.Problems) > 0:
		return &Refused{Code: CodeInvalid, Problems: v.Problems,
			Reason: "the update does not pass the checks for a " + v.State + " campaign"}
	case len(v.Introduced) > 0 && !force:
		return &Refused{Code: CodeBreaksLive, Problems: v.Introduced, Removes: v.Removes,
			Reason: fmt.Sprintf("the update would break the %s campaign: %s (it could not be published like this)",
				v.State, model.Count(len(v.Introduced), "new problem"))}
	}
	return nil
}

// CheckPatch judges a component update of stored (both as the service or a
// file gives them: read or request form). Nothing is sent.
func CheckPatch(stored, patch *model.Campaign, opts engine.Options) Verdict {
	state := model.StatusDraft
	if stored.Status != nil && *stored.Status != "" {
		state = *stored.Status
	}
	before, read := Read(stored, nil)
	body, notes, unsendable := requestBody(patch, stored)
	res := engine.ValidatePatch(before, body, state, opts)
	v := Verdict{State: state, Merged: res.Merged, Refusal: res.Refusal, Body: body, Notes: notes,
		Problems: append(unsendable, read.LeaveToService(res.Problems)...)}
	patch = body
	if v.Merged == nil {
		v.Merged = engine.Merge(before, patch)
	}
	v.Changes = Changes(before, v.Merged)
	v.Removes = Removals(before, v.Merged)
	if v.Live() && v.Refusal == nil {
		v.Introduced = Introduced(before, v.Merged, opts)
	}
	return v
}

// Introduced lists the publish-phase problems of after that before did not
// have (the same rule at the same target): what a write would break.
// Problems before had do not count, so they never block unrelated writes.
func Introduced(before, after *model.Campaign, opts engine.Options) []engine.Problem {
	type key struct {
		rule   engine.RuleID
		target string
	}
	had := map[key]bool{}
	for _, p := range engine.Validate(before, engine.PhasePublish, opts) {
		had[key{p.Rule, p.Target}] = true
	}
	var out []engine.Problem
	for _, p := range engine.Validate(after, engine.PhasePublish, opts) {
		if !had[key{p.Rule, p.Target}] {
			out = append(out, p)
		}
	}
	return out
}

// Codes of a Refused.
const (
	CodeState         = "STATE"         // the state allows no such edit or action
	CodeInvalid       = "INVALID"       // the write's own problems
	CodeBreaksLive    = "BREAKS_LIVE"   // it would break a live campaign (force to send it)
	CodeNotDraft      = "NOT_DRAFT"     // publish of a campaign that is not a draft
	CodeNotAllowed    = "NOT_ALLOWED"   // a status action the campaign does not allow
	CodeUnpublishable = "UNPUBLISHABLE" // publish of a draft that is not complete
)

// Refused is a write the core refused before sending: nothing was sent.
type Refused struct {
	Code     string
	Reason   string
	Problems []engine.Problem
	// Removes is what the refused write would have removed, in words.
	Removes []string
	// Allowed are the status actions the campaign allows now.
	Allowed []string
}

func (e *Refused) Error() string {
	var b strings.Builder
	b.WriteString(e.Reason)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.Target + ": " + p.Message)
	}
	return b.String()
}
