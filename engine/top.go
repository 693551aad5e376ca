package engine

import (
	"sort"

	"github.com/campaigns-cli/campaigns/model"
)

// component is one row of the component table: how to find a top-level
// component in a body and the rules that check it in full.
type component struct {
	name  string
	sent  func(c *model.Campaign) bool
	check func(k *checker)
}

// components lists every top-level component in the order of the spec's
// table, so problems come out in document order.
var components = []component{
	{"basic_details", func(c *model.Campaign) bool { return c.BasicDetails != nil }, checkBasicDetails},
	{"connector", func(c *model.Campaign) bool { return c.Connector != nil }, checkConnector},
	{"trigger_condition", func(c *model.Campaign) bool { return c.TriggerCondition != nil }, checkTrigger},
	{"campaign_content", func(c *model.Campaign) bool { return c.CampaignContent != nil }, checkContent},
	{"segmentation_details", func(c *model.Campaign) bool { return c.SegmentationDetails != nil }, checkSegmentation},
	{"scheduling_details", func(c *model.Campaign) bool { return c.SchedulingDetails != nil }, checkScheduling},
	{"delivery_controls", func(c *model.Campaign) bool { return c.DeliveryControls != nil }, checkDeliveryControls},
	{"advanced", func(c *model.Campaign) bool { return c.Advanced != nil }, checkAdvanced},
	{"conversion_goal_details", func(c *model.Campaign) bool { return c.ConversionGoalDetails != nil }, checkGoals},
	{"control_group_details", func(c *model.Campaign) bool { return c.ControlGroupDetails != nil }, checkControlGroup},
	{"utm_params", func(c *model.Campaign) bool { return c.UTMParams != nil }, checkUTM},
	{"campaign_audience_limit", func(c *model.Campaign) bool { return c.CampaignAudienceLimit != nil }, checkAudienceLimit},
}

// isComponent tells a top-level component from a top-level scalar: a
// component's wrong JSON type is reported with the component table.
func isComponent(key string) bool {
	for i := range components {
		if components[i].name == key {
			return true
		}
	}
	return false
}

// checkTop runs the rules on the top-level scalars of a body. body is the
// document as sent (the patch for a component update); k reads the merged
// campaign for conditions.
func checkTop(k *checker, body *model.Campaign, stored *model.Campaign) {
	for _, key := range sortedInvalid(&body.Extra) {
		if key == "status" {
			continue // reported below as a forbidden key
		}
		k.typeProblem(key, key, body.Extra.Invalid[key])
	}
	_, badStatus := body.Extra.Invalid["status"]
	if k.phase != PhasePublish && (body.Status != nil || badStatus || body.Extra.Null["status"]) {
		k.add(RuleTopStatusForbidden, "status",
			"`status` must not be sent: a status key selects the V1 publish behaviour, which V5 does not provide; change the state with a status action.")
	}
	checkChannel(k, body, stored)
	checkDeliveryType(k, body, stored)
	if k.phase == PhaseCreate {
		k.requiredStr(RuleTopCreatedByRequired, nil, "created_by", body.CreatedBy, &body.Extra, " to create a campaign")
	}
	if body.CreatedBy != nil && !blank(body.CreatedBy) {
		k.email(RuleTopCreatedByEmail, rootPath("created_by"), "`created_by`", *body.CreatedBy)
	}
	if body.UpdatedBy != nil {
		k.email(RuleTopUpdatedByEmail, rootPath("updated_by"), "`updated_by`", *body.UpdatedBy)
	}
	if k.phase == PhaseCreate && k.isEmail() && body.Connector == nil && !wrongType(&body.Extra, "connector") {
		k.require(RuleEmailConnectorRequired, "connector", "`connector` is required to create an EMAIL campaign: send `connector_type` and `connector_name`.")
	}
	if k.isPush() && body.Connector != nil {
		k.add(RulePushConnectorNotApplicable, "connector", "`connector` does not apply to PUSH campaigns; it is for EMAIL only. Remove it.")
	}
}

