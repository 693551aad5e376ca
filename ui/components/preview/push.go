package preview

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// pushLines draws one card per platform, the selected one first.
func pushLines(m *model.Message, platforms []string, selected string, width int, s themes.Styles) []string {
	order := []string{selected}
	for _, p := range platforms {
		if p != selected {
			order = append(order, p)
		}
	}
	var out []string
	for _, p := range order {
		var card []string
		var push *model.PushContent
		if m != nil {
			push = m.Push
		}
		switch p {
		case model.PlatformAndroid:
			card = androidCard(push, s)
		case model.PlatformIOS:
			card = iosCard(push, s)
		case model.PlatformWeb:
			card = webCard(push, s)
		default:
			continue
		}
		box := s.Pane.Width(max(16, width-s.Pane.GetHorizontalBorderSize())).Render(strings.Join(card, "\n"))
		out = append(out, s.Subtitle.Render(model.PlatformName(p)))
		out = append(out, strings.Split(box, "\n")...)
	}
	return out
}

// buttonRow adds a payload's n buttons, named by name, as one line (none
// without buttons).
func buttonRow(s themes.Styles, out []string, n int, name func(i int) string) []string {
	if n == 0 {
		return out
	}
	btns := make([]string, n)
	for i := range n {
		btns[i] = "[ " + orDash(name(i)) + " ]"
	}
	return append(out, s.Key.Render(strings.Join(btns, " ")))
}

func v(p *string) string { return common.Clean(model.Str(p)) }

func template(t *string) string {
	if t == nil || *t == "" {
		return "no template chosen"
	}
	return *t
}

func missing(s themes.Styles, what string) string { return s.Warning.Render("‹no " + what + "›") }

func titleMsg(s themes.Styles, title, msg string, out []string) []string {
	if title == "" {
		out = append(out, missing(s, "title"))
	} else {
		out = append(out, s.Subtitle.Render(title))
	}
	if msg == "" {
		out = append(out, missing(s, "message"))
	} else {
		out = append(out, s.Text.Render(stripTags(msg)))
	}
	return out
}

func media(s themes.Styles, kind, url string) string {
	return s.Accent.Render(fmt.Sprintf("▣ %s %s", kind, url))
}

func androidCard(p *model.PushContent, s themes.Styles) []string {
	if p == nil || p.Android == nil {
		return []string{s.Muted.Render("No Android content yet.")}
	}
	a := p.Android
	out := []string{s.Muted.Render("● App · now   " + template(a.TemplateType))}
	if model.Str(a.TemplateType) == model.TemplateCustom {
		out = append(out, s.Muted.Render("custom template "+v(a.CustomTemplateID)))
	}
	b := a.BasicDetails
	if b == nil {
		b = &model.AndroidBasic{}
	}
	if model.Str(a.TemplateType) == model.TemplateImageBannerWithText {
		out = append(out, media(s, "banner", v(b.BannerImageURL)))
		if b.IncludeTitleAndMessage == nil || *b.IncludeTitleAndMessage {
			out = titleMsg(s, v(b.Title), v(b.Message), out)
		}
	} else {
		out = titleMsg(s, v(b.Title), v(b.Message), out)
	}
	if b.Summary != nil {
		out = append(out, s.Muted.Render(v(b.Summary)))
	}
	if b.ImageURL != nil {
		out = append(out, media(s, "image", v(b.ImageURL)))
	}
	if b.InputGIFURL != nil {
		out = append(out, media(s, "GIF", v(b.InputGIFURL)))
	}
	out = append(out, carousel(b.CarouselContent, s)...)
	if t := a.Timer; t != nil {
		line := "⏱ "
		if t.PersonalizedValue != nil && *t.PersonalizedValue {
			line += "until " + v(t.SpecificTime)
		} else {
			line += fmt.Sprintf("%sh %sm left", orDash(v(t.DurationHour)), orDash(v(t.DurationMinute)))
		}
		if model.Str(a.TemplateType) == model.TemplateTimerWithProgressBar {
			line += "  ▰▰▰▰▱▱▱▱"
		}
		out = append(out, s.Accent.Render(line))
	}
	out = buttonRow(s, out, len(a.Buttons), func(i int) string { return v(a.Buttons[i].BtnName) })
	if b.DefaultClickAction != nil {
		out = append(out, s.Muted.Render("tap → "+v(b.DefaultClickAction)+" "+v(b.DefaultClickActionValue)))
	}
	return out
}

func carousel(c *model.Carousel, s themes.Styles) []string {
	if c == nil {
		return nil
	}
	slides := fmt.Sprintf("%d slides", len(c.SlideData))
	if len(c.SlideData) == 1 {
		slides = "1 slide" // not "1 slides"
	}
	out := []string{s.Muted.Render(fmt.Sprintf("carousel (%s), %s", v(c.SliderTransition), slides))}
	for i, sl := range c.SlideData {
		out = append(out, media(s, fmt.Sprintf("slide %d", i+1), v(sl.ImageURL)))
	}
	return out
}

func iosCard(p *model.PushContent, s themes.Styles) []string {
	if p == nil || p.IOS == nil {
		return []string{s.Muted.Render("No iOS content yet.")}
	}
	a := p.IOS
	out := []string{s.Muted.Render("APP            now   " + template(a.TemplateType))}
	b := a.BasicDetails
	if b == nil {
		b = &model.IOSBasic{}
	}
	out = titleMsg(s, v(b.Title), v(b.Message), out[:1])
	if b.Subtitle != nil {
		out = append(out[:2], append([]string{s.Text.Render(v(b.Subtitle))}, out[2:]...)...)
	}
	if b.RichMediaType != nil {
		out = append(out, media(s, strings.ToLower(v(b.RichMediaType)), v(b.RichMediaValue)))
	}
	if b.ImageURL != nil {
		out = append(out, media(s, "cover", v(b.ImageURL)))
	}
	if b.InputGIFURL != nil {
		out = append(out, media(s, "GIF", v(b.InputGIFURL)))
	}
	out = append(out, carousel(b.CarouselContent, s)...)
	for _, bt := range a.Buttons {
		out = append(out, s.Key.Render("[ "+orDash(v(bt.ButtonCategory))+" ]"))
	}
	return out
}

func webCard(p *model.PushContent, s themes.Styles) []string {
	if p == nil || p.Web == nil {
		return []string{s.Muted.Render("No Web content yet.")}
	}
	w := p.Web
	b := w.BasicDetails
	if b == nil {
		b = &model.WebBasic{}
	}
	out := []string{s.Muted.Render("🌐 browser")}
	out = titleMsg(s, v(b.Title), v(b.Message), out)
	if b.ImageURL != nil {
		out = append(out, media(s, "image", v(b.ImageURL)))
	}
	out = buttonRow(s, out, len(w.Buttons), func(i int) string { return v(w.Buttons[i].Title) })
	if b.RedirectURL != nil {
		out = append(out, s.Muted.Render("opens "+v(b.RedirectURL)))
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// stripTags drops HTML tags from a push message (messages allow HTML).
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var _ = lipgloss.Width
