package api

// Test results a person reads: one per recipient and platform × locale ×
// variation, with the message as it was rendered for them. On the sandbox
// the rendered messages come from its outbox; a real service's test route
// only says SENT or FAILED per payload, and that is what is shown.

import (
	"context"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// SentTest is one test message to one recipient.
type SentTest struct {
	Recipient string // the identifier value the test named
	UserID    string
	Address   string // push token or email address, when known
	Platform  string // ANDROID, IOS, WEB or EMAIL
	Locale    string
	Variation string
	Status    string // SENT or FAILED
	Reason    string
	// Rendered is false when the service did not return the message (a
	// real service): only the outcome is known.
	Rendered bool
	Title    string // push title or email subject
	Subtitle string // iOS subtitle or email preview text
	Body     string // push message or the email's text
	ImageURL string
	Click    string // where a tap goes
}

// Outboxer reads the sandbox's outbox.
type Outboxer interface {
	Outbox(ctx context.Context, after int64, limit int) (OutboxResult, error)
}

// LatestOutbox is the newest outbox seq, to read a test's messages after it.
func LatestOutbox(ctx context.Context, c Outboxer) (int64, error) {
	return LatestOutboxAfter(ctx, c, 0)
}

// LatestOutboxAfter is LatestOutbox reading on from seq from, a seq known
// already (the outbox only grows): a caller that remembers it reads only
// the messages since.
func LatestOutboxAfter(ctx context.Context, c Outboxer, from int64) (int64, error) {
	last := from
	for i := 0; i < 1000; i++ { // at most a million messages
		res, err := c.Outbox(ctx, last, 1000)
		if err != nil {
			return 0, err
		}
		if len(res.Messages) == 0 {
			return last, nil
		}
		last = res.Messages[len(res.Messages)-1].Seq
		if len(res.Messages) < 1000 {
			return last, nil
		}
	}
	return last, nil
}

// SentTests reads the messages after seq (those of the test just sent) for
// draftID ("" for an inline test: every message after seq).
func SentTests(ctx context.Context, c Outboxer, after int64, draftID string) ([]SentTest, error) {
	var out []SentTest
	for i := 0; i < 10; i++ {
		res, err := c.Outbox(ctx, after, 1000)
		if err != nil {
			return nil, err
		}
		out = append(out, SentFromOutbox(res.Messages, draftID)...)
		if len(res.Messages) < 1000 {
			break
		}
		after = res.Messages[len(res.Messages)-1].Seq
	}
	return out, nil
}

// SentFromOutbox converts outbox rows of one draft ("" = all) to results.
func SentFromOutbox(msgs []OutboxMessage, draftID string) []SentTest {
	var out []SentTest
	for _, m := range msgs {
		if draftID != "" && m.DraftID != draftID {
			continue
		}
		r := SentTest{Recipient: m.Value, UserID: m.UserID, Address: m.Address, Platform: m.Platform,
			Locale: m.Locale, Variation: m.Variation, Status: m.Status, Reason: m.Reason}
		if r.Platform == "" {
			r.Platform = m.Channel
		}
		if m.Message != nil {
			if msg, err := toMessage(m.Message); err == nil {
				r.Rendered = true
				fillSent(&r, msg)
			}
		}
		out = append(out, r)
	}
	return out
}

func toMessage(v any) (*model.Message, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m model.Message
	if err := model.DecodeInto(b, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func fillSent(r *SentTest, m *model.Message) {
	s := model.Str
	if e := m.Email; e != nil {
		r.Title, r.Subtitle, r.Body = s(e.Subject), s(e.PreviewText), HTMLText(s(e.HTMLContent))
		return
	}
	p := m.Push
	if p == nil {
		return
	}
	switch {
	case p.Android != nil && p.Android.BasicDetails != nil:
		b := p.Android.BasicDetails
		r.Title, r.Body, r.ImageURL, r.Click = s(b.Title), s(b.Message), s(b.ImageURL), s(b.DefaultClickActionValue)
		if r.ImageURL == "" && b.CarouselContent != nil && len(b.CarouselContent.SlideData) > 0 {
			r.ImageURL = s(b.CarouselContent.SlideData[0].ImageURL)
		}
	case p.IOS != nil && p.IOS.BasicDetails != nil:
		b := p.IOS.BasicDetails
		r.Title, r.Subtitle, r.Body, r.Click = s(b.Title), s(b.Subtitle), s(b.Message), s(b.DefaultClickActionValue)
		r.ImageURL = s(b.ImageURL)
		if r.ImageURL == "" {
			r.ImageURL = s(b.RichMediaValue)
		}
	case p.Web != nil && p.Web.BasicDetails != nil:
		b := p.Web.BasicDetails
		r.Title, r.Body, r.ImageURL, r.Click = s(b.Title), s(b.Message), s(b.ImageURL), s(b.RedirectURL)
	}
}

var (
	htmlTagRe   = regexp.MustCompile(`(?s)<(script|style)[^>]*>.*?</(script|style)>|<[^>]*>`)
	htmlSpaceRe = regexp.MustCompile(`[ \t\r\n]+`)
)

// HTMLText is an email's HTML as plain text, for a terminal.
func HTMLText(html string) string {
	t := htmlTagRe.ReplaceAllString(html, " ")
	t = strings.NewReplacer("&nbsp;", " ", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'").Replace(t)
	return strings.TrimSpace(htmlSpaceRe.ReplaceAllString(t, " "))
}

// SentFromTestResult is what a real service says: one outcome per
// "<PLATFORM>_<locale>_<variation>" key, for the recipients named.
func SentFromTestResult(res TestResult, recipients []string) []SentTest {
	who := strings.Join(recipients, ", ")
	var out []SentTest
	for _, k := range slices.Sorted(maps.Keys(res.Data)) {
		o := res.Data[k]
		r := SentTest{Recipient: who, Status: o.Status, Reason: o.FailureReason}
		r.Platform, r.Locale, r.Variation = SplitTestKey(k)
		out = append(out, r)
	}
	return out
}

// SplitTestKey reads "ANDROID_es_variation_2" (a locale may hold "_" or "-").
func SplitTestKey(k string) (platform, locale, variation string) {
	platform, rest, _ := strings.Cut(k, "_")
	if i := strings.LastIndex(rest, "_variation_"); i >= 0 {
		return platform, rest[:i], rest[i+1:]
	}
	if strings.HasPrefix(rest, "variation_") {
		return platform, "", rest
	}
	return platform, rest, ""
}
