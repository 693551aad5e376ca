package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// --- reading tools -------------------------------------------------------------

type summary struct {
	CampaignID   string   `json:"campaign_id"`
	ID           string   `json:"id,omitempty"`
	Version      int64    `json:"version_number,omitempty"`
	Name         string   `json:"name"`
	Channel      string   `json:"channel"`
	DeliveryType string   `json:"campaign_delivery_type"`
	Status       string   `json:"status"`
	Tags         []string `json:"tags,omitempty"`
	StartTime    string   `json:"start_time,omitempty"`
	UpdatedAt    string   `json:"updated_at,omitempty"`
}

type validateResult struct {
	Valid    bool         `json:"valid"`
	Phase    string       `json:"phase"`
	State    string       `json:"state,omitempty"`
	Problems []problemOut `json:"problems"`
	Refusal  string       `json:"refusal,omitempty"`
	Warnings []string     `json:"warnings,omitempty"`
	// With campaign_id: what update_campaign would do to the stored
	// campaign. Breaks are the problems it would bring into a live one
	// (refused without force), Removes what it takes away, in words.
	Breaks  []problemOut `json:"breaks_live_campaign,omitempty"`
	Changes []string     `json:"changes,omitempty"`
	Removes []string     `json:"removes,omitempty"`
}

func (s *Server) search(ctx context.Context, in searchIn) (any, string, error) {
	page, limit := in.Page, in.Limit
	if page == 0 {
		page = 1
	}
	if limit == 0 {
		limit = 15
	}
	f := &api.SearchFields{Status: in.Status, Channels: in.Channel, CampaignDeliveryType: in.DeliveryType, Name: in.Name, IDs: in.IDs}
	if in.Tag != "" {
		f.Tags = []string{in.Tag}
	}
	res, err := s.c.Search(ctx, api.SearchRequest{CampaignFields: f, Limit: limit, Page: page,
		IncludeChildCampaigns: in.IncludeChildren, IncludeArchiveCampaigns: in.IncludeArchived})
	if err != nil {
		return nil, "", err
	}
	more := len(res.Campaigns) == limit
	out := map[string]any{"page": page, "limit": limit, "count": len(res.Campaigns), "more": more}
	var lines []string
	for _, c := range res.Campaigns {
		lines = append(lines, fmt.Sprintf("%s  %s  %s %s  %s", str(c.CampaignID), str(c.Status), str(c.Channel), str(c.CampaignDeliveryType), name(c)))
	}
	text := fmt.Sprintf("%d campaign(s) on page %d", len(res.Campaigns), page)
	if more {
		text += fmt.Sprintf(" (more on page %d)", page+1)
	}
	if len(lines) > 0 {
		text += ":\n" + strings.Join(lines, "\n")
	}
	if in.Full {
		cs := res.Campaigns
		if cs == nil {
			cs = []*model.Campaign{}
		}
		out["campaigns"] = cs
		return out, text, nil
	}
	sums := make([]summary, 0, len(res.Campaigns))
	for _, c := range res.Campaigns {
		sums = append(sums, summarize(c))
	}
	out["campaigns"] = sums
	return out, text, nil
}

func summarize(c *model.Campaign) summary {
	s := summary{CampaignID: str(c.CampaignID), ID: str(c.ID), Channel: str(c.Channel), DeliveryType: str(c.CampaignDeliveryType),
		Status: str(c.Status), UpdatedAt: str(c.UpdatedAt), Name: name(c)}
	if c.VersionNumber != nil {
		s.Version = *c.VersionNumber
	}
	if bd := c.BasicDetails; bd != nil {
		s.Tags = bd.Tags
	}
	if sd := c.SchedulingDetails; sd != nil {
		s.StartTime = str(sd.StartTime)
	}
	return s
}

