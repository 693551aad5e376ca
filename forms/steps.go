package forms

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Step is one screen of the guided editor.
type Step int

const (
	StepBasic Step = iota
	StepContent
	StepAudience
	StepTrigger
	StepSchedule
	StepDelivery
	StepMore
	StepReview
)

// Steps lists every step in order.
var Steps = []Step{StepBasic, StepContent, StepAudience, StepTrigger, StepSchedule, StepDelivery, StepMore, StepReview}

func (s Step) String() string {
	return [...]string{"Basic details", "Content", "Audience", "Trigger", "Schedule", "Delivery controls", "Goals & more", "Review"}[s]
}

// Selection is the content cell being edited (model.Selection).
type Selection = model.Selection

// Ctx is what decides which fields apply.
type Ctx struct {
	C        *model.Campaign
	Channel  string
	Delivery string
	Sel      Selection
	// AudienceLimit is the workspace feature flag.
	AudienceLimit bool
}

// NewCtx reads the channel and delivery type from the campaign.
func NewCtx(c *model.Campaign, sel Selection, audienceLimit bool) Ctx {
	return Ctx{C: c, Channel: model.Str(c.Channel), Delivery: model.Str(c.CampaignDeliveryType), Sel: sel, AudienceLimit: audienceLimit}
}

func (x Ctx) push() bool          { return x.Channel == model.ChannelPush }
func (x Ctx) email() bool         { return x.Channel == model.ChannelEmail }
func (x Ctx) is(t ...string) bool { return slices.Contains(t, x.Delivery) }
func (x Ctx) platforms() []string {
	if x.C.BasicDetails == nil {
		return nil
	}
	return x.C.BasicDetails.Platforms
}
func (x Ctx) hasPlatform(p string) bool { return slices.Contains(x.platforms(), p) }

// text returns the string at path.
func (x Ctx) text(path string) string {
	if s, ok := Get(x.C, path).(string); ok {
		return s
	}
	return ""
}

func (x Ctx) truth(path string) bool {
	b, _ := Get(x.C, path).(bool)
	return b
}

// HasTrigger reports whether the delivery type uses trigger_condition.
func HasTrigger(channel, delivery string) bool {
	switch delivery {
	case model.DeliveryEventTriggered:
		return true
	case model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered:
		return channel == model.ChannelPush
	}
	return false
}

// StepApplies reports whether a step has anything for this campaign.
func StepApplies(s Step, channel, delivery string) bool {
	if s == StepTrigger {
		return HasTrigger(channel, delivery)
	}
	return true
}

// builder collects rows.
type builder struct {
	x   Ctx
	out []Field
	dep int
}

func (b *builder) add(f Field) {
	f.Depth += b.dep
	if f.Role == RoleValue && (f.Kind == Text || f.Kind == List) {
		f.Names = NamesFor(f.Path, b.x.text)
	}
	b.out = append(b.out, f)
}
func (b *builder) head(label string) {
	b.add(Field{Path: "@head:" + label, Role: RoleHeading, Label: label, Kind: Heading})
}
func (b *builder) text(path, label string) { b.add(Field{Path: path, Label: label, Kind: Text}) }
func (b *builder) long(path, label string) { b.add(Field{Path: path, Label: label, Kind: LongText}) }
func (b *builder) num(path, label string)  { b.add(Field{Path: path, Label: label, Kind: Int}) }
func (b *builder) flag(path, label string) { b.add(Field{Path: path, Label: label, Kind: Bool}) }
func (b *builder) enum(path, label string, o ...string) {
	b.add(Field{Path: path, Label: label, Kind: Enum, Options: o})
}
func (b *builder) kv(path, label string) {
	b.add(Field{Path: path, Label: label, Kind: Pairs, Help: "key=value, key=value"})
}

