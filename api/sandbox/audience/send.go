package audience

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
)

// Test-send outcomes.
const (
	StatusSent   = "SENT"
	StatusFailed = "FAILED"
)

// TestInput is what a test send renders: the channel, the platforms of
// basic_details (Push; when empty, the platforms the content has), the
// content, the personalization_details overrides and the
// test_campaign_meta narrowing (empty = all).
type TestInput struct {
	Channel   string
	Platforms []string
	Content   *model.CampaignContent
	// UserAttributes and EventAttributes override the profile's values.
	UserAttributes  map[string]any
	EventAttributes map[string]any
	Platform        string // ANDROID, IOS or WEB (Push only)
	Locale          string
	Variation       string
}

// Sent is one rendered message to one recipient: an outbox row.
type Sent struct {
	// Key is "<PLATFORM>_<locale>_<variation>" (EMAIL_… for Email).
	Key                         string
	Platform, Locale, Variation string
	// Recipient is the identifier value the test named; UserID the profile
	// rendered against ("" for an email address without a profile).
	Recipient, UserID string
	// Address is where the message went: the push token or email address.
	Address string
	Status  string // SENT or FAILED
	// FailureReason says why, when FAILED.
	FailureReason string
	// Message is the rendered payload: {push: {<platform>: …}} with only
	// that platform, or {email: …}. Nil when the payload was missing or did
	// not render.
	Message *model.Message
	// Errors are the template errors of the payload, with their targets.
	Errors []*personalize.Error
}

// RenderTest renders a test send for each recipient and each
// platform × locale × variation the content has, narrowed by the input.
// Flat content counts as locale "default", variation "variation_1". A
// narrowing that names a locale or variation the content lacks yields FAILED
// rows for it. Rows come in key order, then recipient order. A test goes
// to opted-out users too (it is addressed to them by name); a recipient
// needs a push token for the platform, or an email address.
func RenderTest(in TestInput, to []Recipient) []Sent {
	var out []Sent
	for _, k := range testKeys(in) {
		for _, r := range to {
			out = append(out, renderOne(in, k, r))
		}
	}
	return out
}

type testKey struct {
	platform, locale, variation string
	msg                         *model.Message // nil: no content for the locale/variation
	target                      string
}

func (k testKey) key() string { return k.platform + "_" + k.locale + "_" + k.variation }

// testKeys lists the payloads a test sends, in locale, variation and
// platform order.
func testKeys(in TestInput) []testKey {
	type lv struct {
		locale, variation string
		msg               *model.Message
		target            string
	}
	var payloads []lv
	if cc := in.Content; cc != nil && cc.Content != nil {
		if m := cc.Content.Flat; m != nil {
			payloads = append(payloads, lv{"default", "variation_1", m, "campaign_content.content"})
		}
		for _, loc := range model.LocaleOrder(cc.Content.Keyed) {
			vs := cc.Content.Keyed[loc]
			for _, v := range model.VariationOrder(vs) {
				payloads = append(payloads, lv{loc, v, vs[v], "campaign_content.content." + loc + "." + v})
			}
		}
	}
	// Narrowing by locale and variation; a named pair with no content is
	// still reported.
	var kept []lv
	for _, p := range payloads {
		if (in.Locale == "" || p.locale == in.Locale) && (in.Variation == "" || p.variation == in.Variation) {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		loc, v := in.Locale, in.Variation
		if loc == "" {
			loc = "default"
		}
		if v == "" {
			v = "variation_1"
		}
		kept = []lv{{loc, v, nil, "campaign_content.content." + loc + "." + v}}
	}

	var keys []testKey
	for _, p := range kept {
		if in.Channel == model.ChannelEmail {
			keys = append(keys, testKey{"EMAIL", p.locale, p.variation, p.msg, p.target})
			continue
		}
		for _, pl := range platforms(in) {
			keys = append(keys, testKey{pl, p.locale, p.variation, p.msg, p.target})
		}
	}
	return keys
}

// platforms are the Push platforms a test covers: basic_details.platforms,
// else those the content has, narrowed by test_campaign_meta.platform.
func platforms(in TestInput) []string {
	order := []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}
	var pls []string
	if len(in.Platforms) > 0 {
		for _, p := range in.Platforms {
			if !slices.Contains(pls, p) {
				pls = append(pls, p)
			}
		}
	} else if cc := in.Content; cc != nil && cc.Content != nil {
		has := map[string]bool{}
		see := func(m *model.Message) {
			if m == nil || m.Push == nil {
				return
			}
			has[model.PlatformAndroid] = has[model.PlatformAndroid] || m.Push.Android != nil
			has[model.PlatformIOS] = has[model.PlatformIOS] || m.Push.IOS != nil
			has[model.PlatformWeb] = has[model.PlatformWeb] || m.Push.Web != nil
		}
		see(cc.Content.Flat)
		for _, vs := range cc.Content.Keyed {
			for _, m := range vs {
				see(m)
			}
		}
		for _, p := range order {
			if has[p] {
				pls = append(pls, p)
			}
		}
	}
	if in.Platform != "" {
		return []string{in.Platform}
	}
	if len(pls) == 0 {
		return []string{model.PlatformAndroid}
	}
	return pls
}

