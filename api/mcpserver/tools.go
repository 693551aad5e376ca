package mcpserver

import (
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/model"
)

// writeNote ends the description of every tool that changes the service.
const writeNote = " This tool CHANGES the service (dry_run: true shows the exact request and what would change, sending nothing)"

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
	Campaign map[string]any `json:"campaign" jsonschema:"the create body: channel, campaign_delivery_type, created_by (and connector for EMAIL) are required; any other components may come now or later (see campaigns://spec/compact and the examples)"`
	DryRun   bool           `json:"dry_run,omitempty" jsonschema:"check and show the exact request without sending it"`
}

type updateIn struct {
	CampaignID string         `json:"campaign_id" jsonschema:"the campaign to update"`
	Patch      map[string]any `json:"patch" jsonschema:"the components to replace, each whole (e.g. {\"campaign_content\": {...}}); components left out keep their stored value"`
	Force      bool           `json:"force,omitempty" jsonschema:"send an update that would introduce problems into a campaign that is not a DRAFT (one recipients may already get); only when the person you act for confirmed those problems"`
	DryRun     bool           `json:"dry_run,omitempty" jsonschema:"check and show the exact request and the fields it changes without sending it"`
}

type previewIn struct {
	CampaignID      string            `json:"campaign_id,omitempty" jsonschema:"preview the stored content of this campaign"`
	CampaignContent map[string]any    `json:"campaign_content,omitempty" jsonschema:"or preview this campaign_content (with channel)"`
	Channel         string            `json:"channel,omitempty" jsonschema:"PUSH or EMAIL; needed with campaign_content"`
	UserID          string            `json:"user_id" jsonschema:"the user to personalise for (an unknown user renders with an empty profile; list_audience names the known ones)"`
	UserIDType      string            `json:"user_id_type,omitempty" jsonschema:"what user_id is: USER_ATTRIBUTE_UNIQUE_ID (default), EMAIL, SVC_GAID or PUSH_ID"`
	EventAttributes map[string]string `json:"event_attributes,omitempty" jsonschema:"event attributes the template reads"`
	Locale          string            `json:"locale,omitempty" jsonschema:"only this locale of the content (default, or one listed in campaign_content.locales); an error names the ones it has"`
	Variation       string            `json:"variation,omitempty" jsonschema:"only this variation (variation_1, ...); an error names the ones it has"`
}

type testIn struct {
	CampaignID       string         `json:"campaign_id,omitempty" jsonschema:"send the saved content of this draft"`
	Campaign         map[string]any `json:"campaign,omitempty" jsonschema:"or send this inline content: channel, basic_details, campaign_content and for EMAIL connector"`
	Identifier       string         `json:"identifier" jsonschema:"how identifier_values name users; PUSH: USER_ATTRIBUTE_UNIQUE_ID, USER_ATTRIBUTE_USER_EMAIL, PUSH_ID, ...; EMAIL: EMAIL, ID, ..."`
	IdentifierValues []string       `json:"identifier_values" jsonschema:"1 to 10 users to send the test to (list_audience names the sandbox's)"`
	Platform         string         `json:"platform,omitempty" jsonschema:"with campaign_id: only this platform (ANDROID, IOS, WEB)"`
	Locale           string         `json:"locale,omitempty" jsonschema:"with campaign_id: only this locale"`
	Variation        string         `json:"variation,omitempty" jsonschema:"with campaign_id: only this variation"`
	UserAttributes   map[string]any `json:"user_attributes,omitempty" jsonschema:"profile values to use instead of the users' own"`
	EventAttributes  map[string]any `json:"event_attributes,omitempty" jsonschema:"event attributes the template reads"`
	DryRun           bool           `json:"dry_run,omitempty" jsonschema:"check and show the exact request without sending any message"`
}

type statusIn struct {
	CampaignID string `json:"campaign_id" jsonschema:"the campaign"`
	Action     string `json:"action" jsonschema:"PAUSE, RESUME or STOP"`
	DryRun     bool   `json:"dry_run,omitempty" jsonschema:"check and show the exact request without sending it"`
}

type publishIn struct {
	CampaignID string `json:"campaign_id" jsonschema:"the draft to publish"`
	DryRun     bool   `json:"dry_run,omitempty" jsonschema:"run the publish checks and show the exact request without sending it"`
}

type audienceIn struct {
	Max int `json:"max,omitempty" jsonschema:"at most this many names of each kind (default 50)"`
}

// --- registration ------------------------------------------------------------

