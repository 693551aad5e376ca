package forms

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Summary is the Review step in words: what a marketer checks before
// publishing, without opening each step.
type Summary struct {
	Lines  []SummaryLine
	Matrix Matrix
	// Push is what goes out on each push platform (PushLines), shown after
	// the matrix.
	Push []SummaryLine
	// ReadOnlyContent: the channel is one V5 only reads (SMS, WhatsApp,
	// unknown ones); its content is a "Content" line in words, field by
	// field, instead of the push/email matrix.
	ReadOnlyContent bool
}

// SummaryLine is one line of the summary: a short heading and a sentence.
type SummaryLine struct {
	Head string
	Text string
}

// Matrix is the content matrix: for each locale × variation × platform,
// whether that message is complete (no problem under it).
type Matrix struct {
	Locales    []string
	Variations []string
	Platforms  []string // PUSH platforms; one "EMAIL" column for Email
	// Ready[locale][variation][platform]
	Ready map[string]map[string]map[string]bool
}

// SummaryOpts are what the summary needs besides the campaign.
type SummaryOpts struct {
	// Local is the user's time zone, to show when the campaign goes out
	// for them; nil leaves it out.
	Local *time.Location
	// LocalLabel names Local's time ("your time" when empty; "server time"
	// when the user's zone is not known).
	LocalLabel string
	// Reach is the service's reachability estimate, -1 when it has none.
	Reach int64
	// ReachOf is the number of users the estimate counted among (0: not
	// said); ReachPartial, that parts of the audience could not be counted.
	ReachOf      int64
	ReachPartial bool
	// Problems are the campaign's current problems (publish phase); nil
	// validates here.
	Problems []engine.Problem
}

// Summarize describes c in words. It is pure: the same campaign and options
// give the same summary.
func Summarize(c *model.Campaign, o SummaryOpts) Summary {
	if c == nil {
		c = &model.Campaign{}
	}
	probs := o.Problems
	if probs == nil {
		probs = engine.Validate(c, engine.PhasePublish, engine.Options{})
	}
	var s Summary
	add := func(head, text string) {
		if text != "" {
			s.Lines = append(s.Lines, SummaryLine{Head: head, Text: text})
		}
	}
	add("Campaign", campaignLine(c))
	aud := AudienceText(c.SegmentationDetails)
	add("Audience", aud)
	if o.Reach >= 0 && aud != "" {
		add("Reach", reachText(o))
	}
	if HasTrigger(model.Str(c.Channel), model.Str(c.CampaignDeliveryType)) {
		add("Trigger", TriggerText(c.TriggerCondition))
	}
	add("Schedule", ScheduleTextAs(c.SchedulingDetails, o.Local, cmp.Or(o.LocalLabel, "your time")))
	add("Delivery", DeliveryText(c.DeliveryControls))
	add("Goals", GoalsText(c.ConversionGoalDetails))
	add("Control group", ControlText(c.ControlGroupDetails))
	add("UTM", UTMText(c.UTMParams))
	switch model.Str(c.Channel) {
	case model.ChannelPush, model.ChannelEmail:
	default:
		s.ReadOnlyContent = true
		add("Content", readOnlyContent(c))
		return s
	}
	s.Matrix = ContentMatrix(c, probs)
	s.Push = PushLines(c)
	return s
}

// reachText words the estimate: "about 1,234 users", "12 of the
// service's 48 users".
func reachText(o SummaryOpts) string {
	out := "about " + Thousands(o.Reach) + " users"
	if o.ReachOf > 0 {
		out = Thousands(o.Reach) + " of the service's " + Thousands(o.ReachOf) + " users"
	}
	if o.ReachPartial {
		out += "; some filters could not be counted"
	}
	return out
}

func campaignLine(c *model.Campaign) string {
	var parts []string
	if ch := model.Str(c.Channel); ch != "" {
		parts = append(parts, words(ch))
	}
	if dt := model.Str(c.CampaignDeliveryType); dt != "" {
		parts = append(parts, words(dt))
	}
	if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		var ps []string
		for _, p := range c.BasicDetails.Platforms {
			ps = append(ps, PlatformName(p))
		}
		parts = append(parts, strings.Join(ps, " and "))
	}
	return strings.Join(parts, " · ")
}

