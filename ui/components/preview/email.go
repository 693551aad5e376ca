package preview

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
	"github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/glamour"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// cache holds rendered bodies by content hash (with width and style), so
// an unchanged body is never rendered twice.
var cache = struct {
	sync.Mutex
	m map[[32]byte]string
}{m: map[[32]byte]string{}}

func cached(key string, f func() string) string {
	h := sha256.Sum256([]byte(key))
	cache.Lock()
	out, ok := cache.m[h]
	cache.Unlock()
	if ok {
		return out
	}
	out = f()
	cache.Lock()
	if len(cache.m) > 512 {
		clear(cache.m)
	}
	cache.m[h] = out
	cache.Unlock()
	return out
}

func emailLines(m *model.Message, width int, s themes.Styles) []string {
	if m == nil || m.Email == nil {
		return []string{s.Muted.Render("No email content yet.")}
	}
	e := m.Email
	row := func(label, val string) string {
		if val == "" {
			val = s.Warning.Render("‹none›")
		} else {
			val = s.Text.Render(val)
		}
		return s.Muted.Render(fmt.Sprintf("%-9s", label)) + val
	}
	from := v(e.SenderName)
	if e.FromAddress != nil {
		from = strings.TrimSpace(from + " <" + v(e.FromAddress) + ">")
	}
	out := []string{
		row("From", from),
		row("Subject", v(e.Subject)),
		row("Preview", v(e.PreviewText)),
	}
	if e.ReplyToAddress != nil {
		out = append(out, row("Reply-To", v(e.ReplyToAddress)))
	}
	if len(e.CCIDs) > 0 {
		out = append(out, row("Cc", common.Clean(strings.Join(e.CCIDs, ", "))))
	}
	for _, a := range e.Attachments {
		out = append(out, s.Accent.Render("📎 "+v(a.FileType)+" "+v(a.URL)))
	}
	out = append(out, s.Muted.Render(strings.Repeat("─", max(10, width-2))))
	switch {
	case e.CustomTemplateID != nil:
		out = append(out, s.Muted.Render("Body from saved template "+v(e.CustomTemplateID)))
	case e.HTMLContent == nil || *e.HTMLContent == "":
		out = append(out, s.Warning.Render("‹no body›"))
	default:
		body := Body(*e.HTMLContent, width, s)
		out = append(out, strings.Split(body, "\n")...)
	}
	return out
}

// Body renders an email's HTML as readable terminal text: HTML → Markdown
// → glamour, cached by (html, width, theme).
func Body(html string, width int, s themes.Styles) string {
	style := "dark"
	switch {
	case s.Theme.Plain:
		style = "ascii"
	case s.Renderer() != nil && !s.Renderer().HasDarkBackground():
		style = "light"
	}
	key := fmt.Sprintf("body\x00%d\x00%s\x00%s", width, style, html)
	return cached(key, func() string {
		md, err := htmltomarkdown.ConvertString(html)
		if err != nil {
			return common.CleanBlock(html)
		}
		md = common.CleanBlock(md)
		r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(max(20, width-4)))
		if err != nil {
			return md
		}
		out, err := r.Render(md)
		if err != nil {
			return md
		}
		return strings.Trim(out, "\n")
	})
}

// patchViews returns the highlighted PATCH body and a diff of each sent
// component against the service's copy.
func patchViews(patch, base, work *model.Campaign, s themes.Styles, h *common.Highlighter) (string, string) {
	if patch == nil {
		return s.Muted.Render("Nothing to send: the service has every change."), s.Muted.Render("No differences from the service's copy.")
	}
	body := pretty(model.Encode(patch))
	// The session's highlighter: its colour profile and background, not the
	// process's (over SSH those are the server's).
	js := h.JSON(body)
	var diffs []string
	for _, name := range model.Present(patch) {
		var old string
		if base != nil {
			if c := model.Component(base, name); c != nil {
				old = pretty(model.Encode(c))
			}
		}
		cur := pretty(model.Encode(model.Component(work, name)))
		d := udiff.Unified("service/"+name, "mine/"+name, old+"\n", cur+"\n")
		for _, l := range strings.Split(strings.TrimRight(d, "\n"), "\n") {
			diffs = append(diffs, s.DiffLine(l))
		}
	}
	return js, strings.Join(diffs, "\n")
}

func pretty(b []byte) string {
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return string(b)
	}
	return common.CleanBlock(out.String())
}
