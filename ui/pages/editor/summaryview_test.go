package editor

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestReviewSummaryWrapsAndNeverCuts(t *testing.T) {
	s, sum := marketerSummary(t)
	for _, w := range []int{40, 80, 120} {
		lines := summaryLines(s, sum, w)
		all := strings.Join(lines, "\n")
		for _, l := range lines {
			if lipgloss.Width(l) > w {
				t.Errorf("width %d: line of %d cells: %q", w, lipgloss.Width(l), l)
			}
		}
		flat := strings.Join(strings.Fields(all), " ")
		for _, want := range []string{"users in City Madrid or Sevilla, or in segment VIP customers", "30 minutes after product_viewed", "promo=spring27"} {
			if !strings.Contains(flat, want) {
				t.Errorf("width %d: %q missing from\n%s", w, want, all)
			}
		}
		if strings.Count(all, "✓") != 8 || strings.Contains(all, "✗") {
			t.Errorf("width %d: matrix\n%s", w, all)
		}
	}
}

// The summary's headings stay on one line wherever the pane leaves the
// sentences room (120×36 gave the Review pane about 48 columns and "Control
// group" wrapped onto two lines).
func TestReviewSummaryHeadingsWhole(t *testing.T) {
	s, sum := marketerSummary(t)
	for _, w := range []int{40, 48, 56, 80} {
		lines := summaryLines(s, sum, w)
		for _, sl := range sum.Lines {
			found := false
			for _, l := range lines {
				if strings.HasPrefix(l, sl.Head+" ") {
					found = true
				}
			}
			if !found {
				t.Errorf("width %d: heading %q not whole on one line:\n%s", w, sl.Head, strings.Join(lines, "\n"))
			}
		}
	}
}

// Review shows the campaign in words; a published
// campaign opened for editing is not "ready to publish".
func TestReviewSummaryAndStateAwareCheck(t *testing.T) {
	m := summerSale(t, 120, 48)
	m.Update(uitest.Key("8"))
	flat := strings.Join(strings.Fields(m.View()), " ")
	for _, want := range []string{"Campaign Push · One time", "Audience", "Schedule", "Variation"} {
		if !strings.Contains(flat, want) {
			t.Errorf("review lacks %q:\n%s", want, m.View())
		}
	}
	active := fixture(t, "push_one_time.json")
	st := model.StatusActive
	active.Status = &st
	m, _ = newTestEditor(t, active, 120, 40)
	if v := m.View(); strings.Contains(v, "ready to publish") {
		t.Fatalf("an active campaign says ready to publish:\n%s", v)
	}
}

// marketerSummary is the marketer's push in words, and the plain theme's
// styles to draw it with.
func marketerSummary(t *testing.T) (themes.Styles, forms.Summary) {
	t.Helper()
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.Ascii)
	return themes.New(themes.Plain(), r), forms.Summarize(marketerPush(t), forms.SummaryOpts{Local: time.UTC, Reach: -1})
}
