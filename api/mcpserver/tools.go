package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// writeNote ends the description of every tool that changes the service.
const writeNote = " This tool CHANGES the service"

// --- inputs --------------------------------------------------------------------

type searchIn struct {
	Status          []string `json:"status,omitempty" jsonschema:"only campaigns in these states"`
	Channel         []string `json:"channel,omitempty" jsonschema:"only these channels"`
	DeliveryType    []string `json:"delivery_type,omitempty" jsonschema:"only these campaign_delivery_type values"`
	Name            string   `json:"name,omitempty" jsonschema:"text the campaign name contains"`
	Tag             string   `json:"tag,omitempty" jsonschema:"only campaigns with this tag"`
	IDs             []string `json:"ids,omitempty" jsonschema:"only these campaign ids"`
	IncludeChildren bool     `json:"include_children,omitempty" jsonschema:"include child campaigns of periodic and triggered parents"`
	IncludeArchived bool     `json:"include_archived,omitempty" jsonschema:"include archived campaigns"`
	Page            int      `json:"page,omitempty" jsonschema:"page number, from 1 (default 1)"`
	Limit           int      `json:"limit,omitempty" jsonschema:"campaigns per page, 1 to 15 (default 15)"`
	Full            bool     `json:"full,omitempty" jsonschema:"return whole campaign records instead of one summary line each"`
}

type idIn struct {
	CampaignID string `json:"campaign_id" jsonschema:"the campaign_id"`
}

type validateIn struct {
	Campaign   map[string]any `json:"campaign" jsonschema:"the body to check: a whole campaign (create body) or, with phase patch, a component update"`
	Phase      string         `json:"phase,omitempty" jsonschema:"create, patch or publish (default publish: everything needed to go live)"`
	CampaignID string         `json:"campaign_id,omitempty" jsonschema:"with phase patch: the stored campaign the update applies to (read from the service; its state applies)"`
	Base       map[string]any `json:"base,omitempty" jsonschema:"with phase patch and no campaign_id: the stored campaign the update applies to"`
	State      string         `json:"state,omitempty" jsonschema:"with base: the stored campaign's state (default DRAFT)"`
	Features   []string       `json:"features,omitempty" jsonschema:"workspace features that are on: audience_limit, versioning (default: the server's)"`
}

type createIn struct {
	Campaign map[string]any `json:"campaign" jsonschema:"the create body: channel, campaign_delivery_type, basic_details and any other components (see campaigns://spec/components and the examples)"`
}

type updateIn struct {
	CampaignID string         `json:"campaign_id" jsonschema:"the campaign to update"`
	Patch      map[string]any `json:"patch" jsonschema:"the components to replace, each whole (e.g. {\"campaign_content\": {...}}); components left out keep their stored value"`
	Force      bool           `json:"force,omitempty" jsonschema:"send an update that would introduce problems into a campaign that is not a DRAFT (one recipients may already get); only when the person you act for confirmed those problems"`
}

type previewIn struct {
	CampaignID      string            `json:"campaign_id,omitempty" jsonschema:"preview the stored content of this campaign"`
	CampaignContent map[string]any    `json:"campaign_content,omitempty" jsonschema:"or preview this campaign_content (with channel)"`
	Channel         string            `json:"channel,omitempty" jsonschema:"PUSH or EMAIL; needed with campaign_content"`
	UserID          string            `json:"user_id" jsonschema:"the user to personalise for (an unknown user renders with an empty profile)"`
	UserIDType      string            `json:"user_id_type,omitempty" jsonschema:"what user_id is: USER_ATTRIBUTE_UNIQUE_ID (default), EMAIL, SVC_GAID or PUSH_ID"`
	EventAttributes map[string]string `json:"event_attributes,omitempty" jsonschema:"event attributes the template reads"`
	Locale          string            `json:"locale,omitempty" jsonschema:"only this locale (default, es, ...)"`
	Variation       string            `json:"variation,omitempty" jsonschema:"only this variation (variation_1, ...)"`
}