func sortedInvalid(ex *model.Extra) []string {
	if len(ex.Invalid) == 0 {
		return nil
	}
	out := make([]string, 0, len(ex.Invalid))
	for key := range ex.Invalid {
		if !isComponent(key) {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}

func checkChannel(k *checker, body, stored *model.Campaign) {
	if body.Channel == nil {
		if k.phase != PhasePatch && !wrongType(&body.Extra, "channel") {
			k.require(RuleTopChannelRequired, "channel", "`channel` is required: use \"PUSH\" or \"EMAIL\".")
		}
		return
	}
	ch := *body.Channel
	if ch != model.ChannelPush && ch != model.ChannelEmail {
		if k.phase == PhasePublish && oneOf(ch, []string{model.ChannelSMS, model.ChannelWhatsApp, model.ChannelFacebook, model.ChannelGoogleAds, model.ChannelConnectors}) {
			k.add(RuleTopChannel, "channel", lit(ch)+" campaigns can be read but not published or edited through V5; only PUSH and EMAIL can.")
			return
		}
		k.enum(RuleTopChannel, nil, "channel", body.Channel, []string{model.ChannelPush, model.ChannelEmail})
		return
	}
	if stored != nil && stored.Channel != nil && *stored.Channel != ch {
		k.add(RuleTopChannelChange, "channel", "`channel` cannot change from "+lit(*stored.Channel)+" to "+lit(ch)+"; create a new campaign instead.")
	}
}

// pushDeliveryTypes are the types a Push body may carry (BROADCAST_LIVE_ACTIVITY
// only on update, for campaigns created elsewhere).
var pushDeliveryTypes = append(append([]string{}, model.PushCreateDeliveryTypes...), model.DeliveryLiveActivity)

func checkDeliveryType(k *checker, body, stored *model.Campaign) {
	dt := body.CampaignDeliveryType
	if dt == nil {
		if k.phase != PhasePatch && !wrongType(&body.Extra, "campaign_delivery_type") {
			types := model.CreateDeliveryTypes(k.channel)
			k.require(RuleTopDeliveryTypeRequired, "campaign_delivery_type", "`campaign_delivery_type` is required: use one of "+list(types)+".")
		}
		return
	}
	switch k.channel {
	case model.ChannelPush:
		if !k.enum(RuleTopDeliveryType, nil, "campaign_delivery_type", dt, pushDeliveryTypes) {
			return
		}
	case model.ChannelEmail:
		if !oneOf(*dt, model.EmailCreateDeliveryTypes) {
			msg := "`campaign_delivery_type` " + quote(*dt) + " is not available for EMAIL: use " + list(model.EmailCreateDeliveryTypes) + "."
			if *dt == model.DeliveryAPITriggered {
				msg = "API_TRIGGERED campaigns are out of scope here: use " + list(model.EmailCreateDeliveryTypes) + "."
			}
			k.addValue(RuleTopDeliveryType, "campaign_delivery_type", msg, *dt, model.EmailCreateDeliveryTypes)
			return
		}
	default:
		return
	}
	if *dt != model.DeliveryLiveActivity {
		return
	}
	switch {
	case k.phase == PhaseCreate:
		k.add(RuleTopLiveActivityCreate, "campaign_delivery_type", "BROADCAST_LIVE_ACTIVITY campaigns cannot be created through the draft flow; use "+list(model.PushCreateDeliveryTypes)+".")
	case k.phase == PhasePatch && stored != nil && model.Str(stored.CampaignDeliveryType) != model.DeliveryLiveActivity:
		k.add(RuleTopLiveActivityPatch, "campaign_delivery_type", "a draft cannot become a BROADCAST_LIVE_ACTIVITY campaign through V5.")
	}
}

// --- publish completeness -------------------------------------------------

// completeness is one publish-time rule (decisions.md §3, service-reference
// §3.2, §3.9–§3.13): what a delivery type or channel needs before it can go out.
type completeness struct {
	id    string
	check func(k *checker)
}

var publishRules = []completeness{
	{"publish.basic_details", func(k *checker) {
		if k.c.BasicDetails == nil && !wrongType(&k.c.Extra, "basic_details") {
			switch {
			case k.isPush():
				k.require(RulePublishPlatforms, "basic_details.platforms", "`basic_details.platforms` is required `#publish`: name the platforms (ANDROID, IOS, WEB) the campaign goes to.")
			}
			if k.dtype == model.DeliveryBusinessEvent {
				k.require(RuleBasicBusinessEventRequired, "basic_details.business_event", "`basic_details.business_event` is required for BUSINESS_EVENT_TRIGGERED campaigns.")
			}
			if k.dtype == model.DeliveryLocationTriggered {
				k.require(RuleBasicGeofencesRequired, "basic_details.geofences", "`basic_details.geofences` is required for LOCATION_TRIGGERED campaigns.")
			}
			return
		}
		if bd := k.c.BasicDetails; bd != nil && k.isPush() && len(bd.Platforms) == 0 && !wrongType(&bd.Extra, "platforms") {
			k.require(RulePublishPlatforms, "basic_details.platforms", "`basic_details.platforms` is required `#publish`: name the platforms (ANDROID, IOS, WEB) the campaign goes to.")
		}
	}},
	{"publish.connector", func(k *checker) {
		if k.isEmail() && k.c.Connector == nil && !wrongType(&k.c.Extra, "connector") {
			k.require(RulePublishConnector, "connector", "`connector` is required `#publish`: send `connector_type` and `connector_name`.")
		}
	}},
	{"publish.trigger_condition", func(k *checker) {
		need := k.dtype == model.DeliveryEventTriggered || k.isPush() && (k.dtype == model.DeliveryDeviceTriggered || k.dtype == model.DeliveryLocationTriggered)
		if need && k.c.TriggerCondition == nil && !wrongType(&k.c.Extra, "trigger_condition") {
			k.require(RulePublishTriggerCondition, "trigger_condition", "`trigger_condition` is required `#publish` of "+k.dtLabel()+".")
		}
	}},
	{"publish.campaign_content", func(k *checker) {
		if k.c.CampaignContent == nil && !wrongType(&k.c.Extra, "campaign_content") {
			k.require(RulePublishCampaignContent, "campaign_content", "`campaign_content` is required `#publish`.")
		}
	}},
	{"content.personalization", func(k *checker) {
		// The one parser the preview and the sandbox render with
		// (decisions.md §2, personalisation syntax). Unknown attribute
		// names are not problems: only the syntax is checked.
		k.personalization()
	}},
	{"publish.audience", func(k *checker) {
		switch k.dtype {
		case model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryBusinessEvent:
		default:
			return
		}
		s := k.c.SegmentationDetails
		if s == nil {
			if !wrongType(&k.c.Extra, "segmentation_details") {
				k.require(RulePublishAudience, "segmentation_details", "`segmentation_details` is required `#publish` of "+k.dtLabel()+": set `is_all_user_campaign` or at least one included filter.")
			}
			return
		}
		if !isTrue(s.IsAllUserCampaign) && (s.IncludedFilters == nil || len(s.IncludedFilters.Filters) == 0) {
			k.add(RulePublishAudience, "segmentation_details", "the audience is empty: set `is_all_user_campaign` to true or add at least one included filter.")
		}
	}},
	{"publish.scheduling_details", func(k *checker) {
		if k.dtype != model.DeliveryOneTime && k.dtype != model.DeliveryPeriodic {
			return
		}
		sd := k.c.SchedulingDetails
		if sd == nil && !wrongType(&k.c.Extra, "scheduling_details") {
			k.require(RulePublishSchedulingDetails, "scheduling_details", "`scheduling_details` is required `#publish` of "+k.dtLabel()+".")
		}
		// Without a delivery type nothing says when to send.
		if sd != nil && sd.DeliveryType == nil && !wrongType(&sd.Extra, "delivery_type") {
			k.require(RulePublishSchedulingDeliveryType, "scheduling_details.delivery_type", "`scheduling_details.delivery_type` is required `#publish` of "+k.dtLabel()+": ASAP, AT_FIXED_TIME, SEND_IN_BTS or SEND_IN_USER_TIMEZONE.")
		}
	}},
	{"publish.bypass_dnd", func(k *checker) {
		if k.isPush() && k.dtype == model.DeliveryEventTriggered && k.c.DeliveryControls == nil && !wrongType(&k.c.Extra, "delivery_controls") {
			k.require(RuleDeliveryBypassDNDRequired, "delivery_controls.bypass_dnd", "`delivery_controls.bypass_dnd` is required for EVENT_TRIGGERED push campaigns.")
		}
	}},
}
