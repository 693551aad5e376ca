package engine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// Memo validates one campaign again and again as it is edited in place (the
// editor judges it on every key press). A large campaign is mostly its
// messages (locales × variations), and a key press changes one of them, so
// the memo keeps each message's problems, per phase, and its
// personalisation problems, and checks again only the messages the caller
// said changed (Changed). Everything else is checked in full every time, so
// Validate gives exactly what the engine's Validate gives.
//
// What invalidates a message's entry:
//   - Changed(target) with a target inside it, or above it ("" for all);
//   - another *model.Message at its place (the pointer is compared);
//   - a change of what its rules read beyond the message: the channel, the
//     delivery type, the platforms and the options (all entries go).
//
// A Memo is not safe for concurrent use; it keeps no more entries than the
// campaign has had messages since the last Changed("").
type Memo struct {
	ctx     memoCtx
	entries map[msgKey]*msgEntry
}

// memoCtx is what a message's rules read besides the message.
type memoCtx struct {
	channel, dtype string
	plats          uint8
	hasPlats       bool
	opts           Options
}

// msgKey places a message: the flat one, or content.<loc>.<vk>.
type msgKey struct {
	flat    bool
	loc, vk string
}

type msgEntry struct {
	msg    *model.Message
	prefix string // its target, to match Changed's
	// checked[phase] says probs[phase] holds the message's problems.
	checked [PhasePublish + 1]bool
	probs   [PhasePublish + 1][]Problem
	pers    []Problem // personalisation problems, valid when persOK
	persOK  bool
}

// NewMemo is an empty memo.
func NewMemo() *Memo { return &Memo{entries: map[msgKey]*msgEntry{}} }

// Changed says that the value at target (a decisions.md §4 path) and what
// lies under it changed, and nothing else; "" says anything may have.
func (m *Memo) Changed(target string) {
	if target == "" {
		clear(m.entries)
		return
	}
	for key, e := range m.entries {
		if within(target, e.prefix) || within(e.prefix, target) {
			delete(m.entries, key)
		}
	}
}

// within reports whether target is path or lies under it.
func within(target, path string) bool {
	if !strings.HasPrefix(target, path) {
		return false
	}
	return len(target) == len(path) || target[len(path)] == '.' || target[len(path)] == '['
}

// Validate is Validate(c, phase, opts), with the problems of the messages
// that did not change since they were last checked taken from the memo.
func (m *Memo) Validate(c *model.Campaign, phase Phase, opts Options) []Problem {
	if c == nil {
		c = &model.Campaign{}
	}
	k := newChecker(c, phase, opts)
	if ctx := (memoCtx{k.channel, k.dtype, k.plats, k.hasPlats, opts}); ctx != m.ctx {
		m.ctx = ctx
		clear(m.entries)
	}
	k.memo = m
	checkTop(k, c, nil)
	checkComponents(k, c)
	if phase == PhasePublish {
		for _, r := range publishRules {
			r.check(k)
		}
	}
	return k.probs
}

// entry is the memo's entry for the message at key, a new one when there
// is none or it was about another message.
func (m *Memo) entry(key msgKey, prefix *path, msg *model.Message) *msgEntry {
	e := m.entries[key]
	if e == nil || e.msg != msg {
		e = &msgEntry{msg: msg, prefix: prefix.String()}
		m.entries[key] = e
	}
	return e
}

// contentMessage checks one message of the content (k.message), through
// the memo when there is one.
func (k *checker) contentMessage(key msgKey, prefix *path, msg *model.Message) {
	if k.memo == nil || msg == nil {
		k.message(prefix, msg)
		return
	}
	e := k.memo.entry(key, prefix, msg)
	if !e.checked[k.phase] {
		start := len(k.probs)
		k.message(prefix, msg)
		e.probs[k.phase] = slices.Clone(k.probs[start:])
		e.checked[k.phase] = true
		return
	}
	k.probs = append(k.probs, e.probs[k.phase]...)
}

// personalization reports the messages whose personalisation does not
// parse (the content.personalization rule), in CheckContent's order.
func (k *checker) personalization() {
	if k.memo == nil {
		for _, e := range personalize.CheckContent(k.c.CampaignContent) {
			k.personalizationProblem(e)
		}
		return
	}
	cc := k.c.CampaignContent
	if cc == nil || cc.Content == nil {
		return
	}
	contentPath := rootPath("campaign_content").sub("content")
	one := func(key msgKey, prefix *path, msg *model.Message) {
		e := k.memo.entry(key, prefix, msg)
		if !e.persOK {
			start := len(k.probs)
			for _, pe := range personalize.CheckMessage(e.prefix, msg) {
				k.personalizationProblem(pe)
			}
			e.pers, e.persOK = slices.Clone(k.probs[start:]), true
			return
		}
		k.probs = append(k.probs, e.pers...)
	}
	if msg := cc.Content.Flat; msg != nil {
		one(msgKey{flat: true}, contentPath, msg)
	}
	for _, loc := range model.LocaleOrder(cc.Content.Keyed) {
		vs := cc.Content.Keyed[loc]
		for _, v := range model.VariationOrder(vs) {
			if msg := vs[v]; msg != nil {
				one(msgKey{loc: loc, vk: v}, contentPath.sub(loc).sub(v), msg)
			}
		}
	}
}

func (k *checker) personalizationProblem(e *personalize.Error) {
	k.add(RuleContentPersonalization, e.Target, "the personalisation does not parse at line "+strconv.Itoa(e.Line)+", column "+strconv.Itoa(e.Column)+": "+e.Message)
}