type testIn struct {
	CampaignID       string         `json:"campaign_id,omitempty" jsonschema:"send the saved content of this draft"`
	Campaign         map[string]any `json:"campaign,omitempty" jsonschema:"or send this inline content: channel, basic_details, campaign_content and for EMAIL connector"`
	Identifier       string         `json:"identifier" jsonschema:"how identifier_values name users: PUSH USER_ATTRIBUTE_UNIQUE_ID, USER_ATTRIBUTE_USER_EMAIL, PUSH_ID, ...; EMAIL EMAIL, ID, ..."`
	IdentifierValues []string       `json:"identifier_values" jsonschema:"at most 10 users to send the test to"`
	Platform         string         `json:"platform,omitempty" jsonschema:"with campaign_id: only this platform (ANDROID, IOS, WEB)"`
	Locale           string         `json:"locale,omitempty" jsonschema:"with campaign_id: only this locale"`
	Variation        string         `json:"variation,omitempty" jsonschema:"with campaign_id: only this variation"`
	UserAttributes   map[string]any `json:"user_attributes,omitempty" jsonschema:"profile values to use instead of the users' own"`
	EventAttributes  map[string]any `json:"event_attributes,omitempty" jsonschema:"event attributes the template reads"`
}

type statusIn struct {
	CampaignID string `json:"campaign_id" jsonschema:"the campaign"`
	Action     string `json:"action" jsonschema:"PAUSE, RESUME or STOP"`
}

// --- outputs -------------------------------------------------------------------

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

type validateOut struct {
	Valid    bool         `json:"valid"`
	Phase    string       `json:"phase"`
	State    string       `json:"state,omitempty"`
	Problems []problemOut `json:"problems"`
	Refusal  string       `json:"refusal,omitempty"`
	// With campaign_id: what update_campaign would do to the stored
	// campaign. Breaks are the problems it would bring into a live one
	// (refused without force), Removes what it takes away, in words.
	Breaks  []problemOut `json:"breaks_live_campaign,omitempty"`
	Changes []string     `json:"changes,omitempty"`
	Removes []string     `json:"removes,omitempty"`
}

// --- registration ------------------------------------------------------------

