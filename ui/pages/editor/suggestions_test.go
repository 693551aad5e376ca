package editor

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// names is a NameSource answering from a fixed list, prefix matches first.
type names map[model.NameKind][]string

func (n names) Suggest(k model.NameKind, prefix string, max int) []string {
	var first, then []string
	p := strings.ToLower(prefix)
	for _, s := range n[k] {
		l := strings.ToLower(s)
		switch {
		case l == p:
		case strings.HasPrefix(l, p):
			first = append(first, s)
		case strings.Contains(l, p):
			then = append(then, s)
		}
	}
	out := append(first, then...)
	return out[:min(len(out), max)]
}

var workspaceNames = names{
	model.NameEvent: {"product_viewed", "product_added", "order_completed"},
	model.NameTag:   {"retention", "promo", "recovery"},
	model.NameTeam:  {"Growth"},
}

// suggesting opens the summer sale at 100×30 with the workspace's names
// offered and v at path (nil: nothing), editing that row on the Basic
// details step.
func suggesting(t *testing.T, path string, v any) *Model {
	t.Helper()
	c := fixture(t, "push_one_time.json")
	if err := forms.Set(c, path, v); err != nil {
		t.Fatal(err)
	}
	m, _ := newTestEditor(t, c, 100, 30)
	m.f.Names = workspaceNames
	editRow(t, m, forms.StepBasic, path)
	return m
}

// editRow opens the editor on the Basic details step and starts editing
// the row at path.
func editRow(t *testing.T, m *Model, step forms.Step, path string) {
	t.Helper()
	m.goStep(step)
	for i, f := range m.list.rows {
		if f.Path == path {
			m.list.cur = i
			pressKeys(m, "enter")
			if m.edit == nil {
				t.Fatalf("%s: enter did not start editing", path)
			}
			return
		}
	}
	t.Fatalf("no row %s", path)
}

func TestTabTakesTheSuggestedNameAndFreeTextStays(t *testing.T) {
	m := suggesting(t, "basic_details.team", nil)
	typeRunes(m, "gr")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "names in use") || !strings.Contains(view, "▸ Growth") {
		t.Fatalf("no suggestion shown:\n%s", view)
	}
	if !hasHelp(m, "tab", "take suggestion") {
		t.Errorf("help line lacks the accept key: %v", m.ShortHelp())
	}
	pressKeys(m, "tab")
	if m.edit == nil {
		t.Fatal("tab with a suggestion finished the row instead of taking it")
	}
	pressKeys(m, "enter")
	if got := forms.Get(m.d.work, "basic_details.team"); got != "Growth" {
		t.Fatalf("team = %v, want the suggestion Growth", got)
	}

	// Free text: a name no campaign uses is kept as typed, and tab with
	// nothing to take finishes the row as always.
	editRow(t, m, forms.StepBasic, "basic_details.team")
	pressKeys(m, "ctrl+u")
	typeRunes(m, "Lifecycle")
	if strings.Contains(ansi.Strip(m.View()), "names in use") {
		t.Error("names offered for a text none contains")
	}
	pressKeys(m, "tab")
	if m.edit != nil && m.edit.Field.Path == "basic_details.team" {
		t.Fatal("tab without a suggestion did not finish the row")
	}
	if got := forms.Get(m.d.work, "basic_details.team"); got != "Lifecycle" {
		t.Fatalf("team = %v, want the typed Lifecycle", got)
	}
}

func TestTagsCompleteTheLastItem(t *testing.T) {
	m := suggesting(t, "basic_details.tags", nil)
	typeRunes(m, "ret")
	pressKeys(m, "tab")
	typeRunes(m, ", r")
	view := ansi.Strip(m.View())
	if strings.Contains(view, "▸ retention") || !strings.Contains(view, "▸ recovery") {
		t.Fatalf("a tag in the list is offered again, or recovery is not:\n%s", view)
	}
	pressKeys(m, "tab", "enter")
	got, _ := forms.Get(m.d.work, "basic_details.tags").([]string)
	if strings.Join(got, ",") != "retention,recovery" {
		t.Fatalf("tags = %v", got)
	}
}

func TestChooseAnotherSuggestionAndEmptyField(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.BasicDetails.Team = nil
	m, _ := newTestEditor(t, c, 100, 30)
	m.f.Names = names{model.NameTeam: {"Growth", "Grocery"}}
	editRow(t, m, forms.StepBasic, "basic_details.team")
	// Nothing typed: the names are listed, none chosen; tab finishes.
	if v := ansi.Strip(m.View()); !strings.Contains(v, "ctrl+n picks one") || strings.Contains(v, "▸ Gro") {
		t.Fatalf("empty field:\n%s", v)
	}
	pressKeys(m, "ctrl+n", "ctrl+n", "tab", "enter")
	if got := forms.Get(m.d.work, "basic_details.team"); got != "Grocery" {
		t.Fatalf("team = %v, want the second name, Grocery", got)
	}
}