// words turns an enum into words: EVENT_TRIGGERED → "Event triggered".
func words(enum string) string {
	return upperFirst(strings.ToLower(strings.ReplaceAll(enum, "_", " ")))
}

// AudienceText says who receives the campaign: "users in City Madrid or
// Sevilla, or in segment VIP customers".
func AudienceText(s *model.Segmentation) string {
	if s == nil {
		return ""
	}
	var out string
	switch {
	case s.IsAllUserCampaign != nil && *s.IsAllUserCampaign:
		out = "all users"
	case s.IncludedFilters != nil && len(s.IncludedFilters.Filters) > 0:
		out = "users " + groupText(s.IncludedFilters)
	default:
		return "no one yet: choose All users or add a filter"
	}
	if s.ExcludedFilters != nil && len(s.ExcludedFilters.Filters) > 0 {
		out += ", except users " + groupText(s.ExcludedFilters)
	}
	if s.SendCampaignToOptOutUsers != nil && *s.SendCampaignToOptOutUsers {
		out += ", opted-out users included"
	}
	return out
}

// TriggerText says when a triggered campaign goes: "30 minutes after
// product_viewed".
func TriggerText(t *model.TriggerCondition) string {
	if t == nil || t.IncludedFilters == nil || len(t.IncludedFilters.Filters) == 0 {
		return "no trigger yet: add the event that sends it"
	}
	// Events say when; other filters (a location trigger's user
	// attributes) say for whom: "right after whose…" is no sentence.
	var events, conds []string
	for _, f := range t.IncludedFilters.Filters {
		if model.Str(f.FilterType) == model.FilterActions {
			events = append(events, eventText(f))
		} else {
			conds = append(conds, filterText(f))
		}
	}
	if len(events) == 0 {
		return "when it fires, for users " + strings.Join(conds, ", and ")
	}
	ev := orList(events)
	if len(events) > 1 && model.Str(t.IncludedFilters.FilterOperator) != model.OperatorOr {
		ev = strings.Join(events, " and ")
	}
	var out string
	switch model.Str(t.TriggerDelayType) {
	case model.DelayFixed:
		rel := "after"
		if model.Str(t.TriggerRelation) == model.RelationBefore {
			rel = "before"
		}
		out = amount(t.TriggerDelayValue, model.Str(t.TriggerDelayGranularity)) + " " + rel + " " + ev
	case model.DelayIntelligent:
		out = "at the best moment after " + ev
		if d := t.IntelligentDelayOptimization; d != nil {
			out += " (between " + amount(d.MinDelayValue, model.Str(d.MinDelayGranularity)) + " and " + amount(d.MaxDelayValue, model.Str(d.MaxDelayGranularity)) + ")"
		}
	default:
		out = "right after " + ev
	}
	if len(conds) > 0 {
		out += ", for users " + strings.Join(conds, ", and ")
	}
	if g := t.SecondaryIncludedFilters; g != nil && len(g.Filters) > 0 {
		out += ", for users " + groupText(g)
	}
	return out
}

// amount renders 30 + MINUTES as "30 minutes".
func amount(v *int64, unit string) string {
	n := int64(0)
	if v != nil {
		n = *v
	}
	u := strings.ToLower(unit)
	if u == "" {
		u = "(unit not set)"
	} else if n == 1 {
		u = strings.TrimSuffix(u, "s")
	}
	return strconv.FormatInt(n, 10) + " " + u
}

const wireTime = "2006-01-02T15:04:05"

// ScheduleText says when the campaign goes out, in its time zone and, when
// local is given, in the user's: "from 1 Mar 2027 09:00 Europe/Madrid
// (08:00 your time, UTC) until 30 Jun 2027 23:59".
func ScheduleText(s *model.Scheduling, local *time.Location) string {
	return ScheduleTextAs(s, local, "your time")
}

// ScheduleTextAs is ScheduleText naming the local time as label ("server
// time" when the user's own zone is not known, over SSH). It reads the
// request form (start_time, timezone) and the service's read form
// (schedule_time, time_zone, delivery_type SCHEDULED or PERIODIC) alike.
func ScheduleTextAs(s *model.Scheduling, local *time.Location, label string) string {
	return scheduleText(s, local, label, "")
}