// list adds the items of the array at path, each with the rows item(i)
// builds, a remove action per item and an add action.
func (b *builder) list(path, noun string, item func(p string, i int), init func(c *model.Campaign, p string) error) {
	n := Len(b.x.C, path)
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("%s[%d]", path, i)
		label := fmt.Sprintf("%s %d", noun, i+1)
		b.add(Field{Path: "@head:" + label, Role: RoleHeading, Label: label, Kind: Heading, Item: true})
		b.dep++
		item(p, i)
		idx := i
		b.add(Field{Path: "@remove:" + p, Role: RoleRemoveItem, Label: fmt.Sprintf("Remove %s %d", noun, i+1), Kind: Action,
			Do: func(c *model.Campaign, _ string) error { return Remove(c, path, idx) }})
		b.dep--
	}
	b.add(Field{Path: "@add:" + path, Role: RoleAddItem, Label: "Add " + noun, Kind: Action, Do: func(c *model.Campaign, _ string) error {
		i, err := Append(c, path)
		if err != nil || init == nil {
			return err
		}
		return init(c, fmt.Sprintf("%s[%d]", path, i))
	}})
}

// Fields lists the rows of a step that apply to the campaign now.
func Fields(s Step, x Ctx) []Field {
	b := &builder{x: x}
	switch s {
	case StepBasic:
		b.basic()
	case StepContent:
		b.content()
	case StepAudience:
		b.audience()
	case StepTrigger:
		b.trigger()
	case StepSchedule:
		b.schedule()
	case StepDelivery:
		b.delivery()
	case StepMore:
		b.more()
	}
	return b.out
}

// All lists every row of every step (for mapping a target to its step).
func All(x Ctx) map[Step][]Field {
	out := map[Step][]Field{}
	for _, s := range Steps {
		if StepApplies(s, x.Channel, x.Delivery) {
			out[s] = Fields(s, x)
		}
	}
	return out
}

// Locate finds the step and row that best match a problem's target: the
// row whose path is the longest prefix of it (a problem about a whole object
// lands on the object's first field).
func Locate(x Ctx, target string) (Step, int, bool) {
	best, bestStep, bestRow := -1, StepBasic, 0
	for _, s := range Steps {
		if !StepApplies(s, x.Channel, x.Delivery) {
			continue
		}
		for i, f := range Fields(s, x) {
			if !f.Editable() {
				continue
			}
			p := f.Path
			score := -1
			switch {
			case p == target:
				score = 1000
			case engine.Under(target, p):
				score = len(p)
			case engine.Under(p, target):
				score = len(target) - 1 // the first field inside the object
			default:
				// A hidden field: the nearest visible row of its object.
				if commonPath(p, target) > 0 {
					score = commonChars(p, target) / 4
				}
			}
			if score > best {
				best, bestStep, bestRow = score, s, i
			}
		}
	}
	return bestStep, bestRow, best >= 0
}

// --- Basic details -------------------------------------------------------

