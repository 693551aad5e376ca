package engine

import (
	"slices"
	"strconv"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// Memo validates one campaign again and again as it is edited in place (the
// editor judges it on every key press). A large campaign is mostly its
// messages (locales × variations), and a key press changes one of them, so
// the memo keeps each message's problems, per phase, and its
// personalisation problems, and checks again only the messages the caller
// said changed (Changed). While every change lay inside messages, the rest
// of the last answer is kept too (no other rule reads a message) and only
// the messages' problems are put in again; otherwise the rest is checked in
// full. Either way Validate gives exactly what the engine's Validate gives.
//
// What invalidates a message's entry:
//   - Changed(target) with a target inside it, or above it ("" for all);
//   - another *model.Message at its place (the pointer is compared);
//   - a change of what its rules read beyond the message: the channel, the
//     delivery type, the platforms and the options (all entries go).
//
// What invalidates the last answers: Changed with a target that is not
// inside a message of the keyed shape (content.<locale>.<variation>.…),
// anything that drops all entries, a message more or fewer (they are
// counted), or another object at a top-level component or at
// campaign_content.content (a component the sync engine adopted from the
// service, say). A message changed inside (Changed) has its problems put
// in again; the others' stay where they were.
//
// A Memo is not safe for concurrent use. It keeps an entry for each
// message the campaign has had (at most maxEntries of those gone). The
// problems it returns must not be changed.
type Memo struct {
	ctx     memoCtx
	entries map[msgKey]*msgEntry
	// gen is the generation of entries in use: dropping them all (reset)
	// moves it on, and older entries are emptied and used again, which
	// spares a full check the allocation of every message's entry.
	gen int
	// last holds, by phase, the last answer and where each message's
	// problems lie in it; shape is the campaign it was about.
	last  [PhasePublish + 1]*answer
	shape shape
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
	gen    int
	msg    *model.Message
	prefix string // its target, to match Changed's (its key's alone)
	// checked[phase] says probs[phase] holds the message's problems.
	checked [PhasePublish + 1]bool
	probs   [PhasePublish + 1][]Problem
	pers    []Problem // personalisation problems, valid when persOK
	persOK  bool
}

// answer is one Validate's problems, with the spans of the messages', and
// the messages changed since (Changed), whose spans are to be put in again.
type answer struct {
	probs []Problem
	spans []span
	dirty []msgKey
}

// span is where one message's problems lie in an answer: those of its own
// rules (contentMessage) or of its personalisation (pers).
type span struct {
	key        msgKey
	pers       bool
	start, end int
}

// shape is the objects of a campaign that may be replaced without a word
// to the memo: each top-level component, and campaign_content's content.
type shape [13]any

// maxEntries bounds the entries kept across resets (messages of every
// locale and variation a campaign has had).
const maxEntries = 4096

// NewMemo is an empty memo.
func NewMemo() *Memo { return &Memo{entries: map[msgKey]*msgEntry{}} }

// Changed says that the value at target (a decisions.md §4 path) and what
// lies under it changed, and nothing else; "" says anything may have.
func (m *Memo) Changed(target string) {
	if target == "" {
		m.reset()
		return
	}
	// Inside a message, strictly: the keyed shape's (content.push… of the
	// flat one could be a locale's; again refuses that shape anyway).
	inside := false
	for key, e := range m.entries {
		if e.gen == m.gen && !key.flat && len(target) > len(e.prefix) && Under(target, e.prefix) {
			inside = true
		}
	}
	if !inside {
		m.last = [PhasePublish + 1]*answer{}
	}
	for key, e := range m.entries {
		if e.gen == m.gen && (Under(target, e.prefix) || Under(e.prefix, target)) {
			delete(m.entries, key)
			for _, a := range m.last {
				if a != nil && !slices.Contains(a.dirty, key) {
					a.dirty = append(a.dirty, key)
				}
			}
		}
	}
}

func (m *Memo) reset() {
	m.gen++
	if len(m.entries) > maxEntries {
		clear(m.entries)
	}
	m.last = [PhasePublish + 1]*answer{}
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
		m.reset()
	}
	if sh := shapeOf(c); sh != m.shape {
		m.shape = sh
		m.last = [PhasePublish + 1]*answer{}
	}
	k.memo = m
	if last := m.last[phase]; last != nil && k.again(last) {
		m.last[phase] = &answer{probs: k.probs, spans: k.spans}
		return slices.Clip(k.probs)
	}
	k.probs, k.spans = nil, nil // what a refused again left
	checkTop(k, c, nil)
	checkComponents(k, c)
	if phase == PhasePublish {
		for _, r := range publishRules {
			r.check(k)
		}
	}
	m.last[phase] = &answer{probs: k.probs, spans: k.spans}
	return slices.Clip(k.probs)
}

