// Package testresults draws what a test send sent: for each recipient and
// platform × locale × variation, the outcome and the message as it was
// rendered for them.
package testresults

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
)

// Lines renders results in width w, every sentence wrapped, nothing cut.
func Lines(s themes.Styles, rs []api.SentTest, w int) []string {
	if len(rs) == 0 {
		return []string{s.Muted.Render("No test sent yet: ctrl+t sends one.")}
	}
	var out []string
	sent, failed := 0, 0
	for _, r := range rs {
		if r.Status == "SENT" {
			sent++
		} else {
			failed++
		}
	}
	head := model.Count(sent, "message") + " sent"
	if failed > 0 {
		head += ", " + model.Count(failed, "message") + " failed"
	}
	out = append(out, s.Subtitle.Render(head))
	wrap := func(st func(...string) string, prefix, text string) {
		for _, l := range strings.Split(ansi.Wrap(text, max(10, w-len(prefix)), ""), "\n") {
			out = append(out, prefix+st(l))
		}
	}
	for _, r := range rs {
		out = append(out, "")
		where := []string{platform(r.Platform)}
		if r.Locale != "" {
			where = append(where, r.Locale)
		}
		if r.Variation != "" {
			where = append(where, strings.ReplaceAll(r.Variation, "_", " "))
		}
		who := r.Recipient
		if r.UserID != "" && r.UserID != r.Recipient {
			who += " (" + r.UserID + ")"
		}
		status := s.OK.Render("✓ sent")
		if r.Status != "SENT" {
			status = s.Error.Render("✗ " + strings.ToLower(r.Status))
		}
		wrap(s.Text.Render, "", who+" · "+strings.Join(where, " · "))
		out = append(out, "  "+status)
		if r.Address != "" && r.Address != r.Recipient {
			wrap(s.Muted.Render, "  ", "to "+r.Address) // the device token or email address
		}
		if r.Reason != "" {
			wrap(s.Error.Render, "  ", r.Reason)
		}
		if !r.Rendered {
			if r.Status == "SENT" {
				out = append(out, "  "+s.Muted.Render("the service does not return the message it sent"))
			}
			continue
		}
		if r.Title != "" {
			wrap(s.Subtitle.Render, "  ", r.Title)
		}
		if r.Subtitle != "" {
			wrap(s.Text.Render, "  ", r.Subtitle)
		}
		if body := r.Body; body != "" {
			if strings.ContainsRune(body, '<') {
				// Android's message takes a few HTML tags: read as text.
				body = api.HTMLText(body)
			}
			wrap(s.Text.Render, "  ", body)
		}
		if r.ImageURL != "" {
			wrap(s.Muted.Render, "  ", "image "+r.ImageURL)
		}
		if r.Click != "" {
			wrap(s.Muted.Render, "  ", "opens "+r.Click)
		}
	}
	return out
}

func platform(p string) string {
	if p == "EMAIL" {
		return "Email"
	}
	return model.PlatformName(p)
}
