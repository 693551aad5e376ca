package forms

import (
	"regexp"
	"strings"
	"sync"

	"github.com/campaigns-cli/campaigns/engine"
)

// Plain is a problem as a marketer reads it: the field named by its label in
// the form and one sentence on what is wrong and what is allowed. Rule and
// Target stay for the places engineers look (the JSON tab, a detail line).
type Plain struct {
	Rule   string
	Target string
	// Field is the label of the field, with its context ("iOS audience",
	// "Android title (es, variation 2)").
	Field string
	// Text is the whole message; it starts with Field and holds no JSON
	// path or key.
	Text string
}

// Describe turns an engine problem into plain language. The engine's own
// message (which the API returns) is kept in the problem; this one is for
// the editor.
func Describe(p engine.Problem) Plain {
	// The editor describes every problem on every key press: the same
	// problem always reads the same, so it is worded once.
	memo.Lock()
	d, ok := memo.m[p]
	memo.Unlock()
	if ok {
		return d
	}
	d = describe(p)
	memo.Lock()
	if memo.m == nil || len(memo.m) >= 4096 {
		memo.m = make(map[engine.Problem]Plain, 256)
	}
	memo.m[p] = d
	memo.Unlock()
	return d
}

var memo struct {
	sync.Mutex
	m map[engine.Problem]Plain
}

func describe(p engine.Problem) Plain {
	field := Label(p.Target)
	text := ""
	if f := ruleText[p.Rule]; f != nil {
		text = f(field, p)
	}
	if text == "" {
		text = rewrite(field, p)
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
	case "email.html_or_template":
		return p.Target + ".html_content"
	case "publish.audience":
		return "segmentation_details.is_all_user_campaign"
	case "publish.trigger_condition":
		return "trigger_condition.included_filters.filters[0].filter_type"
	case "trigger.included_filters_required":
		return p.Target + ".filters[0].filter_type"
	}
	return p.Target
}

// ruleText holds the messages that read better written whole than rewritten
// from the engine's (which speak of JSON shapes). Each returns the sentence
// for the field labelled field.
var ruleText = map[string]func(field string, p engine.Problem) string{
	"push.ios.audience_flags": func(f string, _ engine.Problem) string {
		return f + ": choose one of All eligible devices, Exclude provisional or Only provisional."
	},
	"email.html_or_template": func(_ string, p engine.Problem) string {
		if strings.Contains(p.Message, "not both") {
			return "Email body: use either HTML or a saved template, not both."
		}
		return "Email body is missing: write the HTML or choose a saved template."
	},
	"email.html_required": func(f string, _ engine.Problem) string {
		return f + " is empty: write the body of the email before publishing."
	},
	"publish.audience": func(_ string, _ engine.Problem) string {
		return "Audience is empty: turn on All users or add at least one filter."
	},
	"publish.platforms": func(f string, _ engine.Problem) string {
		return f + ": choose at least one of ANDROID, IOS and WEB before publishing."
	},
	"publish.trigger_condition": func(_ string, _ engine.Problem) string {
		return "Trigger is missing: add the event that sends the campaign."
	},
	"trigger.included_filters_required": func(_ string, _ engine.Problem) string {
		return "Trigger is missing: add the event that sends the campaign."
	},
	"publish.campaign_content": func(_ string, _ engine.Problem) string {
		return "Content is missing: write the message before publishing."
	},
	"content.required": func(_ string, _ engine.Problem) string {
		return "Content is missing: write the message before publishing."
	},
	"publish.scheduling_details": func(_ string, _ engine.Problem) string {
		return "Schedule is missing: choose when to send."
	},
	"publish.scheduling_delivery_type": func(f string, _ engine.Problem) string {
		return f + " is missing: choose ASAP, AT_FIXED_TIME, SEND_IN_BTS or SEND_IN_USER_TIMEZONE."
	},
	"publish.connector": func(_ string, _ engine.Problem) string {
		return "Connector is missing: choose the connector type and name."
	},
	"email.connector_required": func(_ string, _ engine.Problem) string {
		return "Connector is missing: choose the connector type and name."
	},
	"content.mixed_shapes": func(_ string, _ engine.Problem) string {
		return "Content mixes a single message with per-locale messages: keep the per-locale ones and remove the other."
	},
	"content.flat_with_locales": func(_ string, _ engine.Problem) string {
		return "Content must be given per locale and variation once locales or an A/B test are set."
	},
	"content.locale_shape": func(f string, _ engine.Problem) string {
		return f + " is not a message: each locale holds one message per variation."
	},
	"content.default_required": func(_ string, _ engine.Problem) string {
		return "Content for the default locale is missing: it is what every user without a translation gets."
	},
	"delivery.queue_duration_required": func(f string, _ engine.Problem) string {
		return f + " is missing: with queuing on, give 1 to 48 hours."
	},
	"delivery.bypass_dnd_required": func(f string, _ engine.Problem) string {
		return f + " must be set (yes or no) for event-triggered push campaigns."
	},
	"push.platform_not_targeted": func(f string, p engine.Problem) string {
		return f + " is filled in but its platform is not chosen in Platforms: add the platform or remove this content."
	},
	"push.platform_content_required": func(f string, p engine.Problem) string {
		return f + " is missing: the platform is chosen in Platforms, so it needs a message."
	},
	"variations.manual_sum": func(_ string, p engine.Problem) string {
		n := p.Message[strings.LastIndex(p.Message, " ")+1:]
		return "Variation shares must add up to 100 %, not " + n
	},
	"content.payload_required": func(f string, _ engine.Problem) string {
		return f + " is missing: write the message before publishing."
	},
	"state.locked": func(f string, p engine.Problem) string {
		st := ""
		if i := strings.Index(p.Message, "while the campaign is "); i >= 0 {
			st = strings.TrimSpace(strings.SplitN(p.Message[i+len("while the campaign is "):], ";", 2)[0])
		}
		return f + " cannot be changed while the campaign is " + st + "."
	},
	"top.status_forbidden": func(_ string, _ engine.Problem) string {
		return "Status cannot be set by an edit: publish, pause or stop the campaign instead."
	},
	"utm.custom_name": func(f string, _ engine.Problem) string {
		return f + ": every custom parameter needs a name before the =."
	},
	"utm.custom_string": func(f string, _ engine.Problem) string {
		return f + ": a custom parameter's value must be text."
	},
	"filter.segment_required": func(f string, _ engine.Problem) string {
		return f + " is missing: a segment filter needs the segment's id."
	},
	RuleURLScheme: func(f string, _ engine.Problem) string {
		return f + " must be a web address starting with https:// or http://, like https://cdn.example.com/image.png."
	},
}

