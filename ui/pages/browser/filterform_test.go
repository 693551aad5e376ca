package browser

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// TestFilterHintsMarkedWithoutColour: with NO_COLOR the filter form's hints
// ("> part of a campaign name", "> comma separated") read as a filter
// already typed; they are in parentheses, as every hint without colour.
func TestFilterHintsMarkedWithoutColour(t *testing.T) {
	c := uitest.Common(80, 24)
	if !c.Styles.Theme.Plain {
		t.Fatal("the test needs the plain theme")
	}
	ff := newFilterForm(c, Filter{}, 80, 21)
	ff.init()
	view := ff.form.View()
	for _, want := range []string{"(part of a campaign name, or a campaign id)", "(comma separated)"} {
		if !strings.Contains(view, want) {
			t.Errorf("hint %s not marked:\n%s", want, view)
		}
	}
}