// scheduleText is ScheduleTextAs with head, when given, saying when it
// starts instead of the delivery type and start time.
func scheduleText(s *model.Scheduling, local *time.Location, label, head string) string {
	if s == nil {
		return ""
	}
	win := WindowOf(s)
	at := func(v string) string { return win.At(v, local, label) }
	out := head
	switch dt := win.Delivery; {
	case head != "":
	case dt == model.ScheduleASAP:
		out = "as soon as it is published"
	case dt == model.ScheduleFixedTime, dt == readScheduled, dt == readPeriodic:
		out = "from " + orBlank(at(win.Start))
	case dt == model.ScheduleBTS:
		out = "at each user's best time, from " + orBlank(at(win.Start))
	case dt == model.ScheduleUserTimezone:
		out = "in each user's own time zone, from " + orBlank(at(win.Start))
	case dt == "":
		out = "not chosen yet"
	default:
		out = words(dt)
	}
	if p := s.PeriodicDetails; p != nil && p.SendingFrequency != nil {
		every := int64(1)
		if p.RepeatFrequency != nil {
			every = *p.RepeatFrequency
		}
		unit := map[string]string{model.FrequencyDaily: "day", model.FrequencyWeekly: "week", model.FrequencyMonthly: "month"}[*p.SendingFrequency]
		rep := "every " + unit
		if every > 1 {
			rep = "every " + strconv.FormatInt(every, 10) + " " + unit + "s"
		}
		if len(p.RepeatOnDaysOfWeek) > 0 {
			days := make([]string, len(p.RepeatOnDaysOfWeek))
			for i, d := range p.RepeatOnDaysOfWeek {
				days[i] = words(d) // MONDAY → Monday
			}
			rep += " on " + andList(days)
		}
		out += ", " + rep
	}
	if e := at(win.Expiry); e != "" {
		out += ", until " + e
	}
	return out
}

// DeliveryText lists the delivery controls that are on.
func DeliveryText(d *model.DeliveryControls) string {
	if d == nil {
		return ""
	}
	var parts []string
	if d.BypassDND != nil {
		if *d.BypassDND {
			parts = append(parts, "bypasses do-not-disturb")
		} else {
			parts = append(parts, "respects do-not-disturb")
		}
	}
	if d.QueuingEnabled != nil && *d.QueuingEnabled {
		q := "queues blocked messages"
		if d.QueueDuration != nil {
			q += " for up to " + amount(d.QueueDuration, model.Hours)
		}
		parts = append(parts, q)
	}
	if d.MinimumDelayBetweenTwoNotificationInHour != nil && *d.MinimumDelayBetweenTwoNotificationInHour > 0 {
		parts = append(parts, "at least "+amount(d.MinimumDelayBetweenTwoNotificationInHour, model.Hours)+" between two notifications")
	}
	if d.IgnoreGlobalMinimumDelay != nil && *d.IgnoreGlobalMinimumDelay {
		parts = append(parts, "ignores the global minimum delay")
	}
	if d.CountForFrequencyCapping != nil && *d.CountForFrequencyCapping {
		parts = append(parts, "counts for the frequency cap")
	}
	if d.IgnoreFrequencyCapping != nil && *d.IgnoreFrequencyCapping {
		parts = append(parts, "ignores the frequency cap")
	}
	if d.CampaignThrottleRPM != nil {
		parts = append(parts, "at most "+Thousands(*d.CampaignThrottleRPM)+" messages a minute")
	}
	if l := d.LimitSendConfig; l != nil && l.Enabled != nil && *l.Enabled && l.MaxCount != nil {
		parts = append(parts, "at most "+times(*l.MaxCount)+" per user in "+amount(l.WindowValue, model.Str(l.WindowUnit)))
	}
	return upperFirst(strings.Join(parts, ", "))
}

// GoalsText lists the conversion goals.
func GoalsText(g *model.ConversionGoals) string {
	if g == nil || len(g.Goals) == 0 {
		return ""
	}
	var parts []string
	for _, goal := range g.Goals {
		p := orBlank(model.Str(goal.GoalName))
		if ev := model.Str(goal.GoalEventName); ev != "" {
			p += " (" + ev + ")"
		}
		if goal.IsPrimaryGoal != nil && *goal.IsPrimaryGoal {
			p += ", primary"
		}
		parts = append(parts, p)
	}
	out := strings.Join(parts, "; ")
	if g.AttributionWindowInHours != nil {
		out += "; conversions counted for " + amount(g.AttributionWindowInHours, model.Hours) + " after sending"
	}
	return out
}

