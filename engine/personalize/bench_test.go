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
