package engine

import (
	"strconv"
	"strings"
)

// A rule writes its message once, as a template, so that no reader has to
// parse the engine's English to reword it: every JSON key or path the message
// names stands in backquotes (`queuing_enabled`), and the few words that
// speak of the wire stand as a phrase (`#publish`, `#string`). The API's
// message puts each key back as it is and says the phrases the API's way
// (Problem.Message); a screen puts its own name for each field and its own
// words (forms.Describe).

// PartKind says what a part of a message is.
type PartKind int

const (
	PartText   PartKind = iota // words, written as they are
	PartKey                    // a JSON key or path, relative to the target's object or absolute
	PartPhrase                 // a phrase about the wire: PhrasePublish or PhraseString
)

// The phrases of a message template.
const (
	// PhrasePublish: the rule is a DRAFT_PUBLISH rule ("for publish").
	PhrasePublish = "publish"
	// PhraseString: a number the wire carries as a string (", sent as a
	// string"), followed in the message by "like" and an example.
	PhraseString = "string"
)

// ValueBoth is the Value of a problem about two fields of which exactly one
// must be sent, when both were (email.html_or_template).
const ValueBoth = "both"

// apiPhrases are the API's words for the phrases.
var apiPhrases = map[string]string{
	PhrasePublish: "for publish",
	PhraseString:  ", sent as a string",
}

// ref marks a JSON key or path in a message template. A key the campaign
// gave (a locale, a UTM parameter) that holds a backquote is text.
func ref(key string) string {
	if strings.IndexByte(key, '`') >= 0 {
		return lit(key)
	}
	return "`" + key + "`"
}

// Parts walks the problem's message part by part. A problem the engine did
// not make (a service's answer) is one text part, its message.
func (p Problem) Parts(yield func(kind PartKind, s string)) {
	if p.Template == "" {
		yield(PartText, p.Message)
		return
	}
	walk(p.Template, yield)
}

func walk(tmpl string, yield func(kind PartKind, s string)) {
	for tmpl != "" {
		i := strings.IndexByte(tmpl, '`')
		if i < 0 {
			yield(PartText, tmpl)
			return
		}
		if i > 0 {
			yield(PartText, tmpl[:i])
		}
		rest := tmpl[i+1:]
		j := strings.IndexByte(rest, '`')
		if j < 0 { // an unpaired mark is text (a value quoted into the message)
			yield(PartText, tmpl[i:])
			return
		}
		if j == 0 { // `` is a backquote of the text (lit)
			yield(PartText, "`")
		} else if ph, ok := strings.CutPrefix(rest[:j], "#"); ok {
			yield(PartPhrase, ph)
		} else {
			yield(PartKey, rest[:j])
		}
		tmpl = rest[j+1:]
	}
}

// message is the API's wording of a template: keys as they are.
func message(tmpl string) string {
	if strings.IndexByte(tmpl, '`') < 0 {
		return tmpl
	}
	var b strings.Builder
	b.Grow(len(tmpl))
	walk(tmpl, func(kind PartKind, s string) {
		switch kind {
		case PartPhrase:
			b.WriteString(apiPhrases[s])
		default:
			b.WriteString(s)
		}
	})
	return b.String()
}

// lit puts text that did not come from the engine (a value as sent, a
// parser's message) into a template: a backquote in it is doubled, so it
// stays text.
func lit(s string) string {
	if strings.IndexByte(s, '`') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "`", "``")
}

// quote is a value as sent, quoted, in a template.
func quote(s string) string { return lit(strconv.Quote(s)) }

// NewProblem is a problem of a rule outside the engine (the editor's own
// checks), with its message written as a template like the engine's.
func NewProblem(rule RuleID, target, template string) Problem {
	return Problem{Rule: rule, Target: target, Message: message(template), Template: template}
}

// ProblemKey names a problem: two problems with one key say the same thing
// (the message is made from the problem's data), so it keys sets and memos.
type ProblemKey struct {
	Rule            RuleID
	Target, Message string
}

// Key is the problem's name in a set or a memo.
func (p Problem) Key() ProblemKey { return ProblemKey{p.Rule, p.Target, p.Message} }
