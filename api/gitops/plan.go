package gitops

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Action is what apply does with a file.
type Action string

const (
	ActionNone     Action = "unchanged" // the file matches the service
	ActionPatch    Action = "patch"     // a component PATCH of the changed components
	ActionCreate   Action = "create"    // a new draft from a file without campaign_id
	ActionRefused  Action = "refused"   // local validation or the state table says no
	ActionConflict Action = "conflict"  // the service changed since the export
	ActionError    Action = "error"     // the campaign could not be read
)

// Plan is what apply would do with one file.
type Plan struct {
	File       *File
	CampaignID string
	State      string // the service's status ("" for a create)
	Action     Action
	// Changes are the components that differ (for a create: every component
	// of the body).
	Changes []Change
	// Body is exactly what would be sent, request_id included; RequestID
	// is also the request's Idempotency-Key.
	Body      map[string]any
	RequestID string
	// Conflicts are the changed components when the service's record was
	// updated after the file's updated_at.
	Conflicts []string
	// Problems are the local validation's findings; Reason says in words why
	// a file is refused, has a conflict or failed.
	Problems []engine.Problem
	Reason   string
	// Notes say what the plan chose that the file does not say itself:
	// the request form a changed read-form schedule is sent in, and why.
	Notes []string
	Err   error
	// Service is the service's record the plan was made against, and ETag
	// its version's ETag when the service sends one.
	Service map[string]any
	ETag    string
	// Removes says in words what the update takes away (locales,
	// variations, platforms, buttons, slides); Breaks are the problems it
	// would bring into a live campaign (sent only with Force).
	Removes []string
	Breaks  []engine.Problem
	// Base is the service copy the file was made from (nil: none is kept,
	// the file is compared with the service two ways).
	Base map[string]any
	// Fields are the fields that differ, each with its base, file and
	// service value; FieldConflicts those changed on both sides
	// differently (with Force, the file's value was taken).
	Fields         []Field
	FieldConflicts []FieldConflict
	// Drift are the components the service changed since the base that the
	// file does not show yet (apply keeps them; re-export to see them).
	Drift []string
}

// Planner compares files with the service; every read and write goes
// through its core (pacing, the request form, the checks by state, the
// author).
type Planner struct {
	Core *ops.Core
	// Force sends components that changed on the service since the export
	// (overwriting those changes) instead of reporting a conflict, and an
	// update that would introduce problems into a live campaign.
	Force bool

	// cache holds records read by Prefetch, by campaign_id.
	cache map[string]map[string]any
}

// Fetch reads a campaign's record as a JSON tree, paced.
func (pl *Planner) Fetch(ctx context.Context, id string) (map[string]any, error) {
	tree, _, err := pl.fetch(ctx, id)
	return tree, err
}

// record is the service's record of a campaign: the prefetched one when
// there is one (no ETag then), else a GET.
func (pl *Planner) record(ctx context.Context, id string) (map[string]any, string, error) {
	if rec, ok := pl.cache[id]; ok {
		return rec, "", nil
	}
	return pl.fetch(ctx, id)
}

// fetch is Fetch with the record's ETag ("" when the service sends none).
func (pl *Planner) fetch(ctx context.Context, id string) (map[string]any, string, error) {
	c, etag, err := pl.Core.Get(ctx, id)
	if err != nil {
		return nil, "", err
	}
	tree, _ := model.ToTree(c).(map[string]any)
	if tree == nil {
		tree = map[string]any{}
	}
	return tree, etag, nil
}

// Diff compares one file with the service without judging it: the changed
// components, and the conflicts when the service moved on since the export.
func (pl *Planner) Diff(ctx context.Context, f *File) Plan {
	p := Plan{File: f, CampaignID: f.CampaignID()}
	if p.CampaignID == "" {
		p.Action = ActionCreate
		p.Body = createBody(f.Tree)
		for _, k := range sortedKeys(p.Body) {
			p.Changes = append(p.Changes, Change{Component: k, File: p.Body[k], InFile: true})
		}
		return p
	}
	base, err := LoadBase(f.Path, p.CampaignID)
	if err != nil {
		p.Action, p.Err, p.Reason = ActionError, err, err.Error()
		return p
	}
	svc, etag, err := pl.record(ctx, p.CampaignID)
	if err == nil && etag == "" && !agrees(base, f.Tree, svc) {
		// Read by search, and not what the export saw: a change on the
		// service is confirmed by GET (a search may answer a summary or
		// an older version) before it is reported or merged.
		svc, etag, err = pl.fetch(ctx, p.CampaignID)
	}
	if err != nil {
		p.Action, p.Err = ActionError, err
		if api.StatusOf(err) == http.StatusNotFound {
			p.Reason = "campaign " + p.CampaignID + " is not on the service: " + err.Error()
		} else {
			p.Reason = err.Error()
		}
		return p
	}
	p.Service, p.ETag = svc, etag
	p.State = str(svc["status"])
	if base != nil {
		pl.threeWay(&p, base)
		return p
	}
	p.Fields = Fields(nil, f.Tree, svc)
	p.Changes = Compare(f.Tree, svc)
	if len(p.Changes) == 0 {
		p.Action = ActionNone
		return p
	}
	p.Action = ActionPatch
	if pl.Force {
		return p
	}
	fu, su := f.UpdatedAt(), str(svc["updated_at"])
	switch {
	case fu != "" && su != "" && fu != su:
		p.Reason = fmt.Sprintf("the campaign changed on the service at %s, after this file was exported (updated_at %s), and no base is kept beside the file (%s) to tell your changes from the service's; re-export it and redo your edit, or apply with --force to overwrite", su, fu, BaseDir)
	case fu == "" && f.Tree["created_at"] != nil:
		// A service copy written by apply, which leaves out the updated_at
		// only the service knows (see written): its version is unknown.
		p.Reason = fmt.Sprintf("the file is a service copy that names no version (no updated_at) and its base (%s) is gone, so your changes cannot be told from the service's; restore the base, re-export and redo your edit, or apply with --force to overwrite", BaseDir)
	default:
		return p
	}
	p.Conflicts = Names(p.Changes)
	p.Action = ActionConflict
	return p
}