// In colour the chosen name continues the typed text as ghost text; without
// colour it would read as typed, so only the list shows it.
func TestGhostTextOnlyInColour(t *testing.T) {
	for _, tc := range []struct {
		theme themes.Theme
		ghost bool
	}{{themes.Default(), true}, {themes.HighContrast(), true}, {themes.Plain(), false}} {
		c := fixture(t, "push_one_time.json")
		c.BasicDetails.Team = nil
		m, _ := newTestEditor(t, c, 100, 30)
		r := common.NewRenderer(&bytes.Buffer{})
		r.SetColorProfile(termenv.ANSI256)
		m.c = &common.Common{Width: 100, Height: 30, Styles: themes.New(tc.theme, r), Keys: common.DefaultKeyMap(), Ctx: context.Background()}
		m.f.Names = workspaceNames
		editRow(t, m, forms.StepBasic, "basic_details.team")
		typeRunes(m, "gr")
		var row, raw string
		for _, l := range strings.Split(m.View(), "\n") {
			if strings.Contains(ansi.Strip(l), "Team") {
				row, raw = ansi.Strip(l), l
			}
		}
		if got := strings.Contains(row, "growth"); got != tc.ghost { // "gr" typed, "owth" drawn after it
			t.Errorf("%s: ghost text %v in %q", tc.theme.Name, got, row)
		}
		// Drawn as a placeholder (italic), never like the typed "gr".
		if tc.ghost && !strings.Contains(raw, "\x1b[3;") {
			t.Errorf("%s: the ghost text is not drawn apart: %q", tc.theme.Name, raw)
		}
	}
}

// A row without names, or an editor without a source, offers nothing.
func TestNoSuggestionsWithoutNames(t *testing.T) {
	m := summerSale(t, 100, 30)
	editRow(t, m, forms.StepBasic, "basic_details.team")
	if m.suggestions() != nil {
		t.Fatal("suggestions without a source")
	}
	pressKeys(m, "esc")
	m.f.Names = workspaceNames
	editRow(t, m, forms.StepBasic, "basic_details.name")
	if m.suggestions() != nil {
		t.Fatal("suggestions for the campaign's name")
	}
}

func hasHelp(m *Model, k, desc string) bool {
	for _, b := range m.ShortHelp() {
		if b.Help().Key == k && b.Help().Desc == desc {
			return true
		}
	}
	return false
}

// segments pairs ids and names, as api/suggest's provider does.
type segments struct{ names }

func (s segments) SegmentPair(v string, isID bool) (string, bool) {
	pairs := map[string]string{"seg-vip": "VIP customers"}
	for id, name := range pairs {
		if isID && v == id {
			return name, true
		}
		if !isID && v == name {
			return id, true
		}
	}
	return "", false
}

func TestTakingASegmentNameFillsItsID(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	p := "segmentation_details.included_filters.filters[0]"
	if err := forms.SetFilterType(c, p, model.FilterCustomSegments); err != nil {
		t.Fatal(err)
	}
	_ = forms.Set(c, p+".name", nil)
	_ = forms.Set(c, p+".id", nil)
	m, _ := newTestEditor(t, c, 100, 30)
	m.f.Names = segments{names{model.NameSegmentName: {"VIP customers", "Internal staff"}}}
	editRow(t, m, forms.StepAudience, p+".name")
	typeRunes(m, "vi")
	pressKeys(m, "tab", "enter")
	if got := forms.Get(m.d.work, p+".name"); got != "VIP customers" {
		t.Fatalf("name = %v", got)
	}
	if got := forms.Get(m.d.work, p+".id"); got != "seg-vip" {
		t.Fatalf("id = %v, want seg-vip filled from the name", got)
	}
}

// A filled row opened (or reached with tab) offers names but takes none
// until something is typed: tab through it keeps its value.
func TestTabThroughAFilledRowKeepsItsValue(t *testing.T) {
	m := suggesting(t, "basic_details.team", "Gro")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "  Growth") || strings.Contains(v, "▸ Growth") {
		t.Fatalf("a name is chosen before typing:\n%s", v)
	}
	pressKeys(m, "tab")
	if got := forms.Get(m.d.work, "basic_details.team"); got != "Gro" {
		t.Fatalf("team = %v: tab changed a value nobody typed", got)
	}
	// Typing makes the first name the chosen one.
	editRow(t, m, forms.StepBasic, "basic_details.team")
	typeRunes(m, "w")
	pressKeys(m, "tab", "enter")
	if got := forms.Get(m.d.work, "basic_details.team"); got != "Growth" {
		t.Fatalf("team = %v, want Growth after typing", got)
	}
}
