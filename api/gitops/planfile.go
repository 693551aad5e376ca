package gitops

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/campaigns-cli/campaigns/api"
)

// PlanFormat is the version of the plan file format.
const PlanFormat = 1

// PlanFile is what `apply --plan FILE` writes and `apply FILE --confirm`
// sends: the exact requests, each with the updated_at of the service copy
// it was planned against, for one service and workspace.
type PlanFile struct {
	Format    int         `json:"format"`
	Service   string      `json:"service"`
	Workspace string      `json:"workspace"`
	Entries   []PlanEntry `json:"entries"`
}

// PlanEntry is one request of a plan.
type PlanEntry struct {
	File       string   `json:"file"`
	CampaignID string   `json:"campaign_id,omitempty"`
	Action     Action   `json:"action"` // patch or create
	Method     string   `json:"method"`
	Path       string   `json:"path"`
	Components []string `json:"components"`
	// UpdatedAt is the service copy's updated_at when the plan was made
	// ("" for a create).
	UpdatedAt string         `json:"updated_at,omitempty"`
	RequestID string         `json:"request_id"`
	Body      map[string]any `json:"body"`
}

// NewPlanFile keeps the plans that send something.
func NewPlanFile(service, workspace string, plans []Plan) *PlanFile {
	pf := &PlanFile{Format: PlanFormat, Service: service, Workspace: workspace, Entries: []PlanEntry{}}
	for _, p := range plans {
		e := PlanEntry{File: p.File.Path, CampaignID: p.CampaignID, Action: p.Action,
			Components: Names(p.Changes), RequestID: p.RequestID, Body: p.Body}
		switch p.Action {
		case ActionPatch:
			e.Method, e.Path, e.UpdatedAt = "PATCH", api.PathCampaigns+"/"+p.CampaignID, str(p.Service["updated_at"])
		case ActionCreate:
			e.Method, e.Path = "POST", api.PathCampaigns
		default:
			continue
		}
		pf.Entries = append(pf.Entries, e)
	}
	return pf
}

// Write saves the plan in the stable format.
func (pf *PlanFile) Write(path string) error {
	return Save(path, pf)
}

// ReadPlan reads a plan file.
func ReadPlan(path string) (*PlanFile, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, cleanPathErr(err)
	}
	var pf PlanFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // bodies keep their numbers exact
	if err := dec.Decode(&pf); err != nil {
		return nil, fmt.Errorf("not a plan file: %w", err)
	}
	if pf.Format != PlanFormat {
		return nil, fmt.Errorf("not a plan file of this version (format %d, want %d)", pf.Format, PlanFormat)
	}
	for i, e := range pf.Entries {
		if (e.Action != ActionPatch && e.Action != ActionCreate) || e.Body == nil || e.RequestID == "" || (e.Action == ActionPatch && e.CampaignID == "") {
			return nil, fmt.Errorf("entries[%d]: not a patch or create with a body, request_id and (for a patch) campaign_id", i)
		}
	}
	return &pf, nil
}

// ErrOtherService is a plan made for another service or workspace.
var ErrOtherService = errors.New("the plan was made for another service or workspace")

// FromPlan turns a plan file's entries back into plans that send exactly
// their bodies. Each patch's campaign is read by GET first: when its
// updated_at is no longer the plan's, the entry is a conflict (the
// service changed since the plan) unless Force.
func (pl *Planner) FromPlan(ctx context.Context, pf *PlanFile) []Plan {
	plans := make([]Plan, 0, len(pf.Entries))
	for _, e := range pf.Entries {
		f, err := Load(e.File)
		if err != nil {
			f = &File{Path: e.File, Tree: map[string]any{}}
		}
		p := Plan{File: f, CampaignID: e.CampaignID, Action: e.Action, Body: e.Body, RequestID: e.RequestID}
		for _, c := range e.Components {
			p.Changes = append(p.Changes, Change{Component: c, File: e.Body[c], InFile: true})
		}
		if e.Action == ActionPatch {
			svc, etag, err := pl.fetch(ctx, e.CampaignID)
			switch {
			case err != nil:
				p.Action, p.Err, p.Reason = ActionError, err, err.Error()
			case str(svc["updated_at"]) != e.UpdatedAt && !pl.Force:
				p.Action, p.Conflicts = ActionConflict, e.Components
				p.Reason = fmt.Sprintf("the campaign changed on the service at %s, after the plan was made (against updated_at %s); make the plan again, or confirm with --force", str(svc["updated_at"]), e.UpdatedAt)
			}
			p.Service, p.ETag, p.State = svc, etag, str(svc["status"])
		}
		plans = append(plans, p)
		if p.Action == ActionError && (api.IsUnreachable(p.Err) || api.StatusOf(p.Err) == 401) {
			break // the rest would fail the same way
		}
	}
	return plans
}
