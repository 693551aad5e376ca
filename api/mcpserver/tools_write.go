package mcpserver

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
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

// withWarnings is a write's result with the warnings beside it (a start
// time in the past), in the structured result and the summary alike.
func withWarnings(r ops.Result, text string, warnings []string) (any, string, error) {
	for _, w := range warnings {
		text += "\nWarning: " + w
	}
	return struct {
		ops.Result
		Warnings []string `json:"warnings,omitempty"`
	}{r, warnings}, text, nil
}

func (s *Server) create(ctx context.Context, in createIn) (any, string, error) {
	c, err := body("campaign", in.Campaign)
	if err != nil {
		return nil, "", err
	}
	engine.FillIn(c, model.Str(c.CampaignDeliveryType)) // as the editor would; c is this call's own
	warn := s.warnings(c)
	if in.DryRun {
		// What the core would send: the request form, its author as
		// created_by when the body names none; checked as it would be.
		sent := ops.RequestForm(c, nil)
		if sent.CreatedBy == nil && s.core.Author() != "" {
			cp := *sent
			author := s.core.Author()
			cp.CreatedBy = &author
			sent = &cp
		}
		if ps := s.core.Validate(sent, engine.PhaseCreate); len(ps) > 0 {
			return nil, "", &ops.Refused{Code: ops.CodeInvalid, Problems: ps, Reason: "the draft does not pass the create checks"}
		}
		comps := model.Present(sent)
		changes := make([]any, len(comps))
		for i, comp := range comps {
			changes[i] = map[string]any{"component": comp, "to": model.Component(sent, comp)}
		}
		return dryRun(request{"POST", api.PathCampaigns, model.ToTree(sent)}, changes, warn,
			fmt.Sprintf("create a %s %s draft in %s with %s", str(c.Channel), str(c.CampaignDeliveryType), s.core.Target(), strings.Join(comps, ", ")))
	}
	r, err := s.core.Create(ctx, c)
	if err != nil {
		return nil, "", err
	}
	return withWarnings(r, fmt.Sprintf("Created draft %s (%s %s, %q) in %s.", r.CampaignID, str(c.Channel), str(c.CampaignDeliveryType), name(c), r.Target), warn)
}

func (s *Server) update(ctx context.Context, in updateIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	patch, err := body("patch", in.Patch)
	if err != nil {
		return nil, "", err
	}
	stored, etag, err := s.core.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	state := str(stored.Status)
	if state == model.StatusDraft {
		// What follows from the rest is filled in, as the core does with
		// FillIn (so the dry run shows what would go).
		dt := model.Str(patch.CampaignDeliveryType)
		if dt == "" {
			dt = model.Str(stored.CampaignDeliveryType)
		}
		engine.FillIn(patch, dt)
	}
	v := s.core.Check(stored, patch)
	if ref := v.Refused(in.Force); ref != nil {
		return nil, "", ref
	}
	warn := s.warnings(v.Body)
	if in.DryRun {
		sent := s.core.Sign(v.Body) // exactly what the core sends
		what := "replace " + strings.Join(model.Present(sent), ", ") + " of a " + state + " campaign"
		for _, n := range v.Notes {
			what += "; " + n
		}
		if len(v.Removes) > 0 {
			what += ", removing " + strings.Join(v.Removes, "; ")
		}
		return dryRun(request{"PATCH", api.PathCampaigns + "/" + url.PathEscape(in.CampaignID), model.ToTree(sent)},
			fieldChanges(stored, sent), warn, what)
	}
	r, err := s.core.Update(ctx, in.CampaignID, patch, ops.UpdateOptions{Force: in.Force, Stored: stored, ETag: etag, FillIn: true})
	if err != nil {
		return nil, "", err
	}
	text := fmt.Sprintf("Updated %s of campaign %s (%s) in %s.", strings.Join(r.Components, ", "), in.CampaignID, state, r.Target)
	if len(r.Removes) > 0 {
		text += " Removed: " + strings.Join(r.Removes, "; ") + "."
	}
	return withWarnings(r, text, warn)
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
		if c, _, err = s.core.Get(ctx, in.CampaignID); err != nil {
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
	res, err := s.core.Test(ctx, req)
	if err != nil {
		return nil, "", err
	}
	return struct {
		ops.Target
		api.TestResult
	}{s.core.Target(), res}, fmt.Sprintf("Test sent to %d user(s) by %s from %s; per platform, locale and variation in the structured result.", len(in.IdentifierValues), in.Identifier, s.core.Target()), nil
}

func (s *Server) changeStatus(ctx context.Context, in statusIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	action := strings.ToUpper(strings.TrimSpace(in.Action))
	if in.DryRun {
		c, _, err := s.core.Get(ctx, in.CampaignID)
		if err != nil {
			return nil, "", err
		}
		next, err := s.core.CheckStatus(c, action)
		if err != nil {
			return nil, "", err
		}
		return dryRun(request{"PATCH", api.PathCampaigns + "/" + url.PathEscape(in.CampaignID) + "/status", api.StatusRequest{Action: action}},
			[]any{map[string]any{"path": "status", "from": str(c.Status), "to": next}}, nil, fmt.Sprintf("%s the campaign: %s → %s", action, str(c.Status), next))
	}
	r, err := s.core.SetStatus(ctx, in.CampaignID, action)
	if err != nil {
		return nil, "", err
	}
	return r, fmt.Sprintf("%s: campaign %s is %s (was %s) in %s.", r.Action, in.CampaignID, r.Status, r.From, r.Target), nil
}

func allowed(actions []string) string {
	if len(actions) == 0 {
		return "none"
	}
	return strings.Join(actions, ", ")
}

func (s *Server) publish(ctx context.Context, in publishIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	c, _, err := s.core.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	if err := s.core.CheckPublish(c); err != nil {
		return nil, "", err
	}
	warn := s.warnings(c)
	if in.DryRun {
		next := model.StatusActive
		if engine.StartAhead(c, s.now()) {
			next = model.StatusScheduled
		}
		return dryRun(request{"PATCH", api.PathV1Publish + url.PathEscape(in.CampaignID), map[string]string{"status": "PUBLISH"}},
			[]any{map[string]any{"path": "status", "from": model.StatusDraft, "to": next}}, warn, "publish the draft ("+next+")")
	}
	r, err := s.core.Publish(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	return withWarnings(r, fmt.Sprintf("Published campaign %s: %s, in %s.", in.CampaignID, r.Status, r.Target), warn)
}
