package mcpserver

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// --- writing tools -------------------------------------------------------------

// request is a write as it goes on the wire (dry_run shows it). The client
// adds request_id and a fresh Idempotency-Key when it sends.
type request struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Body   any    `json:"body"`
}

// dryRun is the answer of a write asked with dry_run: true.
func dryRun(req request, changes []any, warnings []string, what string) (any, string, error) {
	if changes == nil {
		changes = []any{}
	}
	out := map[string]any{"dry_run": true, "request": req, "changes": changes}
	if len(warnings) > 0 {
		out["warnings"] = warnings
	}
	text := fmt.Sprintf("Dry run, nothing sent: %s would %s.", req.Method+" "+req.Path, what)
	for _, w := range warnings {
		text += "\nWarning: " + w
	}
	return out, text, nil
}

func withWarnings(out map[string]any, text string, warnings []string) (any, string, error) {
	if len(warnings) > 0 {
		out["warnings"] = warnings
		for _, w := range warnings {
			text += "\nWarning: " + w
		}
	}
	return out, text, nil
}

func (s *Server) create(ctx context.Context, in createIn) (any, string, error) {
	c, err := body("campaign", in.Campaign)
	if err != nil {
		return nil, "", err
	}
	if ps := engine.Validate(api.WriteForm(c, nil), engine.PhaseCreate, engine.Options{Features: s.opts.Features}); len(ps) > 0 {
		return nil, "", localRefusal("The draft was refused by local validation (phase create).", ps)
	}
	warn := s.warnings(c)
	if in.DryRun {
		comps := model.Present(c)
		changes := make([]any, len(comps))
		for i, comp := range comps {
			changes[i] = map[string]any{"component": comp, "to": model.Component(c, comp)}
		}
		return dryRun(request{"POST", api.PathCampaigns, model.ToTree(c)}, changes, warn,
			fmt.Sprintf("create a %s %s draft with %s", str(c.Channel), str(c.CampaignDeliveryType), strings.Join(comps, ", ")))
	}
	res, err := s.c.Create(ctx, c)
	if err != nil {
		return nil, "", err
	}
	return withWarnings(map[string]any{"campaign_id": res.ID, "status": res.Status},
		fmt.Sprintf("Created draft %s (%s %s, %q).", res.ID, str(c.Channel), str(c.CampaignDeliveryType), name(c)), warn)
}

func (s *Server) update(ctx context.Context, in updateIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	patch, err := body("patch", in.Patch)
	if err != nil {
		return nil, "", err
	}
	got, err := s.c.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	state := str(got.Status)
	stored := api.WriteForm(got, nil)
	// What is checked is what is sent: the request form, never the
	// response-only scheduling fields a GET body pasted back would carry.
	patch = api.WriteForm(patch, stored)
	res := engine.ValidatePatch(stored, patch, state, engine.Options{Features: s.opts.Features})
	if res.Refusal != nil {
		return nil, "", &toolError{Source: "local", Status: 409, Code: api.CodeBadRequest, Details: []problemOut{},
			Message: res.Refusal.Message + " Nothing was sent."}
	}
	if len(res.Problems) > 0 {
		return nil, "", localRefusal(fmt.Sprintf("The update was refused by local validation (phase patch, state %s).", state), res.Problems)
	}
	comps := model.Present(patch)
	warn := s.warnings(patch)
	if in.DryRun {
		return dryRun(request{"PATCH", api.PathCampaigns + "/" + url.PathEscape(in.CampaignID), model.ToTree(patch)},
			fieldChanges(got, patch), warn, "replace "+strings.Join(comps, ", ")+" of a "+state+" campaign")
	}
	pr, err := s.c.Patch(ctx, in.CampaignID, patch)
	if err != nil {
		return nil, "", err
	}
	return withWarnings(map[string]any{"campaign_id": in.CampaignID, "id": pr.ID, "updated_components": comps, "status": state},
		fmt.Sprintf("Updated %s of campaign %s (%s).", strings.Join(comps, ", "), in.CampaignID, state), warn)
}

// fieldChanges lists the fields a component update changes: path, the
// stored value and the new one.
func fieldChanges(stored, patch *model.Campaign) []any {
	st, _ := model.ToTree(stored).(map[string]any)
	pt, _ := model.ToTree(patch).(map[string]any)
	before := map[string]any{}
	for k := range pt {
		if v, ok := st[k]; ok {
			before[k] = v
		}
	}
	var out []any
	for _, ch := range gitops.FieldDiff(before, pt) {
		out = append(out, map[string]any{"path": ch.Path, "from": ch.From, "to": ch.To})
	}
	return out
}