func (b *builder) basic() {
	x := b.x
	b.head("Campaign")
	b.text("basic_details.name", "Name")
	types := model.CreateDeliveryTypes(x.Channel)
	if x.Delivery != "" && !slices.Contains(types, x.Delivery) {
		types = append(slices.Clone(types), x.Delivery) // shown as stored, e.g. BROADCAST_LIVE_ACTIVITY
	}
	b.add(Field{Path: "campaign_delivery_type", Label: "Delivery type", Kind: Enum, Options: types,
		get: func(c *model.Campaign) string { return model.Str(c.CampaignDeliveryType) },
		set: func(c *model.Campaign, t string) error {
			if t == "" {
				return nil // a campaign always has a delivery type
			}
			c.CampaignDeliveryType = &t
			c.Extra.Fix("campaign_delivery_type")
			return nil
		}})
	b.text("basic_details.team", "Team")
	b.add(Field{Path: "basic_details.tags", Label: "Tags", Kind: List, Help: "comma separated"})
	if x.is(model.DeliveryBusinessEvent) {
		b.text("basic_details.business_event", "Business event")
	}
	if x.push() {
		b.add(Field{Path: "basic_details.platforms", Label: "Platforms", Kind: Multi, Options: []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}})
		if x.is(model.DeliveryEventTriggered) {
			b.flag("basic_details.send_to_triggered_platform_only", "Triggering platform only")
		}
		if x.hasPlatform(model.PlatformAndroid) {
			b.flag("basic_details.platform_specific_details.android.push_boost_plus_enabled", "Android push boost")
		}
		if x.hasPlatform(model.PlatformIOS) {
			b.add(iosAudience())
			if x.is(model.DeliveryLiveActivity) {
				b.text("basic_details.broadcast_live_activity_id", "Live activity id")
			}
		}
		if x.is(model.DeliveryLocationTriggered) {
			g := "basic_details.geofences."
			b.head("Geofence")
			b.text(g+"name", "Name")
			b.text(g+"latitude", "Latitude")
			b.text(g+"longitude", "Longitude")
			b.text(g+"radius", "Radius (m)")
			b.enum(g+"triggered_at", "Triggered at", model.TriggeredEntry, model.TriggeredExit, model.TriggeredDwell)
			if x.text(g+"triggered_at") == model.TriggeredDwell {
				b.text(g+"dwell_time_value", "Dwell time")
				b.enum(g+"dwell_time_granularity", "Dwell unit", model.Minutes, model.Hours, model.Days)
			}
			b.text(g+"response_time_value", "Response time")
			b.enum(g+"response_time_granularity", "Response unit", model.Minutes, model.Hours, model.Days)
		}
	}
	if x.email() {
		b.enum("basic_details.content_type", "Content type", model.ContentPromotional, model.ContentTransactional)
		if x.text("basic_details.content_type") == model.ContentPromotional || x.text("basic_details.subscription_category") != "" {
			b.text("basic_details.subscription_category", "Subscription category")
		}
		b.add(Field{Path: "basic_details.user_attribute_identifier", Label: "Recipient attribute", Kind: Text,
			Help: model.DefaultEmailAttribute + " or " + model.InternalEmailAttribute})
		b.head("Connector")
		b.enum("connector.connector_type", "Connector type", model.ConnectorTypes...)
		b.text("connector.connector_name", "Connector name")
	}
}

// iOS audience flags as one choice of three (exactly one must be true).
var iosFlags = []struct{ label, key string }{
	{"All eligible devices", "send_to_all_eligible_device"},
	{"Exclude provisional", "exclude_provisional_push_devices"},
	{"Only provisional", "send_to_only_provisional_push_enabled_devices"},
}

func iosAudience() Field {
	const p = "basic_details.platform_specific_details.ios"
	opts := make([]string, len(iosFlags))
	for i, f := range iosFlags {
		opts[i] = f.label
	}
	return Field{Path: p, Label: "iOS audience", Kind: Enum, Options: opts,
		get: func(c *model.Campaign) string {
			var on []string
			for _, f := range iosFlags {
				if b, _ := Get(c, p+"."+f.key).(bool); b {
					on = append(on, f.label)
				}
			}
			if len(on) == 1 {
				return on[0]
			}
			return ""
		},
		set: func(c *model.Campaign, text string) error {
			if text == "" {
				return Set(c, p, nil)
			}
			found := false
			for _, f := range iosFlags {
				found = found || f.label == text
			}
			if !found {
				return fmt.Errorf("%s: unknown choice %q", p, text)
			}
			for _, f := range iosFlags {
				if err := Set(c, p+"."+f.key, f.label == text); err != nil {
					return err
				}
			}
			return nil
		}}
}

// --- Trigger -------------------------------------------------------------

