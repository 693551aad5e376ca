package forms

import (
	"strings"
	"sync"

	"github.com/campaigns-cli/campaigns/engine"
)

// Plain is a problem as a marketer reads it: the field named by its label in
// the form and one sentence on what is wrong and what is allowed. Rule and
// Target stay for the places engineers look (the JSON tab, a detail line).
type Plain struct {
	Rule   engine.RuleID
	Target string
	// Field is the label of the field, with its context ("iOS audience",
	// "Android title (es, variation 2)").
	Field string
	// Text is the whole message; it starts with Field and holds no JSON
	// path or key.
	Text string
}

// Describe turns an engine problem into plain language, from its data: the
// rule, the target, the keys its message names (engine.Problem.Parts), the
// value and the allowed values. The engine's own message (which the API
// returns) is kept in the problem and never read here. A problem the engine
// did not make (a service's answer) keeps the service's words, under the
// field's label.
func Describe(p engine.Problem) Plain {
	// The editor describes every problem on every key press: the same
	// problem always reads the same, so it is worded once.
	key := p.Key()
	memo.Lock()
	d, ok := memo.m[key]
	memo.Unlock()
	if ok {
		return d
	}
	d = describe(p)
	memo.Lock()
	if memo.m == nil || len(memo.m) >= 4096 {
		memo.m = make(map[engine.ProblemKey]Plain, 256)
	}
	memo.m[key] = d
	memo.Unlock()
	return d
}

type memoKey struct {
	rule                             engine.RuleID
	target, template, message, value string
}

var memo struct {
	sync.Mutex
	m map[engine.ProblemKey]Plain
}

func describe(p engine.Problem) Plain {
	field := Label(p.Target)
	text := ""
	if f := ruleText[p.Rule]; f != nil {
		text = f(field, p)
	}
	if text == "" {
		text = reword(field, p)
	}
	return Plain{Rule: p.Rule, Target: p.Target, Field: field, Text: tidy(text)}
}

// DescribeAll describes every problem, in order.
func DescribeAll(ps []engine.Problem) []Plain {
	out := make([]Plain, len(ps))
	for i, p := range ps {
		out[i] = Describe(p)
	}
	return out
}

// FieldTarget is the target of the row a problem belongs beside. Most
// problems name their field; a few name an object while one field inside it
// is the one to fill (a missing email body is fixed in the HTML row, not the
// first row of the email).
func FieldTarget(p engine.Problem) string {
	switch p.Rule {
	case engine.RuleEmailHTMLOrTemplate:
		return p.Target + ".html_content"
	case engine.RulePublishAudience:
		return "segmentation_details.is_all_user_campaign"
	case engine.RulePublishTriggerCondition:
		return "trigger_condition.included_filters.filters[0].filter_type"
	case engine.RuleTriggerIncludedFiltersRequired:
		return p.Target + ".filters[0].filter_type"
	}
	return p.Target
}

// ruleText holds the messages that read better written whole than reworded
// from the engine's template (which speaks of JSON shapes). Each returns the
// sentence for the field labelled field, from the problem's data.
var ruleText = map[engine.RuleID]func(field string, p engine.Problem) string{
	engine.RulePushIOSAudienceFlags: func(f string, _ engine.Problem) string {
		return f + ": choose one of All eligible devices, Exclude provisional or Only provisional."
	},
	engine.RuleEmailHTMLOrTemplate: func(_ string, p engine.Problem) string {
		if p.Value == engine.ValueBoth {
			return "Email body: use either HTML or a saved template, not both."
		}
		return "Email body is missing: write the HTML or choose a saved template."
	},
	engine.RuleEmailHTMLRequired: func(f string, _ engine.Problem) string {
		return f + " is empty: write the body of the email before publishing."
	},
	engine.RulePublishAudience: func(_ string, _ engine.Problem) string {
		return "Audience is empty: turn on All users or add at least one filter."
	},
	engine.RulePublishPlatforms: func(f string, _ engine.Problem) string {
		return f + ": choose at least one of ANDROID, IOS and WEB before publishing."
	},
	engine.RulePublishTriggerCondition:        missingTrigger,
	engine.RuleTriggerIncludedFiltersRequired: missingTrigger,
	engine.RulePublishCampaignContent:         missingContent,
	engine.RuleContentRequired:                missingContent,
	engine.RulePublishSchedulingDetails: func(_ string, _ engine.Problem) string {
		return "Schedule is missing: choose when to send."
	},
	engine.RulePublishSchedulingDeliveryType: func(f string, _ engine.Problem) string {
		return f + " is missing: choose ASAP, AT_FIXED_TIME, SEND_IN_BTS or SEND_IN_USER_TIMEZONE."
	},
	engine.RulePublishConnector:       missingConnector,
	engine.RuleEmailConnectorRequired: missingConnector,
	engine.RuleContentMixedShapes: func(_ string, _ engine.Problem) string {
		return "Content mixes a single message with per-locale messages: keep the per-locale ones and remove the other."
	},
	engine.RuleContentFlatWithLocales: func(_ string, _ engine.Problem) string {
		return "Content must be given per locale and variation once locales or an A/B test are set."
	},
	engine.RuleContentLocaleShape: func(f string, _ engine.Problem) string {
		return f + " is not a message: each locale holds one message per variation."
	},
	engine.RuleContentDefaultRequired: func(_ string, _ engine.Problem) string {
		return "Content for the default locale is missing: it is what every user without a translation gets."
	},
	engine.RuleDeliveryQueueDurationRequired: func(f string, _ engine.Problem) string {
		return f + " is missing: with queuing on, give 1 to 48 hours."
	},
	engine.RuleDeliveryBypassDNDRequired: func(f string, _ engine.Problem) string {
		return f + " must be set (yes or no) for event-triggered push campaigns."
	},
	engine.RulePushPlatformContentRequired: func(f string, _ engine.Problem) string {
		return f + " is missing: the platform is chosen in Platforms, so it needs a message."
	},
	engine.RuleVariationsManualSum: func(_ string, p engine.Problem) string {
		return "Variation shares must add up to 100 %, not " + p.Value + "."
	},
	engine.RuleContentPayloadRequired: func(f string, _ engine.Problem) string {
		return f + " is missing: write the message before publishing."
	},
	engine.RuleStateLocked: func(f string, p engine.Problem) string {
		return f + " cannot be changed while the campaign is " + p.Value + "."
	},
	engine.RuleTopStatusForbidden: func(_ string, _ engine.Problem) string {
		return "Status cannot be set by an edit: publish, pause or stop the campaign instead."
	},
	engine.RuleUTMCustomName: func(f string, _ engine.Problem) string {
		return f + ": every custom parameter needs a name before the =."
	},
	engine.RuleUTMCustomString: func(f string, _ engine.Problem) string {
		return f + ": a custom parameter's value must be text."
	},
	engine.RuleFilterSegmentRequired: func(f string, _ engine.Problem) string {
		return f + " is missing: a segment filter needs the segment's id."
	},
	RuleURLScheme: func(f string, _ engine.Problem) string {
		return f + " must be a web address starting with https:// or http://, like https://cdn.example.com/image.png."
	},
}