func shapeOf(c *model.Campaign) shape {
	sh := shape{c.BasicDetails, c.Connector, c.TriggerCondition, c.CampaignContent,
		c.SegmentationDetails, c.SchedulingDetails, c.DeliveryControls, c.Advanced,
		c.ConversionGoalDetails, c.ControlGroupDetails, c.UTMParams, c.CampaignAudienceLimit}
	if cc := c.CampaignContent; cc != nil {
		sh[12] = cc.Content
	}
	return sh
}

// again builds in k the last answer with the problems of each message
// changed since put in again. It fails when the messages are not the ones
// the answer spans: one gone or added.
func (k *checker) again(last *answer) bool {
	cc := k.c.CampaignContent
	if cc == nil || cc.Content == nil || cc.Content.Flat != nil {
		return false
	}
	n := 0
	for _, sp := range last.spans {
		if !sp.pers {
			n++
		}
	}
	for _, vars := range cc.Content.Keyed {
		for _, msg := range vars {
			if msg != nil {
				n--
			}
		}
	}
	if n != 0 {
		return false
	}
	// The spans are moved in place: this answer replaces the last one.
	spans := last.spans
	if len(last.probs) > 0 {
		k.probs = make([]Problem, 0, len(last.probs)+8)
	}
	contentPath := rootPath("campaign_content").sub("content")
	at := 0 // last.probs is in k.probs up to here
	for i := range spans {
		sp := &spans[i]
		if !slices.Contains(last.dirty, sp.key) {
			shift := len(k.probs) - at
			sp.start, sp.end = sp.start+shift, sp.end+shift
			continue
		}
		msg := cc.Content.Keyed[sp.key.loc][sp.key.vk]
		if sp.key.flat || msg == nil {
			return false
		}
		k.probs = append(k.probs, last.probs[at:sp.start]...)
		at = sp.end
		prefix := contentPath.sub(sp.key.loc).sub(sp.key.vk)
		start := len(k.probs)
		if sp.pers {
			k.personalizeMessage(sp.key, prefix, msg)
		} else {
			k.contentMessage(sp.key, prefix, msg)
		}
		sp.start, sp.end = start, len(k.probs)
	}
	k.probs = append(k.probs, last.probs[at:]...)
	if len(k.probs) == 0 {
		k.probs = nil // as Validate says "no problems"
	}
	k.spans = spans
	return true
}

// entry is the memo's entry for the message at key, a new one when there
// is none or it was about another message.
func (m *Memo) entry(key msgKey, prefix *path, msg *model.Message) *msgEntry {
	e := m.entries[key]
	switch {
	case e == nil:
		e = &msgEntry{gen: m.gen, msg: msg, prefix: prefix.String()}
		m.entries[key] = e
	case e.gen != m.gen || e.msg != msg:
		*e = msgEntry{gen: m.gen, msg: msg, prefix: e.prefix}
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
	start := len(k.probs)
	if !e.checked[k.phase] {
		k.message(prefix, msg)
		e.probs[k.phase] = slices.Clone(k.probs[start:])
		e.checked[k.phase] = true
	} else {
		k.probs = append(k.probs, e.probs[k.phase]...)
	}
	k.spans = append(k.spans, span{key: key, start: start, end: len(k.probs)})
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
	if msg := cc.Content.Flat; msg != nil {
		k.personalizeMessage(msgKey{flat: true}, contentPath, msg)
	}
	for _, loc := range model.LocaleOrder(cc.Content.Keyed) {
		vs := cc.Content.Keyed[loc]
		for _, v := range model.VariationOrder(vs) {
			if msg := vs[v]; msg != nil {
				k.personalizeMessage(msgKey{loc: loc, vk: v}, contentPath.sub(loc).sub(v), msg)
			}
		}
	}
}

// personalizeMessage reports one message's personalisation problems
// through the memo.
func (k *checker) personalizeMessage(key msgKey, prefix *path, msg *model.Message) {
	e := k.memo.entry(key, prefix, msg)
	start := len(k.probs)
	if !e.persOK {
		for _, pe := range personalize.CheckMessage(e.prefix, msg) {
			k.personalizationProblem(pe)
		}
		e.pers, e.persOK = slices.Clone(k.probs[start:]), true
	} else {
		k.probs = append(k.probs, e.pers...)
	}
	k.spans = append(k.spans, span{key: key, pers: true, start: start, end: len(k.probs)})
}

func (k *checker) personalizationProblem(e *personalize.Error) {
	k.add(RuleContentPersonalization, e.Target, "the personalisation does not parse at line "+strconv.Itoa(e.Line)+", column "+strconv.Itoa(e.Column)+": "+lit(e.Message))
}