func (b *builder) trigger() {
	x := b.x
	const t = "trigger_condition."
	b.filterGroup(t+"included_filters", "Trigger when", 1)
	b.filterGroup(t+"secondary_included_filters", "And also", 1)
	b.head("Delay")
	types := []string{model.DelayASAP, model.DelayFixed}
	if x.push() {
		types = append(types, model.DelayIntelligent)
	}
	if !x.is(model.DeliveryDeviceTriggered) {
		b.enum(t+"trigger_delay_type", "Delay type", types...)
	}
	switch x.text(t + "trigger_delay_type") {
	case model.DelayFixed:
		b.num(t+"trigger_delay_value", "Delay")
		b.enum(t+"trigger_delay_granularity", "Delay unit", model.Minutes, model.Hours, model.Days)
		b.enum(t+"trigger_relation", "Relation", model.RelationAfter, model.RelationBefore)
	case model.DelayIntelligent:
		i := t + "intelligent_delay_optimization."
		b.num(i+"min_delay_value", "Min delay")
		b.enum(i+"min_delay_granularity", "Min unit", model.Minutes, model.Hours)
		b.num(i+"max_delay_value", "Max delay")
		b.enum(i+"max_delay_granularity", "Max unit", model.Hours, model.Days)
	}
	if x.is(model.DeliveryEventTriggered) || x.text(t+"trigger_relation") == model.RelationBefore {
		b.add(Field{Path: t + "trigger_attr", Label: "Trigger attribute", Kind: Value, Help: `"If Action" or {"name": …}`})
	}
}

// --- Schedule ------------------------------------------------------------

func (b *builder) schedule() {
	x := b.x
	const s = "scheduling_details."
	b.head("When")
	b.enum(s+"delivery_type", "Send", model.ScheduleASAP, model.ScheduleFixedTime, model.ScheduleBTS, model.ScheduleUserTimezone)
	dt := x.text(s + "delivery_type")
	b.add(Field{Path: s + "start_time", Label: "Start", Kind: Text, Help: "2026-12-01T09:00:00"})
	b.add(Field{Path: s + "expiry_time", Label: "Expiry", Kind: Text, Help: "2026-12-31T23:59:00"})
	if dt != model.ScheduleASAP || x.text(s+"timezone") != "" {
		b.add(Field{Path: s + "timezone", Label: "Time zone", Kind: Zone, Help: "IANA name, type to search"})
	}
	if x.is(model.DeliveryPeriodic) {
		p := s + "periodic_details."
		b.head("Repeat")
		b.enum(p+"sending_frequency", "Frequency", model.FrequencyDaily, model.FrequencyWeekly, model.FrequencyMonthly)
		b.num(p+"repeat_frequency", "Every N periods")
		b.num(p+"no_of_occurences", "Occurrences")
		freq := x.text(p + "sending_frequency")
		if freq == model.FrequencyMonthly {
			b.add(Field{Path: p + "repeat_on_date_of_month", Label: "Days of month", Kind: IntList, Help: "1–31, comma separated"})
		}
		if freq == model.FrequencyWeekly || freq == model.FrequencyMonthly {
			b.add(Field{Path: p + "repeat_on_days_of_week", Label: "Weekdays", Kind: Multi, Options: model.Weekdays})
		}
		if freq == model.FrequencyMonthly {
			b.list(p+"repeat_on_days_of_week_for_month", "week rule", func(q string, _ int) {
				b.enum(q+".week_granularity", "Week", model.WeekGranularities...)
				b.add(Field{Path: q + ".repeat_on_days_of_week", Label: "Weekdays", Kind: Multi, Options: model.Weekdays})
			}, nil)
		}
	}
	if dt == model.ScheduleBTS {
		p := s + "bts_details."
		b.head("Best time to send")
		b.flag(p+"send_in_bts", "Send in best time")
		b.add(Field{Path: p + "if_user_bts_is_not_available", Label: "If no best time", Kind: Text, Help: "send_at_start_time"})
		b.add(Field{Path: p + "if_user_bts_outside_time_window", Label: "If outside window", Kind: Text, Help: "send_at_window_end"})
		b.add(Field{Path: p + "window_end_time", Label: "Window end", Kind: Text, Help: "6:43 am"})
	}
	if dt == model.ScheduleUserTimezone {
		p := s + "user_timezone_details."
		b.head("User time zone")
		b.flag(p+"send_in_user_timezone", "Send in user's zone")
		b.flag(p+"send_if_user_timezone_has_passed", "Send if time has passed")
	}
	if x.is(model.DeliveryLocationTriggered) {
		p := s + "geo_fence_timelimit."
		b.head("Geofence time limit")
		b.enum(p+"notification_schedule", "Notify", model.NotifyAlways, model.NotifyLimitedTime)
		if x.text(p+"notification_schedule") == model.NotifyLimitedTime {
			b.list(p+"timebounds", "time window", func(q string, _ int) {
				b.text(q+".start_time", "From")
				b.text(q+".end_time", "To")
			}, nil)
		}
	}
}