func (s *Server) addTools() {
	addTool(s, &mcp.Tool{Name: "search_campaigns", Title: "Search campaigns",
		Description: "List campaigns with the service's search filters (state, channel, delivery type, name, tag). " +
			"Returns one summary per campaign (campaign_id, name, channel, delivery type, status, tags) and whether more pages follow; full=true returns whole records. " +
			"Example: paused event-triggered campaigns = {\"status\":[\"PAUSED\"],\"delivery_type\":[\"EVENT_TRIGGERED\"]}.",
		InputSchema: schemaFor[searchIn](map[string][]any{
			"status": anyOf(model.Statuses), "channel": anyOf([]string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS, model.ChannelWhatsApp}),
			"delivery_type": anyOf(append(slices.Clone(model.PushCreateDeliveryTypes), model.DeliveryLiveActivity, model.DeliveryAPITriggered)),
		}, map[string]bounds{"page": {min: 1}, "limit": {min: 1, max: 15}}),
	}, reads, s.search)
	addTool(s, &mcp.Tool{Name: "get_campaign", Title: "Get a campaign",
		Description: "The whole campaign record as the service stores it (every component, unknown fields included)."},
		reads, s.get)
	addTool(s, &mcp.Tool{Name: "get_campaign_meta", Title: "Get campaign metadata",
		Description: "Lightweight metadata of one campaign: status, version, platforms, start time, child campaigns and the cached reachability (audience size)."},
		reads, s.meta)
	validateSchema := schemaFor[validateIn](map[string][]any{"phase": {"create", "patch", "publish"}, "state": anyOf(model.Statuses),
		"features": anyOf([]string{model.FeatureAudienceLimit, model.FeatureVersioning})}, nil)
	validateSchema.Properties["campaign"] = campaignSchema(validateSchema.Properties["campaign"].Description, false)
	addTool(s, &mcp.Tool{Name: "validate_campaign", Title: "Validate a campaign body locally",
		Description: "Runs the local validation engine (the one the service uses) on a body without sending anything. " +
			"phase create checks a create body, patch a component update merged onto a stored campaign (campaign_id, or base + state), publish (default) everything a campaign needs to go live. " +
			"Returns every problem with its target (the dotted JSON path of the field) and message, so you can fix the draft before sending it.",
		InputSchema: validateSchema,
	}, reads, s.validate)
	addTool(s, &mcp.Tool{Name: "preview", Title: "Preview personalised content",
		Description: "Renders a campaign's content for one user (personalisation such as {{UserAttribute['First Name']}} filled in) and returns the rendered text of every field, by target. Sends nothing to users.",
		InputSchema: schemaFor[previewIn](map[string][]any{"channel": {model.ChannelPush, model.ChannelEmail},
			"user_id_type": {"USER_ATTRIBUTE_UNIQUE_ID", "EMAIL", "SVC_GAID", "PUSH_ID"}}, nil),
	}, reads, s.preview)

	createSchema := schemaFor[createIn](nil, nil)
	createSchema.Properties["campaign"] = campaignSchema(createSchema.Properties["campaign"].Description, true)
	addTool(s, &mcp.Tool{Name: "create_draft", Title: "Create a draft campaign",
		Description: "Creates a DRAFT campaign from a create body. The body is validated locally first (phase create); when it has problems nothing is sent and every problem is returned with its target. " +
			"Values that follow from others are filled in where left out, as the editor does: trigger_attr \"If Action\" for an EVENT_TRIGGERED campaign sent AFTER its event, the other share of two variations. " +
			"Returns the new campaign_id." + writeNote + ": it creates a campaign.",
		InputSchema: createSchema,
	}, adds, s.create)
	updateSchema := schemaFor[updateIn](nil, nil)
	updateSchema.Properties["patch"] = campaignSchema(updateSchema.Properties["patch"].Description, false)
	addTool(s, &mcp.Tool{Name: "update_campaign", Title: "Update campaign components",
		Description: "Replaces whole top-level components of a campaign (component PATCH): send only the components that change, each complete. " +
			"The update is merged onto the stored campaign and validated locally first, with the edit rules of the campaign's state (a running campaign cannot change its trigger, audience, goals, delivery type or start time; a stopped or sent one cannot change at all). " +
			"A campaign that is not a DRAFT is also checked as a whole with the publish rules: an update that would bring in a problem it did not have (content of a platform or locale gone, a template that no longer parses) is refused with every target unless force is true. " +
			"When refused nothing is sent. The result names the service and workspace, the components sent and, in words, what the update removed." + writeNote + ".",
		InputSchema: updateSchema,
	}, overwrites, s.update)
	addTool(s, &mcp.Tool{Name: "test_campaign", Title: "Send a test message",
		Description: "Sends a test of a draft (campaign_id) or of inline content to at most 10 users named by identifier and identifier_values; returns SENT or FAILED per platform, locale and variation." + writeNote + ": it sends real test messages.",
		InputSchema: schemaFor[testIn](map[string][]any{"identifier": anyOf(append(slices.Clone(model.PushIdentifiers), model.EmailIdentifiers...)),
			"platform": {model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}}, map[string]bounds{"identifier_values": {maxItems: 10}}),
	}, reachesPeople, s.test)
	addTool(s, &mcp.Tool{Name: "change_status", Title: "Pause, resume or stop a campaign",
		Description: "Runs a status action. PAUSE and RESUME apply to PERIODIC and EVENT_TRIGGERED campaigns (PAUSE from ACTIVE, SCHEDULED or SENDING; RESUME from PAUSED); STOP to ONE_TIME campaigns that are ACTIVE, SCHEDULED, PAUSED or SENDING. " +
			"The rules are checked locally first and a refused action is not sent. Returns the new status." + writeNote + ".",
		InputSchema: schemaFor[statusIn](map[string][]any{"action": {model.ActionPause, model.ActionResume, model.ActionStop}}, nil),
	}, overwrites, s.changeStatus)
	addTool(s, &mcp.Tool{Name: "publish_campaign", Title: "Publish a draft",
		Description: "Publishes a DRAFT (V1 publish): the draft is checked locally with the publish rules first and refused with every problem when it is not complete. " +
			"Returns the new status: SCHEDULED when its start time lies ahead, else ACTIVE." + writeNote + ": the campaign goes live.",
	}, reachesPeople, s.publish)
}