// ControlText describes the control groups.
func ControlText(c *model.ControlGroup) string {
	if c == nil {
		return ""
	}
	var parts []string
	if c.IsCampaignControlGroupEnabled != nil && *c.IsCampaignControlGroupEnabled {
		p := "campaign control group"
		if c.CampaignControlGroupPercentage != nil {
			p = strconv.FormatInt(*c.CampaignControlGroupPercentage, 10) + "% held back as a control group"
		}
		parts = append(parts, p)
	}
	if c.IsGlobalControlGroupEnabled != nil && *c.IsGlobalControlGroupEnabled {
		parts = append(parts, "global control group excluded")
	}
	if len(parts) == 0 {
		return "none"
	}
	return upperFirst(strings.Join(parts, ", "))
}

// UTMText lists the UTM parameters as key=value.
func UTMText(u *model.UTMParams) string {
	if u == nil {
		return ""
	}
	var parts []string
	for _, kv := range []struct {
		k string
		v *string
	}{{"utm_source", u.UTMSource}, {"utm_medium", u.UTMMedium}, {"utm_campaign", u.UTMCampaign}, {"utm_term", u.UTMTerm}, {"utm_content", u.UTMContent}, {"utm_custom", u.UTMCustom}} {
		if kv.v != nil {
			parts = append(parts, kv.k+"="+*kv.v)
		}
	}
	for _, k := range sortedKeys(u.Extra.Unknown) {
		parts = append(parts, k+"="+fmt.Sprint(u.Extra.Unknown[k]))
	}
	return strings.Join(parts, ", ")
}

// ContentMatrix marks each message complete or not: a cell is ready when
// it exists and no problem points inside it.
func ContentMatrix(c *model.Campaign, probs []engine.Problem) Matrix {
	m := Matrix{Locales: Locales(c), Variations: Variations(c), Ready: map[string]map[string]map[string]bool{}}
	email := model.Str(c.Channel) == model.ChannelEmail
	if email {
		m.Platforms = []string{model.ChannelEmail}
	} else if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		m.Platforms = Platforms(c)
	}
	for _, l := range m.Locales {
		m.Ready[l] = map[string]map[string]bool{}
		for _, v := range m.Variations {
			m.Ready[l][v] = map[string]bool{}
			msg := Message(c, l, v)
			for _, p := range m.Platforms {
				prefix := MessagePath(c, l, v)
				ok := msg != nil
				if email {
					prefix += ".email"
					ok = ok && msg.Email != nil
				} else {
					prefix += ".push." + strings.ToLower(p)
					ok = ok && msg.Push != nil && pushFor(msg.Push, p)
				}
				if ok {
					ok = !slices.ContainsFunc(probs, func(pr engine.Problem) bool {
						return engine.Under(pr.Target, prefix)
					})
				}
				m.Ready[l][v][p] = ok
			}
		}
	}
	return m
}

func pushFor(p *model.PushContent, platform string) bool {
	switch platform {
	case model.PlatformAndroid:
		return p.Android != nil
	case model.PlatformIOS:
		return p.IOS != nil
	case model.PlatformWeb:
		return p.Web != nil
	}
	return false
}

// Rows renders the matrix as lines of text, one per locale × variation:
// "es  variation 2   Android ✓  iOS ✗".
func (m Matrix) Rows() []string {
	var out []string
	for _, l := range m.Locales {
		for _, v := range m.Variations {
			var b strings.Builder
			fmt.Fprintf(&b, "%-8s %-12s", l, strings.ReplaceAll(v, "_", " "))
			for _, p := range m.Platforms {
				mark := "✗"
				if m.Ready[l][v][p] {
					mark = "✓"
				}
				name := PlatformName(p)
				if p == model.ChannelEmail {
					name = "Email"
				}
				fmt.Fprintf(&b, " %s %s ", name, mark)
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
	}
	return out
}