// --- Delivery controls ---------------------------------------------------

func (b *builder) delivery() {
	x := b.x
	const d = "delivery_controls."
	const (
		ot, per, et, bet, dt, lt = model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered, model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered
	)
	b.head("Delivery")
	b.flag(d+"bypass_dnd", "Bypass do-not-disturb")
	if x.email() || !x.is(dt, lt, et) {
		b.num(d+"campaign_throttle_rpm", "Throttle (per minute)")
	}
	b.flag(d+"count_for_frequency_capping", "Count for frequency cap")
	b.flag(d+"ignore_frequency_capping", "Ignore frequency cap")
	if x.email() || x.is(et, dt) {
		b.num(d+"minimum_delay_between_two_notification_in_hour", "Min hours between sends")
	}
	if x.push() && x.is(dt) {
		b.text(d+"max_time_to_show_message_of_same_camapign", "Max hours to show")
		b.text(d+"expiry_time_of_sync_data_in_hour", "Sync data expiry (h)")
		b.flag(d+"send_message_in_offline_mode", "Send when offline")
	}
	if x.push() && x.is(lt) {
		b.text(d+"send_limit_value", "Send limit")
		b.text(d+"send_limit_granularity_in_hours", "Limit window (h)")
	}
	if x.push() && x.is(et) {
		b.flag(d+"ignore_global_minimum_delay", "Ignore global min delay")
	}
	if x.push() && x.is(ot, per, et, bet) {
		b.head("Queuing")
		b.add(Field{Path: d + "queuing_enabled", Label: "Queue blocked messages", Kind: Bool,
			Help: "Holds messages blocked by DND, frequency cap or min delay (with DND bypassed, only the last two); FIFO; dropped after the queue hours."})
		if x.truth(d + "queuing_enabled") {
			b.add(Field{Path: d + "queue_duration", Label: "Queue duration (hours)", Kind: Int, Help: "1–48"})
		}
	}
	transactional := x.email() && x.text("basic_details.content_type") == model.ContentTransactional
	if x.is(per, et) && !transactional {
		l := d + "limit_send_config."
		b.head("Send limit per user")
		b.flag(l+"enabled", "Limit sends")
		if x.truth(l + "enabled") {
			b.num(l+"max_count", "At most")
			b.num(l+"window_value", "Per")
			units := []string{model.Days, model.Weeks, model.Months, model.Year}
			if x.is(et) {
				units = append([]string{model.Hours}, units...)
			}
			b.enum(l+"window_unit", "Unit", units...)
		}
	}
}

// --- Goals, control group, UTM, audience limit, advanced ------------------

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// commonPath is the length of the longest shared dotted prefix of a and b.
func commonPath(a, b string) int {
	n := 0
	for i := 0; i < len(a) && i < len(b) && a[i] == b[i]; i++ {
		if a[i] == '.' {
			n = i
		}
	}
	return n
}

func commonChars(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// StepOf is the step that edits a target's component, from its first
// segment alone (cheap enough for every problem on every key press).
func StepOf(target string) Step {
	c := target
	if i := strings.IndexAny(c, ".["); i >= 0 {
		c = c[:i]
	}
	switch c {
	case "campaign_content":
		return StepContent
	case "segmentation_details":
		return StepAudience
	case "trigger_condition":
		return StepTrigger
	case "scheduling_details":
		return StepSchedule
	case "delivery_controls":
		return StepDelivery
	case "advanced", "conversion_goal_details", "control_group_details", "utm_params", "campaign_audience_limit":
		return StepMore
	}
	return StepBasic
}