var (
	campaignOut = obj("the campaign record as the service returns it (every component, unknown fields included)", map[string]*jsonschema.Schema{
		"campaign_id": typed("string", ""), "status": typed("string", ""), "channel": typed("string", "")})
	searchOut = obj("one page of campaigns", map[string]*jsonschema.Schema{
		"page": typed("integer", ""), "limit": typed("integer", ""), "count": typed("integer", "campaigns on this page"),
		"more": typed("boolean", "a further page may hold more"), "campaigns": arrayOf("summaries, or whole records with full", typed("object", ""))})
	validateOut = obj("the local engine's verdict", map[string]*jsonschema.Schema{
		"valid": typed("boolean", ""), "phase": typed("string", ""), "state": typed("string", ""), "problems": problemsSchema,
		"refusal":  typed("string", "the state table refuses the update as a whole"),
		"warnings": arrayOf("", typed("string", ""))})
	previewOut = obj("the content rendered for one user", map[string]*jsonschema.Schema{
		"user": typed("object", ""), "texts": arrayOf("every rendered text by target", obj("", map[string]*jsonschema.Schema{
			"target": typed("string", ""), "text": typed("string", "")})),
		"personalized_content": typed("object", "the rendered campaign_content")})
	audienceOut = obj("names the workspace uses, for segmentation, triggers, personalisation and tests", map[string]*jsonschema.Schema{
		"users":                 arrayOf("the sandbox's demo users (none on a real service): id, attributes, push_ids, segments", typed("object", "")),
		"segments":              arrayOf("segments: id and name", typed("object", "")),
		"events":                arrayOf("event names used by the workspace's campaigns", typed("string", "")),
		"business_events":       arrayOf("", typed("string", "")),
		"user_attributes":       arrayOf("user attribute names (UserAttribute['…'])", typed("string", "")),
		"tags":                  arrayOf("", typed("string", "")),
		"teams":                 arrayOf("", typed("string", "")),
		"connectors":            arrayOf("", typed("string", "")),
		"notification_channels": arrayOf("", typed("string", ""))})
	createOut = writeOut("the new draft", map[string]*jsonschema.Schema{"campaign_id": typed("string", ""), "status": typed("string", "")})
	updateOut = writeOut("the update", map[string]*jsonschema.Schema{"campaign_id": typed("string", ""), "id": typed("string", "the document id (a new one per version)"),
		"updated_components": arrayOf("", typed("string", "")), "status": typed("string", ""),
		"service": typed("string", "where the write went"), "workspace": typed("string", ""),
		"removes": arrayOf("what the update took away, in words", typed("string", ""))})
	testOut   = writeOut("per platform, locale and variation: SENT or FAILED", map[string]*jsonschema.Schema{})
	statusOut = writeOut("the status action", map[string]*jsonschema.Schema{"campaign_id": typed("string", ""), "action": typed("string", ""),
		"previous_status": typed("string", ""), "status": typed("string", "")})
	publishOut = writeOut("the published campaign", map[string]*jsonschema.Schema{"campaign_id": typed("string", ""),
		"published": typed("boolean", ""), "status": typed("string", "SCHEDULED when the start time lies ahead, else ACTIVE")})
)