// --- schemas -------------------------------------------------------------------

type bounds struct {
	min, max float64
	maxItems int
}

func anyOf(vs []string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// schemaFor infers In's schema and adds enums (on strings, or on the items
// of string arrays) and bounds, so a client can check arguments too.
func schemaFor[In any](enums map[string][]any, bs map[string]bounds) *jsonschema.Schema {
	sc, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %T: %v", *new(In), err))
	}
	for name, vs := range enums {
		p := sc.Properties[name]
		if p == nil {
			panic("mcpserver: no property " + name)
		}
		if p.Items != nil {
			p.Items.Enum = vs
		} else {
			p.Enum = vs
		}
	}
	for name, b := range bs {
		p := sc.Properties[name]
		if p == nil {
			panic("mcpserver: no property " + name)
		}
		if b.min != 0 {
			p.Minimum = ptr(b.min)
		}
		if b.max != 0 {
			p.Maximum = ptr(b.max)
		}
		if b.maxItems != 0 {
			p.MaxItems = ptr(b.maxItems)
		}
	}
	return sc
}

// --- reading tools -------------------------------------------------------------

func (s *Server) search(ctx context.Context, in searchIn) (any, error) {
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
		return nil, err
	}
	out := map[string]any{"page": page, "limit": limit, "count": len(res.Campaigns), "more": len(res.Campaigns) == limit}
	if in.Full {
		cs := res.Campaigns
		if cs == nil {
			cs = []*model.Campaign{}
		}
		out["campaigns"] = cs
		return out, nil
	}
	sums := make([]summary, 0, len(res.Campaigns))
	for _, c := range res.Campaigns {
		sums = append(sums, summarize(c))
	}
	out["campaigns"] = sums
	return out, nil
}

func summarize(c *model.Campaign) summary {
	s := summary{CampaignID: model.Str(c.CampaignID), ID: model.Str(c.ID), Channel: model.Str(c.Channel), DeliveryType: model.Str(c.CampaignDeliveryType),
		Status: model.Str(c.Status), UpdatedAt: model.Str(c.UpdatedAt)}
	if c.VersionNumber != nil {
		s.Version = *c.VersionNumber
	}
	if bd := c.BasicDetails; bd != nil {
		s.Name, s.Tags = model.Str(bd.Name), bd.Tags
	}
	if sd := c.SchedulingDetails; sd != nil {
		s.StartTime = model.Str(sd.StartTime)
	}
	return s
}

func needID(id string) error {
	if strings.TrimSpace(id) == "" {
		return inputError("campaign_id", "campaign_id is required.")
	}
	return nil
}

func (s *Server) get(ctx context.Context, in idIn) (any, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, err
	}
	return s.c.Get(ctx, in.CampaignID)
}

func (s *Server) meta(ctx context.Context, in idIn) (any, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, err
	}
	res, err := s.c.Meta(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: in.CampaignID}, Limit: 1, Page: 1})
	if err != nil {
		return nil, err
	}
	if len(res.Campaigns) == 0 {
		return nil, &toolError{Source: "service", Status: 404, Code: api.CodeNotFound, Target: "campaign_id",
			Message: fmt.Sprintf("No campaign %q in this workspace.", in.CampaignID)}
	}
	return res.Campaigns[0], nil
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