// agrees reports whether a service record is the one the file was made
// from: the base when one is kept, else the file itself.
func agrees(base, file, svc map[string]any) bool {
	if base != nil {
		return equal(components(base), components(svc))
	}
	return equal(components(file), components(svc))
}

// Plan compares a file with the service and decides: nothing, a PATCH of
// the changed components (each whole), a create, or a refusal with the
// reason. The local engine runs first, with the service's state table.
func (pl *Planner) Plan(ctx context.Context, f *File) Plan {
	p := pl.Diff(ctx, f)
	switch p.Action {
	case ActionCreate:
		body := new(model.Campaign)
		if err := model.FromTree(p.Body, body); err != nil {
			p.Action, p.Reason = ActionRefused, err.Error()
			return p
		}
		if !p.createForm(body) {
			return p
		}
		if probs := pl.Core.Validate(body, engine.PhaseCreate); len(probs) > 0 {
			p.Action, p.Problems = ActionRefused, probs
			p.Reason = "the file does not pass the create checks"
			return p
		}
		p.withRequestID("")
		return p
	case ActionPatch:
	default:
		return p
	}
	var removed []string
	p.Body = map[string]any{}
	for _, c := range p.Changes {
		if c.Removed() {
			removed = append(removed, c.Component)
			continue
		}
		p.Body[c.Component] = c.File
	}
	if ch := str(p.Service["channel"]); ch != model.ChannelPush && ch != model.ChannelEmail {
		p.Action = ActionRefused
		p.Reason = ch + " campaigns can be read but not updated through V5; only PUSH and EMAIL can"
		return p
	}
	if len(removed) > 0 {
		p.Action = ActionRefused
		p.Reason = fmt.Sprintf("the file leaves out %v, which the service has; a component update cannot remove a component (put it back, or remove it in the editor)", removed)
		return p
	}
	stored, patch := new(model.Campaign), new(model.Campaign)
	_ = model.FromTree(p.Service, stored) // both are JSON objects
	_ = model.FromTree(p.Body, patch)
	// The core checks the request form (GET shows a published campaign's
	// schedule in the read form) by the campaign's state, and a live
	// campaign for what the update would break. The body is what the core
	// sends: a changed read-form schedule in the request form (the notes
	// say which and why), the campaign's channel and type named.
	v := pl.Core.Check(stored, patch)
	p.Removes, p.Breaks, p.Notes = v.Removes, v.Introduced, v.Notes
	if ref := v.Refused(pl.Force); ref != nil {
		p.Action, p.Problems, p.Reason = ActionRefused, ref.Problems, ref.Reason
		if ref.Code == ops.CodeBreaksLive {
			p.Reason += "; fix the file, or apply with --force if you mean it"
		}
		return p
	}
	if body, ok := model.ToTree(v.Body).(map[string]any); ok {
		p.Body = body // exactly what the core will send
	}
	// The request id hangs on the version compared against (its
	// updated_at, the same whether read by search or by GET).
	p.withRequestID(str(p.Service["updated_at"]))
	return p
}

// createForm puts a create body read from a GET (the read form) in the
// request form, saying which and why; it refuses the plan (false) when the
// read form does not give what a create needs (a periodic schedule's date).
func (p *Plan) createForm(body *model.Campaign) bool {
	conv, r := ops.Read(body, nil)
	if slices.Contains(r.Missing, "scheduling_details.start_time") {
		p.Action = ActionRefused
		p.Problems = []engine.Problem{{Rule: "read_form", Target: "scheduling_details.start_time",
			Message: "scheduling_details is in the service's read form, which gives only the time of day of a periodic schedule: give start_time (a full date-time) and timezone."}}
		p.Reason = "the schedule cannot be sent in the request form"
		return false
	}
	if r.ReadForm() {
		*body = *conv
		p.Body["scheduling_details"] = model.ToTree(conv.SchedulingDetails)
		p.Notes = append(p.Notes, r.Sentence()+"; it is sent in that form")
	}
	return true
}

// withRequestID gives the body its request_id (see stableUUID).
func (p *Plan) withRequestID(base string) {
	p.RequestID = stableUUID(p.File.Path, Marshal(p.Body), base)
	p.Body["request_id"] = p.RequestID
}

// createBody is the file without what only the service sets (created_by
// stays: a create names its author).
func createBody(tree map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range tree {
		if (!model.IsServiceOwned(k) || k == "created_by") && v != nil { // create needs created_by
			out[k] = v
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortComponents(keys)
	return keys
}

func problem(d api.ErrorDetail) engine.Problem {
	return engine.Problem{Rule: "service", Target: d.Target, Message: d.Message}
}
