// Package engine is the validation engine of the Campaigns V5 spec: merge,
// the three validation phases, and the edit restrictions by state. It is pure:
// no I/O, no global state; the same input always gives the same problems.
//
// One engine serves the sandbox service, `campaigns validate` and the editor's
// live checks (decisions.md §3).
package engine

import (
	"campaigns/model"
)

// Phase is a validation phase of decisions.md §3.
type Phase int

const (
	PhaseCreate  Phase = iota + 1 // DRAFT_CREATE
	PhasePatch                    // DRAFT_PATCH
	PhasePublish                  // DRAFT_PUBLISH
)

func (p Phase) String() string {
	switch p {
	case PhaseCreate:
		return "DRAFT_CREATE"
	case PhasePatch:
		return "DRAFT_PATCH"
	case PhasePublish:
		return "DRAFT_PUBLISH"
	}
	return "UNKNOWN"
}

// ParsePhase reads the --phase names of `campaigns validate`.
func ParsePhase(s string) (Phase, bool) {
	switch s {
	case "create":
		return PhaseCreate, true
	case "patch":
		return PhasePatch, true
	case "publish":
		return PhasePublish, true
	}
	return 0, false
}

// Features are the workspace features that change validation.
type Features struct {
	AudienceLimit bool
	Versioning    bool
}

// Options are the workspace settings a validation runs under.
type Options struct {
	Features Features
}

// Problem is one failed rule. Target follows decisions.md §4: the dotted JSON
// path from the body's root with array indices in brackets.
type Problem struct {
	Rule    string `json:"rule"`
	Target  string `json:"target"`
	Message string `json:"message"`
}

// Refusal is the 409-class answer: the campaign's state allows no edit.
type Refusal struct {
	State   string
	Message string
}

// PatchResult is what a component update comes to.
type PatchResult struct {
	Merged   *model.Campaign
	Problems []Problem
	// Refusal is set when the state allows no edit at all (409).
	Refusal *Refusal
}

// Merge applies a component-update body to a stored campaign: every submitted
// top-level component replaces the stored one whole, omitted components keep
// their stored value, and submitted top-level scalars (channel, delivery type,
// updated_by) replace theirs. Neither argument is changed; the result shares
// no memory with them.
func Merge(stored, patch *model.Campaign) *model.Campaign {
	out := model.Clone(stored)
	if out == nil {
		out = &model.Campaign{}
	}
	if patch == nil {
		return out
	}
	p := model.Clone(patch)
	model.MergeInto(out, p)
	return out
}

// Validate checks a whole campaign document in a phase: a create body with
// PhaseCreate, a stored campaign with PhasePublish. Every problem is reported,
// not only the first, in a stable order.
func Validate(c *model.Campaign, phase Phase, opts Options) []Problem {
	return nil // the rules arrive with issue #2
}

// ValidatePatch applies a component-update body to a stored campaign in the
// given state: merge, DRAFT_PATCH on every submitted component against the
// merged campaign, then the edit restrictions of the state table
// (decisions.md §2 row 1).
func ValidatePatch(stored, patch *model.Campaign, state string, opts Options) PatchResult {
	return PatchResult{Merged: Merge(stored, patch)}
}