func (s *Server) validate(ctx context.Context, in validateIn) (any, error) {
	c, err := body("campaign", in.Campaign)
	if err != nil {
		return nil, err
	}
	feats, err := s.features(in.Features)
	if err != nil {
		return nil, err
	}
	phaseName := in.Phase
	if phaseName == "" {
		phaseName = "publish"
	}
	phase, ok := engine.ParsePhase(phaseName)
	if !ok {
		return nil, inputError("phase", "phase %q: use create, patch or publish.", in.Phase)
	}
	out := validateOut{Phase: phase.String()}
	if phase != engine.PhasePatch {
		if in.CampaignID != "" || in.Base != nil {
			return nil, inputError("phase", "campaign_id and base go with phase patch only.")
		}
		out.Problems = problemsOut(ops.Validate(c, phase, engine.Options{Features: feats}))
		out.Valid = len(out.Problems) == 0
		return out, nil
	}
	var stored *model.Campaign
	state := in.State
	switch {
	case in.CampaignID != "":
		if stored, err = s.c.Get(ctx, in.CampaignID); err != nil {
			return nil, err
		}
		if state == "" {
			state = model.Str(stored.Status)
		}
	case in.Base != nil:
		if stored, err = body("base", in.Base); err != nil {
			return nil, err
		}
	default:
		return nil, inputError("campaign_id", "phase patch needs the stored campaign: campaign_id, or base.")
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
	return out, nil
}

// --- preview -------------------------------------------------------------------

type rendered struct {
	Target string `json:"target"`
	Text   string `json:"text"`
}

func (s *Server) preview(ctx context.Context, in previewIn) (any, error) {
	if strings.TrimSpace(in.UserID) == "" {
		return nil, inputError("user_id", "user_id is required: the user to personalise for.")
	}
	var content *model.CampaignContent
	channel := in.Channel
	switch {
	case in.CampaignID != "" && in.CampaignContent != nil:
		return nil, inputError("campaign_content", "give campaign_id or campaign_content, not both.")
	case in.CampaignID != "":
		c, err := s.c.Get(ctx, in.CampaignID)
		if err != nil {
			return nil, err
		}
		if c.CampaignContent == nil {
			return nil, inputError("campaign_id", "campaign %s has no campaign_content to preview yet.", in.CampaignID)
		}
		content = c.CampaignContent
		if channel == "" {
			channel = model.Str(c.Channel)
		}
	case in.CampaignContent != nil:
		b, _ := json.Marshal(in.CampaignContent)
		content = new(model.CampaignContent)
		if err := model.DecodeInto(b, content); err != nil {
			return nil, inputError("campaign_content", "campaign_content: %v", err)
		}
		if channel == "" {
			return nil, inputError("channel", "channel is required with campaign_content: PUSH or EMAIL.")
		}
	default:
		return nil, inputError("campaign_id", "campaign_id or campaign_content is required.")
	}
	content = onlyPart(content, in.Locale, in.Variation)
	typ := in.UserIDType
	if typ == "" {
		typ = "USER_ATTRIBUTE_UNIQUE_ID"
	}
	res, err := s.c.Preview(ctx, api.PreviewRequest{Channel: channel, UserIdentification: &api.UserIdentification{Type: typ, Value: in.UserID},
		EventAttributes: in.EventAttributes, CampaignContent: content})
	if err != nil {
		return nil, err
	}
	texts := []rendered{}
	if res.PersonalizedContent != nil {
		collectText("campaign_content", model.ToTree(res.PersonalizedContent), &texts)
	}
	return map[string]any{"user": map[string]string{"type": typ, "value": in.UserID}, "texts": texts,
		"personalized_content": res.PersonalizedContent}, nil
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
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
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

// --- writing tools -------------------------------------------------------------

func (s *Server) create(ctx context.Context, in createIn) (any, error) {
	c, err := body("campaign", in.Campaign)
	if err != nil {
		return nil, err
	}
	engine.FillIn(c, model.Str(c.CampaignDeliveryType)) // as the editor would; c is this call's own
	return s.core.Create(ctx, c)
}

func (s *Server) update(ctx context.Context, in updateIn) (any, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, err
	}
	patch, err := body("patch", in.Patch)
	if err != nil {
		return nil, err
	}
	return s.core.Update(ctx, in.CampaignID, patch, ops.UpdateOptions{Force: in.Force, FillIn: true})
}

func (s *Server) test(ctx context.Context, in testIn) (any, error) {
	req := api.TestRequest{DraftID: in.CampaignID,
		TestCampaignMeta: &api.TestMeta{Identifier: in.Identifier, IdentifierValues: in.IdentifierValues,
			Platform: in.Platform, LocaleName: in.Locale, Variation: in.Variation}}
	if in.UserAttributes != nil || in.EventAttributes != nil {
		req.PersonalizationDetails = &api.Personalization{UserAttributes: in.UserAttributes, EventAttributes: in.EventAttributes}
	}
	switch {
	case in.CampaignID != "" && in.Campaign != nil:
		return nil, inputError("campaign", "give campaign_id or campaign, not both.")
	case in.Campaign != nil:
		c, err := body("campaign", in.Campaign)
		if err != nil {
			return nil, err
		}
		req.Channel, req.BasicDetails, req.Connector, req.CampaignContent = model.Str(c.Channel), c.BasicDetails, c.Connector, c.CampaignContent
	case in.CampaignID == "":
		return nil, inputError("campaign_id", "campaign_id (a draft) or campaign (inline content) is required.")
	}
	if strings.TrimSpace(in.Identifier) == "" {
		return nil, inputError("identifier", "identifier is required, e.g. USER_ATTRIBUTE_UNIQUE_ID.")
	}
	if len(in.IdentifierValues) == 0 {
		return nil, inputError("identifier_values", "identifier_values is required: the users to send the test to.")
	}
	res, err := s.core.Test(ctx, req)
	if err != nil {
		return nil, err
	}
	return struct {
		ops.Target
		api.TestResult
	}{s.core.Target(), res}, nil
}

func (s *Server) changeStatus(ctx context.Context, in statusIn) (any, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, err
	}
	return s.core.SetStatus(ctx, in.CampaignID, in.Action)
}