func renderOne(in TestInput, k testKey, r Recipient) Sent {
	s := Sent{Key: k.key(), Platform: k.platform, Locale: k.locale, Variation: k.variation, Recipient: r.Identifier, Status: StatusFailed}
	if r.User != nil {
		s.UserID = r.User.ID
	}
	fail := func(format string, args ...any) Sent {
		s.FailureReason = fmt.Sprintf(format, args...)
		return s
	}
	if r.Missing != "" {
		return fail("%s", r.Missing)
	}
	if k.msg == nil {
		return fail("the content has no locale %q with variation %q", k.locale, k.variation)
	}

	// The payload for this platform alone, so that an error in another
	// platform's text does not fail this one.
	var payload *model.Message
	target := k.target
	if k.platform == "EMAIL" {
		if k.msg.Email == nil {
			return fail("no email content in locale %q, variation %q", k.locale, k.variation)
		}
		payload = &model.Message{Email: k.msg.Email}
		if r.Email == "" {
			return fail("%s has no email address", who(r))
		}
		s.Address = r.Email
	} else {
		p := &model.PushContent{}
		if k.msg.Push != nil {
			switch k.platform {
			case model.PlatformAndroid:
				p.Android = k.msg.Push.Android
			case model.PlatformIOS:
				p.IOS = k.msg.Push.IOS
			case model.PlatformWeb:
				p.Web = k.msg.Push.Web
			}
		}
		if p.Android == nil && p.IOS == nil && p.Web == nil {
			return fail("no %s content in locale %q, variation %q", k.platform, k.locale, k.variation)
		}
		payload = &model.Message{Push: p}
		if r.User == nil || r.User.PushIDs[k.platform] == "" {
			return fail("%s has no %s push token", who(r), k.platform)
		}
		s.Address = r.User.PushIDs[k.platform]
	}

	var d personalize.Data
	if r.User != nil {
		d = r.User.Data(in.UserAttributes, in.EventAttributes)
	} else {
		d = User{}.Data(in.UserAttributes, in.EventAttributes)
	}
	rendered, errs := personalize.RenderMessage(payload, target, d)
	if len(errs) > 0 {
		s.Errors = errs
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		return fail("personalisation failed: %s", strings.Join(msgs, "; "))
	}
	s.Message = rendered
	s.Status = StatusSent
	return s
}

func who(r Recipient) string {
	if r.User != nil {
		return "user " + r.User.ID
	}
	return strconv.Quote(r.Identifier)
}

// Outcomes folds the rows into the test response's data, one outcome per
// key: SENT when every recipient got it, else FAILED with the reasons (each
// prefixed by the recipient when the test had several).
func Outcomes(rows []Sent) map[string]api.TestOutcome {
	type acc struct {
		sent, total int
		reasons     []string
	}
	by := map[string]*acc{}
	recipients := map[string]bool{}
	for _, r := range rows {
		recipients[r.Recipient+"\x00"+r.UserID] = true
	}
	many := len(recipients) > 1
	for _, r := range rows {
		a := by[r.Key]
		if a == nil {
			a = &acc{}
			by[r.Key] = a
		}
		a.total++
		if r.Status == StatusSent {
			a.sent++
			continue
		}
		reason := r.FailureReason
		if many {
			name := r.Recipient
			if r.UserID != "" && r.UserID != r.Recipient {
				name += " (" + r.UserID + ")"
			}
			reason = name + ": " + reason
		}
		if !slices.Contains(a.reasons, reason) {
			a.reasons = append(a.reasons, reason)
		}
	}
	out := make(map[string]api.TestOutcome, len(by))
	for k, a := range by {
		if a.sent == a.total {
			out[k] = api.TestOutcome{Status: StatusSent}
			continue
		}
		reason := strings.Join(a.reasons, "; ")
		if a.sent > 0 {
			reason = fmt.Sprintf("sent to %d of %d recipients; %s", a.sent, a.total, reason)
		}
		out[k] = api.TestOutcome{Status: StatusFailed, FailureReason: reason}
	}
	return out
}
