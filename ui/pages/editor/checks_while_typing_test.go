package editor

import (
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Typing checks again only the message typed in (engine.Memo), yet the
// problems panel says after every key what a full judgement says: typed
// into a title, a personalisation that does not parse shows and goes, and
// an emptied title is required again; then a platform and a step change.
func TestTypingJudgesLikeAFullCheck(t *testing.T) {
	m, _ := newTestEditor(t, largeCampaign(t), 160, 48)
	m.sel = forms.Selection{Locale: "l5", Variation: "variation_3", Platform: "ANDROID"}
	m.goStep(forms.StepContent)
	title := ""
	for _, f := range m.list.rows {
		if f.Label == "Title" {
			title = f.Path
		}
	}
	if !strings.Contains(title, ".l5.variation_3.push.android.") {
		t.Fatalf("no Android title row in l5/variation_3: %q", title)
	}
	full := func(step string) {
		t.Helper()
		var fresh problems
		fresh.judge(m.d, m.f.Options)
		if !reflect.DeepEqual(m.probs.items, fresh.items) {
			t.Fatalf("after %s the panel shows\n%v\na full judgement\n%v", step, m.probs.items, fresh.items)
		}
		if want := engine.Validate(m.d.body(), engine.PhasePatch, m.f.Options); !reflect.DeepEqual(m.probs.patch, want) {
			t.Fatalf("after %s the blocking problems are\n%v\nnot\n%v", step, m.probs.patch, want)
		}
	}
	personalisation := func() bool {
		for _, it := range m.probs.items {
			if it.p.Rule == engine.RuleContentPersonalization && strings.HasPrefix(it.p.Target, strings.TrimSuffix(title, ".title")) {
				return true
			}
		}
		return false
	}
	focus(t, m, title)
	press(m, kEnter)
	if m.edit == nil {
		t.Fatal("the title is not being edited")
	}
	for _, k := range []tea.KeyMsg{runes(" "), runes("{"), runes("{"), runes(" "), runes("x")} {
		press(m, k)
		full("typing " + k.String())
	}
	if !personalisation() {
		t.Fatalf("an open {{ in the title is not reported: %v", m.probs.items)
	}
	press(m, runes("}"), runes("}"))
	full("closing the personalisation")
	if personalisation() {
		t.Fatalf("a closed {{ x}} is still reported: %v", m.probs.items)
	}
	text := func() string { return m.fieldText(m.list.rows[m.list.cur]) }
	for range len([]rune(text())) {
		press(m, uitest.Key("backspace"))
		full("a backspace")
	}
	if text() != "" {
		t.Fatalf("the title is %q after deleting it all", text())
	}
	required := false
	for _, it := range m.probs.items {
		required = required || it.p.Target == title
	}
	if !required {
		t.Fatalf("an empty title is not reported: %v", m.probs.items)
	}
	press(m, kEsc)
	on(t, m, "IOS")
	press(m, runes("]"))
	full("another platform and step")
}
