// Package engine is the validation engine of the Campaigns V5 spec: merge,
// the three validation phases, and the edit restrictions by state. It is pure:
// no I/O, no state that changes an answer; the same input always gives the
// same problems.
//
// One engine serves the sandbox service, `campaigns validate` and the editor's
// live checks (decisions.md §3).
package engine

import (
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
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
	// MaxProblems, when above zero, stops collecting problems past that
	// many: the rest are only counted, and the list ends with one problem
	// of rule RuleMoreProblems saying how many more there were. A service
	// answering hostile bodies sets it so that neither its answer nor its
	// memory grows with the body (a body of 300,000 empty objects has
	// 600,000 problems). Memo ignores it: the editor shows every problem.
	MaxProblems int
}

// RuleMoreProblems is the rule of the problem that ends a list capped by
// Options.MaxProblems: "and N more problems". It is not a rule of the
// campaign, so it is not among Rules.
const RuleMoreProblems RuleID = "engine.more_problems"

// MoreProblems is the problem that stands for n problems left out.
func MoreProblems(n int) Problem {
	return Problem{Rule: RuleMoreProblems, Target: "body", Message: "and " + strconv.Itoa(n) + " more problems"}
}

// Omitted is how many problems a capped list left out (0 when it was not
// capped): the count of its closing RuleMoreProblems problem.
func Omitted(ps []Problem) (shown []Problem, omitted int) {
	if n := len(ps); n > 0 && ps[n-1].Rule == RuleMoreProblems {
		count, _, _ := strings.Cut(strings.TrimPrefix(ps[n-1].Message, "and "), " ")
		omitted, _ = strconv.Atoi(count)
		return ps[:n-1], omitted
	}
	return ps, 0
}

// Problem is one failed rule. Target follows decisions.md §4: the dotted JSON
// path from the body's root with array indices in brackets.
//
// A problem is data: what a screen says about it (the field's label, a plain
// sentence) is made from these fields in one place (forms.Describe), never
// by reading Message.
type Problem struct {
	Rule    RuleID `json:"rule"` // a rule of rules.go, or a code the service gave
	Target  string `json:"target"`
	Message string `json:"message"` // the API's words, made from Template
	// Value is the value at Target that broke the rule, as sent, when the
	// rule is about a value (not a missing field); for state.locked, the
	// campaign's state; for a sum, the sum.
	Value string `json:"value,omitempty"`
	// Allowed lists the values the field accepts, when they are a list.
	Allowed []string `json:"allowed,omitempty"`
	// Missing says the field is missing (or empty) where it is required:
	// the fix is to fill it in.
	Missing bool `json:"missing,omitempty"`
	// Template is the message with the keys it names marked (message.go);
	// empty for a problem the engine did not make.
	Template string `json:"-"`
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
	if c == nil {
		c = &model.Campaign{}
	}
	k := newChecker(c, phase, opts)
	checkTop(k, c, nil)
	checkComponents(k, c)
	if phase == PhasePublish {
		for _, r := range publishRules {
			r.check(k)
		}
	}
	return k.result()
}

// checkComponents validates in full every component present in body (the
// document as sent), reading conditions from the checker's campaign.
func checkComponents(k *checker, body *model.Campaign) {
	for i := range components {
		comp := &components[i]
		if inv, bad := body.Extra.Invalid[comp.name]; bad {
			k.add(RuleJSONType, comp.name, ref(comp.name)+" must be "+article(inv.Want)+", not "+jsonKind(inv.Value)+".")
			continue
		}
		if comp.sent(body) {
			comp.check(k)
		}
	}
}

// ValidatePatch applies a component-update body to a stored campaign in the
// given state: merge, DRAFT_PATCH on every submitted component against the
// merged campaign, then the edit restrictions of the state table
// (decisions.md §2 row 1).
func ValidatePatch(stored, patch *model.Campaign, state string, opts Options) PatchResult {
	merged := Merge(stored, patch)
	if patch == nil {
		patch = &model.Campaign{}
	}
	if stored == nil {
		stored = &model.Campaign{}
	}
	locked, all := Locked(state)
	if all {
		return PatchResult{Merged: merged, Refusal: &Refusal{
			State:   state,
			Message: "Campaign is in " + stateName(state) + " state and cannot be patched: no field can be edited in this state.",
		}}
	}
	k := newChecker(merged, PhasePatch, opts)
	// Edits the state forbids come first: they are the reason for the
	// refusal, so error.target names the locked field (decisions.md §2 row 1)
	// even when the new value breaks other rules too.
	for _, target := range locked {
		if lockedChanged(stored, patch, target) {
			k.addValue(RuleStateLocked, target, ref(target)+" cannot be changed while the campaign is "+lit(state)+"; send it with its stored value or leave it out.", state, nil)
		}
	}
	checkTop(k, patch, stored)
	checkComponents(k, patch)
	return PatchResult{Merged: merged, Problems: k.result()}
}

func stateName(s string) string {
	if s == "" {
		return "an unknown"
	}
	return s
}

// lockedChanged reports whether patch edits a locked target. A locked field
// sent with its stored value is not an edit: whole parent objects are resent
// by design.
func lockedChanged(stored, patch *model.Campaign, target string) bool {
	switch target {
	case "trigger_condition":
		return patch.TriggerCondition != nil && !model.Equal(patch.TriggerCondition, stored.TriggerCondition)
	case "segmentation_details":
		return patch.SegmentationDetails != nil && !model.Equal(patch.SegmentationDetails, stored.SegmentationDetails)
	case "conversion_goal_details":
		return patch.ConversionGoalDetails != nil && !model.Equal(patch.ConversionGoalDetails, stored.ConversionGoalDetails)
	case "scheduling_details.delivery_type", "scheduling_details.start_time":
		p := patch.SchedulingDetails
		if p == nil {
			return false
		}
		s := stored.SchedulingDetails
		if s == nil {
			s = &model.Scheduling{}
		}
		if target == "scheduling_details.delivery_type" {
			return !sameStr(p.DeliveryType, s.DeliveryType) || wrongType(&p.Extra, "delivery_type")
		}
		return !sameStr(p.StartTime, s.StartTime) || wrongType(&p.Extra, "start_time")
	}
	return false
}

func sameStr(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