func (s *Server) addTools() {
	addTool(s, &mcp.Tool{Name: "search_campaigns", Title: "Search campaigns",
		Description: "List campaigns with the service's search filters (state, channel, delivery type, name, tag). " +
			"Returns one summary per campaign (campaign_id, name, channel, delivery type, status, tags) and whether more pages follow; full=true returns whole records. " +
			"Example: paused event-triggered campaigns = {\"status\":[\"PAUSED\"],\"delivery_type\":[\"EVENT_TRIGGERED\"]}.",
		InputSchema: schemaFor[searchIn](map[string][]any{
			"status": anyOf(model.Statuses), "channel": anyOf([]string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS, model.ChannelWhatsApp}),
			"delivery_type": anyOf(append(slices.Clone(model.PushCreateDeliveryTypes), model.DeliveryLiveActivity, model.DeliveryAPITriggered)),
		}, map[string]bounds{"page": {min: 1}, "limit": {min: 1, max: 15}}),
	}, reads, searchOut, s.search)
	addTool(s, &mcp.Tool{Name: "get_campaign", Title: "Get a campaign",
		Description: "The whole campaign record as the service stores it (every component, unknown fields included).",
		InputSchema: schemaFor[idIn](nil, nil)},
		reads, campaignOut, s.get)
	addTool(s, &mcp.Tool{Name: "get_campaign_meta", Title: "Get campaign metadata",
		Description: "Lightweight metadata of one campaign: status, version, platforms, start time, child campaigns and the cached reachability (audience size), with checklist: whether it will send and why not (state, send window, who paused it, problems, reach, newer version), as [{check, ok, detail}].",
		InputSchema: schemaFor[idIn](nil, nil)},
		reads, obj("the campaign's metadata", map[string]*jsonschema.Schema{}), s.meta)
	addTool(s, &mcp.Tool{Name: "list_audience", Title: "List the workspace's users, segments, events and attributes",
		Description: "Names to build a campaign with, read from the workspace's campaigns (and on the sandbox its demo users and segments): segments (id and name), events and business events for triggers, user attribute names for personalisation and filters, tags, teams, connectors, and the sandbox's users for preview and test_campaign.",
		InputSchema: schemaFor[audienceIn](nil, map[string]bounds{"max": {min: 1, max: 500}}),
	}, reads, audienceOut, s.listAudience)
	validateSchema := schemaFor[validateIn](map[string][]any{"phase": {"create", "patch", "publish"}, "state": anyOf(model.Statuses),
		"features": anyOf([]string{model.FeatureAudienceLimit, model.FeatureVersioning})}, nil)
	validateSchema.Properties["campaign"] = campaignSchema(validateSchema.Properties["campaign"].Description, false)
	addTool(s, &mcp.Tool{Name: "validate_campaign", Title: "Validate a campaign body locally",
		Description: "Runs the local validation engine (the one the service uses) on a body without sending anything. " +
			"phase create checks a create body, patch a component update merged onto a stored campaign (campaign_id, or base + state), publish (default) everything a campaign needs to go live. " +
			"Returns every problem with its target (the dotted JSON path of the field) and message, and warnings (a start time in the past), so you can fix the draft before sending it.",
		InputSchema: validateSchema,
	}, reads, validateOut, s.validate)
	addTool(s, &mcp.Tool{Name: "preview", Title: "Preview personalised content",
		Description: "Renders a campaign's content for one user (personalisation such as {{UserAttribute['First Name']}} filled in) and returns the rendered text of every field, by target. " +
			"locale and variation narrow it to one part; one the campaign does not have is an error naming those it has. Sends nothing to users.",
		InputSchema: schemaFor[previewIn](map[string][]any{"channel": {model.ChannelPush, model.ChannelEmail},
			"user_id_type": {"USER_ATTRIBUTE_UNIQUE_ID", "EMAIL", "SVC_GAID", "PUSH_ID"}}, nil),
	}, reads, previewOut, s.preview)

	createSchema := schemaFor[createIn](nil, nil)
	createSchema.Properties["campaign"] = campaignSchema(createSchema.Properties["campaign"].Description, true)
	addTool(s, &mcp.Tool{Name: "create_draft", Title: "Create a draft campaign",
		Description: "Creates a DRAFT campaign from a create body. The body is validated locally first (phase create); when it has problems nothing is sent and every problem is returned with its target. " +
			"Values that follow from others are filled in where left out, as the editor does: trigger_attr \"If Action\" for an EVENT_TRIGGERED campaign sent AFTER its event, the other share of two variations. " +
			"Returns the new campaign_id, and warnings (a start time in the past)." + writeNote + ": it creates a campaign.",
		InputSchema: createSchema,
	}, adds, createOut, s.create)
	updateSchema := schemaFor[updateIn](nil, nil)
	updateSchema.Properties["patch"] = campaignSchema(updateSchema.Properties["patch"].Description, false)
	addTool(s, &mcp.Tool{Name: "update_campaign", Title: "Update campaign components",
		Description: "Replaces whole top-level components of a campaign (component PATCH): send only the components that change, each complete. " +
			"The update is merged onto the stored campaign and validated locally first, with the edit rules of the campaign's state (a running campaign cannot change its trigger, audience, goals, delivery type or start time; a stopped or sent one cannot change at all). " +
			"A campaign that is not a DRAFT is also checked as a whole with the publish rules: an update that would bring in a problem it did not have (content of a platform or locale gone, a template that no longer parses) is refused with every target unless force is true. " +
			"When refused nothing is sent. The result names the service and workspace, the components sent and, in words, what the update removed." + writeNote + ".",
		InputSchema: updateSchema,
	}, overwrites, updateOut, s.update)
	addTool(s, &mcp.Tool{Name: "test_campaign", Title: "Send a test message",
		Description: "Sends a test of a draft (campaign_id) or of inline content to at most 10 users named by identifier and identifier_values; returns SENT or FAILED per platform, locale and variation. " +
			"The identifier must be one of the campaign's channel, and a locale or variation one the campaign has (checked before sending)." + writeNote + ": it sends real test messages.",
		InputSchema: schemaFor[testIn](map[string][]any{"identifier": anyOf(append(slices.Clone(model.PushIdentifiers), model.EmailIdentifiers...)),
			"platform": {model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}}, map[string]bounds{"identifier_values": {minItems: 1, maxItems: 10}}),
	}, reachesPeople, testOut, s.test)
	addTool(s, &mcp.Tool{Name: "change_status", Title: "Pause, resume or stop a campaign",
		Description: "Runs a status action. PAUSE and RESUME apply to PERIODIC and EVENT_TRIGGERED campaigns (PAUSE from ACTIVE, SCHEDULED or SENDING; RESUME from PAUSED); STOP to ONE_TIME campaigns that are ACTIVE, SCHEDULED, PAUSED or SENDING (STOP is final). " +
			"The rules are checked locally first and a refused action is not sent. Returns the new status." + writeNote + ".",
		InputSchema: schemaFor[statusIn](map[string][]any{"action": {model.ActionPause, model.ActionResume, model.ActionStop}}, nil),
	}, overwrites, statusOut, s.changeStatus)
	addTool(s, &mcp.Tool{Name: "publish_campaign", Title: "Publish a draft",
		Description: "Publishes a DRAFT (V1 publish): the draft is checked locally with the publish rules first and refused with every problem when it is not complete. " +
			"Returns the new status: SCHEDULED when its start time lies ahead, else ACTIVE (a ONE_TIME campaign whose start time has passed sends at once: see warnings)." + writeNote + ": the campaign goes live and sends to its audience.",
		InputSchema: schemaFor[publishIn](nil, nil),
	}, publishes, publishOut, s.publish)
}