func allowed(actions []string) string {
	if len(actions) == 0 {
		return "none"
	}
	return strings.Join(actions, ", ")
}

func (s *Server) publish(ctx context.Context, in idIn) (any, error) {
	if err := needID(in.CampaignID); err != nil {
		return nil, err
	}
	return s.core.Publish(ctx, in.CampaignID)
}

// campaignSchema describes a campaign body from the component
// specification: its top-level fields with their JSON types, the channels
// and delivery types each applies to, and where the full field list lives.
// Unknown keys stay allowed (the service keeps them), and nested fields are
// left to the engine, whose problems name them precisely. enums lists the
// allowed values too: a create body, not a record read back (an SMS one).
func campaignSchema(desc string, enums bool) *jsonschema.Schema {
	sc := &jsonschema.Schema{Type: "object", Description: desc, Properties: map[string]*jsonschema.Schema{}}
	for _, c := range Spec() {
		for _, f := range c.Fields {
			if strings.ContainsAny(f.Path, ".[") || (model.IsServiceOwned(f.Path) && f.Path != "created_by" && f.Path != "updated_by") {
				continue
			}
			p := &jsonschema.Schema{Type: schemaType(f.Type)}
			d := []string{}
			if f.Type == "object" {
				d = append(d, "see campaigns://spec/components/"+f.Path)
			}
			if len(f.AppliesTo) < 2 || !sameTypes(f.AppliesTo) {
				d = append(d, "applies to "+channelTypes(f.AppliesTo))
			}
			if len(f.Required) > 0 {
				d = append(d, "required at publish for "+channelTypes(f.Required))
			}
			if len(f.Values) > 0 {
				if enums {
					p.Enum = anyOf(f.Values)
				} else {
					d = append(d, "one of "+strings.Join(f.Values, ", ")+" for a create")
				}
			}
			p.Description = strings.Join(d, "; ")
			sc.Properties[f.Path] = p
			sc.PropertyOrder = append(sc.PropertyOrder, f.Path)
		}
	}
	return sc
}

func schemaType(t string) string {
	switch {
	case strings.HasPrefix(t, "array"):
		return "array"
	case strings.HasPrefix(t, "object"):
		return "object"
	case t == "any":
		return ""
	}
	return t
}

// sameTypes reports whether every create delivery type of both channels is
// listed.
func sameTypes(m map[string][]string) bool {
	return len(m[model.ChannelPush]) == len(model.PushCreateDeliveryTypes) && len(m[model.ChannelEmail]) == len(model.EmailCreateDeliveryTypes)
}

func channelTypes(m map[string][]string) string {
	if len(m) == 0 {
		return "no delivery type that can be created"
	}
	var parts []string
	for _, ch := range []string{model.ChannelPush, model.ChannelEmail} {
		if ts, ok := m[ch]; ok {
			parts = append(parts, ch+" "+strings.Join(ts, ", "))
		}
	}
	return strings.Join(parts, "; ")
}