func (s *Server) test(ctx context.Context, in testIn) (any, string, error) {
	req := api.TestRequest{DraftID: in.CampaignID,
		TestCampaignMeta: &api.TestMeta{Identifier: in.Identifier, IdentifierValues: in.IdentifierValues,
			Platform: in.Platform, LocaleName: in.Locale, Variation: in.Variation}}
	if in.UserAttributes != nil || in.EventAttributes != nil {
		req.PersonalizationDetails = &api.Personalization{UserAttributes: in.UserAttributes, EventAttributes: in.EventAttributes}
	}
	var c *model.Campaign
	switch {
	case in.CampaignID != "" && in.Campaign != nil:
		return nil, "", inputError("campaign", "give campaign_id or campaign, not both.")
	case in.Campaign != nil:
		var err error
		if c, err = body("campaign", in.Campaign); err != nil {
			return nil, "", err
		}
		req.Channel, req.BasicDetails, req.Connector, req.CampaignContent = str(c.Channel), c.BasicDetails, c.Connector, c.CampaignContent
	case in.CampaignID == "":
		return nil, "", inputError("campaign_id", "campaign_id (a draft) or campaign (inline content) is required.")
	default:
		var err error
		if c, err = s.c.Get(ctx, in.CampaignID); err != nil {
			return nil, "", err
		}
	}
	if strings.TrimSpace(in.Identifier) == "" {
		return nil, "", inputError("identifier", "identifier is required, e.g. USER_ATTRIBUTE_UNIQUE_ID.")
	}
	if len(in.IdentifierValues) == 0 {
		return nil, "", inputError("identifier_values", "identifier_values is required: the users to send the test to.")
	}
	if err := identifierFits(str(c.Channel), in.Identifier); err != nil {
		return nil, "", err
	}
	if err := hasPart(c.CampaignContent, in.Locale, in.Variation); err != nil {
		return nil, "", err
	}
	if in.DryRun {
		return dryRun(request{"POST", api.PathTest, req}, nil, nil,
			fmt.Sprintf("send a test to %d user(s) by %s", len(in.IdentifierValues), in.Identifier))
	}
	res, err := s.c.Test(ctx, req)
	if err != nil {
		return nil, "", err
	}
	return res, fmt.Sprintf("Test sent to %d user(s) by %s; per platform, locale and variation in the structured result.", len(in.IdentifierValues), in.Identifier), nil
}

func (s *Server) changeStatus(ctx context.Context, in statusIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	action := strings.ToUpper(strings.TrimSpace(in.Action))
	c, err := s.c.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	state := str(c.Status)
	want, aerr := engine.CheckAction(str(c.CampaignDeliveryType), state, action, s.startAhead(c))
	if aerr != nil {
		return nil, "", &toolError{Source: "local", Status: 422, Code: api.CodeUnprocessableEntity, Target: "action", Details: []problemOut{},
			Message: aerr.Error() + " Allowed now: " + allowed(engine.Actions(str(c.CampaignDeliveryType), state)) + ". Nothing was sent."}
	}
	if in.DryRun {
		return dryRun(request{"PATCH", api.PathCampaigns + "/" + url.PathEscape(in.CampaignID) + "/status", api.StatusRequest{Action: action}},
			[]any{map[string]any{"path": "status", "from": state, "to": want}}, nil, fmt.Sprintf("%s the campaign: %s → %s", action, state, want))
	}
	if _, err := s.c.SetStatus(ctx, in.CampaignID, action); err != nil {
		return nil, "", err
	}
	out := map[string]any{"campaign_id": in.CampaignID, "action": action, "previous_status": state, "status": want}
	if after, err := s.c.Get(ctx, in.CampaignID); err == nil && after.Status != nil {
		out["status"] = *after.Status
	}
	return out, fmt.Sprintf("%s done: campaign %s is %v (was %s).", action, in.CampaignID, out["status"], state), nil
}

func allowed(actions []string) string {
	if len(actions) == 0 {
		return "none"
	}
	return strings.Join(actions, ", ")
}

// startAhead reports whether the campaign's start time is still to come.
func (s *Server) startAhead(c *model.Campaign) bool {
	sd := c.SchedulingDetails
	if sd == nil || sd.StartTime == nil {
		return false
	}
	loc := time.UTC
	if tz := str(sd.Timezone); tz != "" {
		if l, err := time.LoadLocation(tz); err == nil {
			loc = l
		}
	}
	t, ok := engine.ParseDateTime(*sd.StartTime, loc)
	return ok && t.After(s.now())
}

func (s *Server) publish(ctx context.Context, in publishIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	c, err := s.c.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	if st := str(c.Status); st != model.StatusDraft {
		return nil, "", &toolError{Source: "local", Status: 409, Code: api.CodeBadRequest, Target: "status", Details: []problemOut{},
			Message: fmt.Sprintf("Campaign is %s, not DRAFT, and cannot be published. Nothing was sent.", st)}
	}
	if ps := engine.Validate(api.WriteForm(c, nil), engine.PhasePublish, engine.Options{Features: s.opts.Features}); len(ps) > 0 {
		return nil, "", localRefusal("The draft cannot be published yet (phase publish).", ps)
	}
	warn := s.warnings(c)
	next := model.StatusActive
	if s.startAhead(c) {
		next = model.StatusScheduled
	}
	if in.DryRun {
		return dryRun(request{"PATCH", api.PathV1Publish + url.PathEscape(in.CampaignID), map[string]string{"status": "PUBLISH"}},
			[]any{map[string]any{"path": "status", "from": model.StatusDraft, "to": next}}, warn, "publish the draft ("+next+")")
	}
	if err := s.c.Publish(ctx, in.CampaignID); err != nil {
		return nil, "", err
	}
	out := map[string]any{"campaign_id": in.CampaignID, "published": true, "status": next}
	if after, err := s.c.Get(ctx, in.CampaignID); err == nil {
		out["status"] = str(after.Status)
	}
	return withWarnings(out, fmt.Sprintf("Published campaign %s: %v.", in.CampaignID, out["status"]), warn)
}
