package forms

import (
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

func (b *builder) more() {
	x := b.x
	g := "conversion_goal_details."
	b.head("Conversion goals")
	b.num(g+"attribution_window_in_hours", "Attribution window (h)")
	b.list(g+"goals", "goal", func(p string, _ int) {
		b.text(p+".goal_name", "Name")
		b.text(p+".goal_event_name", "Event")
		b.flag(p+".is_primary_goal", "Primary")
		b.text(p+".revenue_attribute", "Revenue attribute")
		b.text(p+".revenue_currency", "Currency")
		a := p + ".goal_event_attribute."
		b.text(a+"name", "Attribute")
		b.text(a+"condition", "Condition")
		b.enum(a+"data_type", "Data type", model.GoalDataTypes...)
		b.text(a+"value", "Value")
		if x.text(a+"condition") == "between" {
			b.text(a+"value1", "Up to")
		}
		b.flag(a+"negate", "Negate")
		b.text(a+"value_type", "Value type")
		b.text(a+"array_filter_type", "Array filter")
		b.flag(a+"is_case_sensitive", "Case sensitive")
		if dt := x.text(a + "data_type"); dt == "OBJECT" || dt == "ARRAY_OBJECT" {
			b.add(Field{Path: a + "filters", Label: "Object filters", Kind: Value, Help: "JSON list of filter objects"})
		}
	}, func(c *model.Campaign, p string) error {
		if p == g+"goals[0]" { // the first goal is the primary one
			return Set(c, p+".is_primary_goal", true)
		}
		return nil
	})

	cg := "control_group_details."
	b.head("Control group")
	b.flag(cg+"is_campaign_control_group_enabled", "Campaign control group")
	if x.truth(cg + "is_campaign_control_group_enabled") {
		b.add(Field{Path: cg + "campaign_control_group_percentage", Label: "Control group %", Kind: Int, Help: "0–100"})
	}
	b.flag(cg+"is_global_control_group_enabled", "Global control group")

	u := "utm_params."
	b.head("UTM parameters")
	b.text(u+"utm_source", "Source")
	b.text(u+"utm_medium", "Medium")
	b.text(u+"utm_campaign", "Campaign")
	b.text(u+"utm_term", "Term")
	b.text(u+"utm_content", "Content")
	b.text(u+"utm_custom", "Custom value")
	b.add(utmCustom())

	if !x.is(model.DeliveryLiveActivity) && (x.AudienceLimit || x.C.CampaignAudienceLimit != nil) {
		a := "campaign_audience_limit."
		b.head("Audience limit")
		b.flag(a+"is_campaign_audience_limit_enabled", "Limit audience")
		if x.truth(a + "is_campaign_audience_limit_enabled") {
			if !x.is(model.DeliveryOneTime) {
				b.enum(a+"metric", "Metric", model.MetricSent)
				freq := []string{model.FrequencyTotal}
				if x.push() && x.is(model.DeliveryPeriodic) {
					freq = append(freq, model.FrequencyInstance)
				}
				b.enum(a+"frequency", "Frequency", freq...)
			}
			b.add(Field{Path: a + "limit", Label: "Limit", Kind: Int, Help: "1–9999999999"})
		}
	}

	if x.push() {
		ad := "advanced."
		b.head("Advanced")
		e := ad + "expiration_settings."
		b.num(e+"expire_notification_after_value", "Expire after")
		b.enum(e+"expire_notification_after_type", "Expire unit", model.Hour, model.Day)
		b.num(e+"remove_from_inbox_after_value", "Remove from inbox after")
		b.enum(e+"remove_from_inbox_after_type", "Inbox unit", model.Day)
		if x.hasPlatform(model.PlatformAndroid) {
			b.flag(ad+"platform_level_priority.android_specific_priority.send_with_priority", "Android high priority")
		}
		if x.hasPlatform(model.PlatformIOS) {
			i := ad + "platform_level_priority.ios_specific_priority."
			b.enum(i+"apns_priority", "APNs priority", model.APNSPriorities...)
			b.enum(i+"interruption_level", "Interruption level", model.InterruptionPassive, model.InterruptionActive, model.InterruptionTimeSensitive, model.InterruptionCritical)
			b.enum(i+"relevance_score", "Relevance score", "0", "0.5", "1")
		}
	}
}

var utmNamed = []string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_custom"}

// utmCustom edits the custom UTM keys, which live in utm_params' unknown keys.
func utmCustom() Field {
	return Field{Path: "utm_params", Label: "Custom parameters", Kind: Pairs, Help: "key=value, at most 5",
		get: func(c *model.Campaign) string {
			if c.UTMParams == nil {
				return ""
			}
			var kv []model.KeyValue
			for _, k := range sortedKeys(c.UTMParams.Extra.Unknown) {
				v := fmt.Sprint(c.UTMParams.Extra.Unknown[k])
				kv = append(kv, model.KeyValue{Key: &k, Value: &v})
			}
			return formatKV(kv)
		},
		set: func(c *model.Campaign, text string) error {
			if c.UTMParams == nil {
				if strings.TrimSpace(text) == "" {
					return nil
				}
				c.UTMParams = &model.UTMParams{}
			}
			c.UTMParams.Extra.Unknown = nil
			for _, p := range parseKV(text) {
				if *p.Key == "" || slices.Contains(utmNamed, *p.Key) {
					continue
				}
				c.UTMParams.Extra.SetUnknown(*p.Key, *p.Value)
			}
			return nil
		}}
}
