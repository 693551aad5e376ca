package forms

import (
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// EditNote says in words what can still be edited in a state, from the
// engine's state table, so a confirmation never promises an edit the
// service refuses ("Content and audience can still be edited while
// paused" was wrong: the audience is locked).
func EditNote(state string) string {
	locked, all := engine.Locked(state)
	if all {
		return "Nothing can be edited in this state."
	}
	if len(locked) == 0 {
		return "Every field can be edited."
	}
	var names []string
	for _, t := range locked {
		names = append(names, lockedNames[t])
	}
	free := []string{"content", "delivery controls", "the end of the schedule"}
	if !slices.Contains(locked, "segmentation_details") {
		free = append([]string{"the audience"}, free...)
	}
	return "While " + strings.ToLower(state) + ", " + joinAnd(free) + " can still be edited; " + joinAnd(names) + " cannot."
}

var lockedNames = map[string]string{
	"trigger_condition":                "the trigger",
	"segmentation_details":             "the audience",
	"conversion_goal_details":          "the goals",
	"scheduling_details.delivery_type": "how it is scheduled",
	"scheduling_details.start_time":    "the start time",
}

// typeWords names a delivery type in a sentence, with its article.
func typeWords(dt string) string {
	w := strings.ToLower(strings.ReplaceAll(dt, "_", "-"))
	switch dt {
	case model.DeliveryOneTime, model.DeliveryPeriodic:
	default:
		w = strings.Replace(w, "-triggered", " triggered", 1)
		w = strings.ReplaceAll(w, "-", " ")
		w = strings.Replace(w, " triggered", "-triggered", 1)
	}
	// "an event-triggered", but "a one-time": the sound decides, not
	// the letter.
	if strings.IndexAny(w[:1], "aeiu") == 0 {
		return "an " + w
	}
	return "a " + w
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// NoActionReason says why a campaign offers no status action: its channel,
// its delivery type or its state. Empty when some action is allowed.
func NoActionReason(channel, deliveryType, state string) string {
	if channel != model.ChannelPush && channel != model.ChannelEmail {
		return channel + " campaigns can be read but not stopped, paused or resumed through V5."
	}
	if len(engine.Actions(deliveryType, state)) > 0 {
		return ""
	}
	switch state {
	case model.StatusDraft:
		return "A draft is published, not stopped or paused."
	case model.StatusSent, model.StatusStopped, model.StatusArchived:
		return "A " + strings.ToLower(state) + " campaign is finished: no action applies."
	}
	if deliveryType == model.DeliveryAPITriggered {
		// The service can stop one (service-reference §3.14); this tool
		// leaves API-triggered campaigns out (decisions.md §1).
		return "This tool leaves API-triggered campaigns out: stop it through the service's V5 status route or its dashboard."
	}
	if deliveryType != model.DeliveryOneTime && deliveryType != model.DeliveryPeriodic && deliveryType != model.DeliveryEventTriggered {
		return upperFirst(typeWords(deliveryType)) + " campaign cannot be stopped, paused or resumed through V5."
	}
	return "No action applies to " + typeWords(deliveryType) + " campaign while " + strings.ToLower(state) + "."
}

// ActionRefusal explains, in words, why action is not possible now and what
// is; empty when it is allowed. The editor shows it instead of ignoring the
// key (s on an active event-triggered campaign did nothing).
func ActionRefusal(channel, deliveryType, state, action string) string {
	if r := NoActionReason(channel, deliveryType, state); r != "" {
		return r
	}
	allowed := engine.Actions(deliveryType, state)
	if slices.Contains(allowed, action) {
		return ""
	}
	verb := map[string]string{model.ActionStop: "stopped", model.ActionPause: "paused", model.ActionResume: "resumed"}[action]
	var alt []string
	for _, a := range allowed {
		alt = append(alt, strings.ToLower(a))
	}
	what := upperFirst(typeWords(deliveryType)) + " campaign"
	if action == model.ActionStop && deliveryType != model.DeliveryOneTime {
		return what + " cannot be stopped through V5; " + joinOr(alt) + " it instead."
	}
	return what + " cannot be " + verb + " while " + strings.ToLower(state) + "; " + joinOr(alt) + " it instead."
}

func joinOr(s []string) string {
	switch len(s) {
	case 0:
		return "leave"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Count writes n with its noun in the right number: "1 slide", "2 slides".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// ValidateVerdict words the service's validation of a campaign for its
// state and channel: only a draft is "ready to publish" or blocked from
// it; a published campaign's problems stop its next edit, and a channel V5
// only reads is neither published nor edited here.
func ValidateVerdict(channel, state string, problems int) string {
	switch {
	case channel != "" && channel != model.ChannelPush && channel != model.ChannelEmail:
		if problems == 0 {
			return "no problem found (" + channel + " campaigns are read-only here)"
		}
		return Count(problems, "problem") + " under the publish rules; " + channel + " campaigns are read-only here, so nothing is published or edited"
	case state == "":
		state = model.StatusDraft // not said: judged as the draft it was made as
	}
	switch {
	case state == model.StatusDraft && problems == 0:
		return "ready to publish"
	case state == model.StatusDraft && problems == 1:
		return "1 problem blocks publishing"
	case state == model.StatusDraft:
		return Count(problems, "problem") + " block publishing"
	case problems == 0:
		return "every publish rule passes (already " + strings.ToLower(state) + ")"
	}
	return Count(problems, "problem") + " (already " + strings.ToLower(state) + "; an edit is refused until they are fixed)"
}