func name(c *model.Campaign) string {
	if c.BasicDetails == nil {
		return ""
	}
	return str(c.BasicDetails.Name)
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func needID(id string) error {
	if strings.TrimSpace(id) == "" {
		return inputError("campaign_id", "campaign_id is required.")
	}
	return nil
}

// describeCampaign is a campaign in one line.
func describeCampaign(c *model.Campaign) string {
	return fmt.Sprintf("%s %q: %s %s, %s", str(c.CampaignID), name(c), str(c.Channel), str(c.CampaignDeliveryType), str(c.Status))
}

func (s *Server) get(ctx context.Context, in idIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	c, err := s.c.Get(ctx, in.CampaignID)
	if err != nil {
		return nil, "", err
	}
	return c, "Campaign " + describeCampaign(c) + "; components: " + strings.Join(model.Present(c), ", "), nil
}

func (s *Server) meta(ctx context.Context, in idIn) (any, string, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, "", err
	}
	res, err := s.c.Meta(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: in.CampaignID}, Limit: 1, Page: 1})
	if err != nil {
		return nil, "", err
	}
	if len(res.Campaigns) == 0 {
		return nil, "", &toolError{Source: "service", Status: 404, Code: api.CodeNotFound, Target: "campaign_id",
			Message: fmt.Sprintf("No campaign %q in this workspace.", in.CampaignID)}
	}
	out := metaOut{MetaRow: res.Campaigns[0]}
	if s.opts.Checklist != nil {
		// Help, not the answer: the meta row stands without it.
		if cl, err := s.opts.Checklist(ctx, in.CampaignID); err == nil {
			out.Checklist = cl
		}
	}
	return out, "Metadata of campaign " + in.CampaignID + ", with its will-it-send checklist.", nil
}

// metaOut is get_campaign_meta's answer: the meta row as the service
// returns it, and the will-it-send checklist (the one `campaigns status`
// prints).
type metaOut struct {
	api.MetaRow
	Checklist any `json:"checklist,omitempty"`
}

// body turns a tool argument into a campaign with the lenient codec: wrong
// JSON types are kept for the engine to report with their targets.
func body(arg string, m map[string]any) (*model.Campaign, error) {
	if m == nil {
		return nil, inputError(arg, "%s is required: a JSON object.", arg)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, inputError(arg, "%s: %v", arg, err)
	}
	return model.Decode(b)
}

func (s *Server) features(names []string) (engine.Features, error) {
	if names == nil {
		return s.opts.Features, nil
	}
	f, err := engine.ParseFeatures(strings.Join(names, ","))
	if err != nil {
		return f, inputError("features", "%v.", err)
	}
	return f, nil
}

func (s *Server) validate(ctx context.Context, in validateIn) (any, string, error) {
	c, err := body("campaign", in.Campaign)
	if err != nil {
		return nil, "", err
	}
	feats, err := s.features(in.Features)
	if err != nil {
		return nil, "", err
	}
	phaseName := in.Phase
	if phaseName == "" {
		phaseName = "publish"
	}
	phase, ok := engine.ParsePhase(phaseName)
	if !ok {
		return nil, "", inputError("phase", "phase %q: use create, patch or publish.", in.Phase)
	}
	out := validateResult{Phase: phase.String(), Warnings: s.warnings(c)}
	if phase != engine.PhasePatch {
		if in.CampaignID != "" || in.Base != nil {
			return nil, "", inputError("phase", "campaign_id and base go with phase patch only.")
		}
		out.Problems = problemsOut(ops.Validate(c, phase, engine.Options{Features: feats}))
		out.Valid = len(out.Problems) == 0
		return out, verdictText(out), nil
	}
	var stored *model.Campaign
	state := in.State
	switch {
	case in.CampaignID != "":
		if stored, err = s.c.Get(ctx, in.CampaignID); err != nil {
			return nil, "", err
		}
		if state == "" {
			state = str(stored.Status)
		}
	case in.Base != nil:
		if stored, err = body("base", in.Base); err != nil {
			return nil, "", err
		}
	default:
		return nil, "", inputError("campaign_id", "phase patch needs the stored campaign: campaign_id, or base.")
	}
	if state == "" {
		state = model.StatusDraft
	}
	res := ops.ValidatePatch(stored, c, state, engine.Options{Features: feats})
	out.State = state
	out.Problems = problemsOut(res.Problems)
	if res.Refusal != nil {
		out.Refusal = res.Refusal.Message
	}
	out.Valid = len(out.Problems) == 0 && res.Refusal == nil
	if in.CampaignID != "" && in.State == "" {
		v := ops.CheckPatch(stored, c, engine.Options{Features: feats})
		out.Changes, out.Removes = v.Changes, v.Removes
		if len(v.Introduced) > 0 {
			out.Breaks, out.Valid = problemsOut(v.Introduced), false
		}
	}
	return out, verdictText(out), nil
}