func missingTrigger(string, engine.Problem) string {
	return "Trigger is missing: add the event that sends the campaign."
}

func missingContent(string, engine.Problem) string {
	return "Content is missing: write the message before publishing."
}

func missingConnector(string, engine.Problem) string {
	return "Connector is missing: choose the connector type and name."
}

// plainPhrases are the editor's words for the engine's phrases about the
// wire: a marketer publishes, and never sends a string.
var plainPhrases = map[string]string{
	engine.PhrasePublish: "before publishing",
	engine.PhraseString:  ",",
}

// reword words the problem's message for the editor: every key it names
// becomes the label of that field (looked up beside the target), and a
// message that starts with its own field starts with the field's label.
func reword(field string, p engine.Problem) string {
	if p.Template == "" {
		return reported(field, p)
	}
	leaf := lastKey(p.Target)
	var b strings.Builder
	head, first := false, true
	p.Parts(func(kind engine.PartKind, s string) {
		switch kind {
		case engine.PartKey:
			if first && (s == p.Target || lastKey(s) == leaf && !strings.Contains(s, ".")) {
				b.WriteString(field)
				head = true
			} else {
				b.WriteString(lowerFirst(keyLabel(s, p.Target)))
			}
		case engine.PartPhrase:
			b.WriteString(plainPhrases[s])
		default:
			b.WriteString(s)
		}
		first = false
	})
	body := b.String()
	if head || strings.Contains(strings.ToLower(body), strings.ToLower(field)) {
		return body
	}
	return field + ": " + lowerFirst(body)
}

// reported words a problem the engine did not make (a service's answer):
// the service's words as they came, after the field's label. A message
// that opens with the problem's own target or key (as services' messages
// do) opens with the label instead: the target is data, the rest of the
// sentence is not read.
func reported(field string, p engine.Problem) string {
	msg := p.Message
	if rest, ok := strings.CutPrefix(msg, p.Target); ok && p.Target != "" && strings.HasPrefix(rest, " ") {
		return field + rest
	}
	if leaf := lastKey(p.Target); leaf != "" {
		if rest, ok := strings.CutPrefix(msg, leaf+" "); ok {
			return field + " " + rest
		}
	}
	return field + ": " + lowerFirst(msg)
}

func parentPath(t string) string {
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		return t[:i]
	}
	return ""
}

// keyLabel labels a key or path named in a message about target: an
// absolute path, a sibling, a child, or a key of an ancestor.
func keyLabel(tok, target string) string {
	if varRe.MatchString(tok) && varRe.FindString(tok) == tok {
		return strings.ReplaceAll(tok, "_", " ")
	}
	if strings.Contains(tok, ".") && topKey(tok) {
		if _, ok := FieldLabel(tok); ok {
			return Label(tok)
		}
	}
	for p := target; ; p = parentPath(p) {
		for _, cand := range []string{p + "." + tok, parentPath(p) + "." + tok} {
			if l, ok := lookupLabel(normTarget(strings.TrimPrefix(cand, "."))); ok {
				return l
			}
		}
		if p == "" {
			break
		}
	}
	if l, ok := lookupLabel(normTarget(tok)); ok {
		return l
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "_", " "), ".", " ")
}

func topKey(tok string) bool {
	k, _, _ := strings.Cut(tok, ".")
	switch k {
	case "basic_details", "campaign_content", "segmentation_details", "trigger_condition", "scheduling_details",
		"delivery_controls", "conversion_goal_details", "control_group_details", "utm_params", "campaign_audience_limit", "advanced", "connector":
		return true
	}
	return false
}

func tidy(s string) string {
	s = strings.TrimSpace(s)
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	s = upperFirst(s)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// ProblemLine is a problem in the one wording every place shows it (the
// editor, the inspector, `campaigns validate` on a terminal, the
// checklist); its path goes beside it as the detail.
func ProblemLine(p engine.Problem) string { return Describe(p).Text }