var (
	// pathTok is a dotted JSON path, a key and a dotted tail, or a
	// snake_case key.
	pathTok  = regexp.MustCompile(`[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+`)
	quotedRe = regexp.MustCompile(`"[^"]*"`)
)

// rewrite makes the engine's message plain: the leading key becomes the
// field's label, every other JSON key or path becomes the label of that
// field (looked up beside the target), and quoted values stay as they are.
func rewrite(field string, p engine.Problem) string {
	msg := p.Message
	leaf := lastKey(p.Target)
	head := ""
	switch {
	case strings.HasPrefix(msg, p.Target+" "):
		head, msg = field, msg[len(p.Target):]
	case leaf != "" && strings.HasPrefix(msg, leaf):
		rest := idxPrefix.ReplaceAllString(msg[len(leaf):], "")
		if rest == "" || rest[0] == ' ' {
			head, msg = field, rest
		}
	}
	body := replaceOutsideQuotes(msg, p.Target)
	if head == "" {
		if strings.Contains(strings.ToLower(body), strings.ToLower(field)) {
			return body
		}
		return field + ": " + lowerFirst(body)
	}
	return head + body
}

func replaceOutsideQuotes(msg, target string) string {
	var b strings.Builder
	last := 0
	for _, q := range quotedRe.FindAllStringIndex(msg, -1) {
		b.WriteString(replaceKeys(msg[last:q[0]], target))
		b.WriteString(msg[q[0]:q[1]])
		last = q[1]
	}
	b.WriteString(replaceKeys(msg[last:], target))
	return phrases.Replace(b.String())
}

// phrases soften the API's wording where it speaks of the wire.
var phrases = strings.NewReplacer(
	", sent as a string like", ", like",
	" for publish", " before publishing",
)

var idxPrefix = regexp.MustCompile(`^\[\d+\]`)

func parentPath(t string) string {
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		return t[:i]
	}
	return ""
}

// replaceKeys swaps JSON keys and paths in s for labels.
func replaceKeys(s, target string) string {
	return pathTok.ReplaceAllStringFunc(s, func(tok string) string {
		if looksLikeHost(tok) {
			return tok
		}
		return lowerFirst(keyLabel(tok, target))
	})
}

// looksLikeHost leaves example addresses alone (example.com/image.png).
func looksLikeHost(tok string) bool {
	return strings.HasSuffix(tok, ".com") || strings.HasSuffix(tok, ".png") || strings.Contains(tok, "example.")
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

var spaceRe = regexp.MustCompile(`  +`)

func tidy(s string) string {
	s = spaceRe.ReplaceAllString(strings.TrimSpace(s), " ")
	s = upperFirst(s)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}