// verdictText is a validation in words: valid, or the problems one a line.
func verdictText(v validateResult) string {
	var b strings.Builder
	if v.Valid {
		fmt.Fprintf(&b, "Valid (phase %s).", v.Phase)
	} else {
		fmt.Fprintf(&b, "Not valid (phase %s): %d problem(s).", v.Phase, len(v.Problems))
	}
	if v.Refusal != "" {
		b.WriteString("\nRefused: " + v.Refusal)
	}
	for _, p := range v.Problems {
		fmt.Fprintf(&b, "\n- %s: %s", orRoot(p.Target), p.Message)
	}
	for _, p := range v.Breaks {
		fmt.Fprintf(&b, "\n- would break the live campaign: %s: %s", orRoot(p.Target), p.Message)
	}
	for _, w := range v.Warnings {
		b.WriteString("\nWarning: " + w)
	}
	return b.String()
}

// --- preview -------------------------------------------------------------------

type rendered struct {
	Target string `json:"target"`
	Text   string `json:"text"`
}

func (s *Server) preview(ctx context.Context, in previewIn) (any, string, error) {
	if strings.TrimSpace(in.UserID) == "" {
		return nil, "", inputError("user_id", "user_id is required: the user to personalise for.")
	}
	var content *model.CampaignContent
	channel := in.Channel
	switch {
	case in.CampaignID != "" && in.CampaignContent != nil:
		return nil, "", inputError("campaign_content", "give campaign_id or campaign_content, not both.")
	case in.CampaignID != "":
		c, err := s.c.Get(ctx, in.CampaignID)
		if err != nil {
			return nil, "", err
		}
		if c.CampaignContent == nil {
			return nil, "", inputError("campaign_id", "campaign %s has no campaign_content to preview yet.", in.CampaignID)
		}
		content = c.CampaignContent
		if channel == "" {
			channel = str(c.Channel)
		}
	case in.CampaignContent != nil:
		b, _ := json.Marshal(in.CampaignContent)
		content = new(model.CampaignContent)
		if err := model.DecodeInto(b, content); err != nil {
			return nil, "", inputError("campaign_content", "campaign_content: %v", err)
		}
		if channel == "" {
			return nil, "", inputError("channel", "channel is required with campaign_content: PUSH or EMAIL.")
		}
	default:
		return nil, "", inputError("campaign_id", "campaign_id or campaign_content is required.")
	}
	if err := hasPart(content, in.Locale, in.Variation); err != nil {
		return nil, "", err
	}
	content = onlyPart(content, in.Locale, in.Variation)
	typ := in.UserIDType
	if typ == "" {
		typ = "USER_ATTRIBUTE_UNIQUE_ID"
	}
	res, err := s.c.Preview(ctx, api.PreviewRequest{Channel: channel, UserIdentification: &api.UserIdentification{Type: typ, Value: in.UserID},
		EventAttributes: in.EventAttributes, CampaignContent: content})
	if err != nil {
		return nil, "", err
	}
	texts := []rendered{}
	if res.PersonalizedContent != nil {
		collectText("campaign_content", model.ToTree(res.PersonalizedContent), &texts)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Rendered for %s %s: %d text(s).", typ, in.UserID, len(texts))
	for i, t := range texts {
		if i == 12 {
			fmt.Fprintf(&b, "\n… %d more (see the structured result)", len(texts)-i)
			break
		}
		fmt.Fprintf(&b, "\n- %s: %s", t.Target, t.Text)
	}
	return map[string]any{"user": map[string]string{"type": typ, "value": in.UserID}, "texts": texts,
		"personalized_content": res.PersonalizedContent}, b.String(), nil
}

// onlyPart keeps one locale and/or variation of keyed content.
func onlyPart(c *model.CampaignContent, locale, variation string) *model.CampaignContent {
	if (locale == "" && variation == "") || c.Content == nil || c.Content.Keyed == nil {
		return c
	}
	out := model.Clone(c)
	for loc, vars := range out.Content.Keyed {
		if locale != "" && loc != locale {
			delete(out.Content.Keyed, loc)
			continue
		}
		for vk := range vars {
			if variation != "" && vk != variation {
				delete(vars, vk)
			}
		}
	}
	return out
}

// collectText lists the text of the content by target: every non-empty
// string but the locale list and enumerated settings (DEEPLINKING, BASIC),
// which are not text a user reads.
func collectText(path string, v any, out *[]rendered) {
	switch t := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(t)) {
			collectText(path+"."+k, t[k], out)
		}
	case []any:
		for i, e := range t {
			collectText(fmt.Sprintf("%s[%d]", path, i), e, out)
		}
	case string:
		if t != "" && !strings.Contains(path, ".locales[") && !slices.Contains(model.EnumValues, t) {
			*out = append(*out, rendered{Target: path, Text: t})
		}
	}
}
