package personalize

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRender is one field as the editor's preview renders it on each
// keystroke: a cached template executed against a profile.
func BenchmarkRender(b *testing.B) {
	src := "Hi {{UserAttribute['First Name'] | default('there') | title}}, your {{ event.item }} is waiting"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(src, shopper); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderPlain is a field without template syntax (no gonja).
func BenchmarkRenderPlain(b *testing.B) {
	src := strings.Repeat("Big summer sale, everything must go. ", 10)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(src, shopper); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderKeystroke is the worst case of typing: every render sees a
// new text, so it parses (cache miss) and executes.
func BenchmarkRenderKeystroke(b *testing.B) {
	base := "Hi {{UserAttribute['First Name'] | default('there')}}, "
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if _, err := Render(base+fmt.Sprint(i), shopper); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderHTML is a 4 KB email body with a dozen expressions.
func BenchmarkRenderHTML(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<html><body>\n")
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&sb, "<p>Paragraph %d for {{ UserAttribute['First Name'] | title }} in {{ UserAttribute['City'] | default('your city') }}: %s</p>\n", i, strings.Repeat("lorem ipsum ", 20))
	}
	sb.WriteString("{% if event.price > 50 %}<p>Free shipping</p>{% endif %}\n</body></html>")
	src := sb.String()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(src, shopper); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderMessage is the preview of one push payload with three
// platforms (all fields walked, templates cached).
func BenchmarkRenderMessage(b *testing.B) {
	m := decode(b, richPush).Content.Keyed["default"]["variation_1"]
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := RenderMessage(m, "campaign_content.content.default.variation_1", shopper); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkRenderContentLarge renders a whole campaign of 10 locales × 5
// variations × 3 platforms (templates cached), as a preview request does.
func BenchmarkRenderContentLarge(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"locales": ["fr", "de", "es", "it", "pt", "nl", "sv", "pl", "ja"], "variation_details": {"distribution_type": "MANUAL", "no_of_variations": 5}, "content": {`)
	for i, loc := range []string{"default", "fr", "de", "es", "it", "pt", "nl", "sv", "pl", "ja"} {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, "%q: {", loc)
		for v := 1; v <= 5; v++ {
			if v > 1 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, `"variation_%d": {"push": {
				"android": {"template_type": "BASIC", "basic_details": {"title": "%s %d {{UserAttribute['First Name'] | title}}", "message": "{{ event.item }} for {{ event.price }}"}},
				"ios": {"template_type": "BASIC", "basic_details": {"title": "%s %d {{UserAttribute['First Name'] | title}}", "message": "{{ event.item }}", "subtitle": "{{ UserAttribute['City'] | default('') }}"}},
				"web": {"template_type": "BASIC", "basic_details": {"title": "%s %d", "message": "{{ event.item }}"}}}}`, v, loc, v, loc, v, loc, v)
		}
		sb.WriteString("}")
	}
	sb.WriteString("}}")
	cc := decode(b, sb.String())
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := RenderContent(cc, shopper); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
