package engine

import (
	"fmt"
	"slices"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// ActionError is the 422-class answer to a status action the campaign's
// delivery type or state does not allow.
type ActionError struct{ Message string }

func (e *ActionError) Error() string { return e.Message }

// actionRule is one row of service-reference §3.14 (API_TRIGGERED rows left
// out: decisions.md §1.4).
type actionRule struct {
	action string
	types  []string
	from   []string
}

var actionRules = []actionRule{
	{model.ActionStop, []string{model.DeliveryOneTime}, []string{model.StatusActive, model.StatusScheduled, model.StatusPaused, model.StatusSending}},
	{model.ActionPause, []string{model.DeliveryPeriodic, model.DeliveryEventTriggered}, []string{model.StatusActive, model.StatusScheduled, model.StatusSending}},
	{model.ActionResume, []string{model.DeliveryPeriodic, model.DeliveryEventTriggered}, []string{model.StatusPaused}},
}

// Actions lists the status actions a campaign of this delivery type allows in
// this state, in the order STOP, PAUSE, RESUME.
func Actions(deliveryType, state string) []string {
	var out []string
	for _, r := range actionRules {
		if slices.Contains(r.types, deliveryType) && slices.Contains(r.from, state) {
			out = append(out, r.action)
		}
	}
	return out
}

// CheckAction says whether a status action is allowed and which state it
// leads to (decisions.md §2 "status actions"). startAhead tells RESUME whether
// the campaign's start time is still in the future.
func CheckAction(deliveryType, state, action string, startAhead bool) (string, error) {
	if action == model.ActionPublish {
		return "", &ActionError{"Action PUBLISH is not available in V5: publish with PATCH /core-services/v1/campaigns/{campaign_id}."}
	}
	var rule *actionRule
	for i := range actionRules {
		if actionRules[i].action == action {
			rule = &actionRules[i]
		}
	}
	if rule == nil {
		return "", &ActionError{fmt.Sprintf("Unknown action %q: use STOP, PAUSE or RESUME.", action)}
	}
	if !slices.Contains(rule.types, deliveryType) {
		return "", &ActionError{fmt.Sprintf("Action %s is not valid for a %s campaign.", action, deliveryType)}
	}
	if !slices.Contains(rule.from, state) {
		return "", &ActionError{fmt.Sprintf("Action %s is not valid for a campaign in %s state.", action, state)}
	}
	switch action {
	case model.ActionPause:
		return model.StatusPaused, nil
	case model.ActionStop:
		return model.StatusStopped, nil
	}
	if startAhead {
		return model.StatusScheduled, nil
	}
	return model.StatusActive, nil
}

// Locked tells which targets the state table of decisions.md §2 row 1 locks:
// all is true when the state allows no edit at all (409).
func Locked(state string) (targets []string, all bool) {
	switch state {
	case model.StatusDraft, "":
		return nil, false
	case model.StatusScheduled:
		return []string{"scheduling_details.delivery_type"}, false
	case model.StatusActive, model.StatusPaused, model.StatusSending:
		return []string{"trigger_condition", "segmentation_details", "conversion_goal_details", "scheduling_details.delivery_type", "scheduling_details.start_time"}, false
	}
	return nil, true // STOPPED, ARCHIVED, SENT and anything unknown
}

// StartAhead reports whether the campaign's start time is still to come at
// now: scheduling_details.start_time read in its timezone, or the read
// form's schedule_time in time_zone (decisions.md §2 "read form"); a zone
// that is absent or not an IANA name reads as UTC, as the spec reads an
// absent one. It tells RESUME and publish whether the campaign is SCHEDULED.
// Every door (the service, the commands, MCP) asks this one function.
func StartAhead(c *model.Campaign, now time.Time) bool {
	sd := c.SchedulingDetails
	if sd == nil {
		return false
	}
	at, tz := sd.StartTime, sd.Timezone
	if at == nil {
		at, tz = sd.ScheduleTime, sd.TimeZone
	}
	if at == nil {
		return false
	}
	loc := time.UTC
	if tz != nil && ValidTimezone(*tz) {
		if l, err := time.LoadLocation(*tz); err == nil {
			loc = l
		}
	}
	t, ok := ParseDateTime(*at, loc)
	return ok && t.After(now)
}
