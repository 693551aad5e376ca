package browser

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Columns never cut an enum value ("WHATSA…" was): the channel and status
// columns are as wide as their widest value, long channels have short
// names chosen whole.
func TestColumnsNeverCutAnEnum(t *testing.T) {
	var rows []*model.Campaign
	for i, ch := range []string{"WHATSAPP", "FACEBOOK", "GOOGLE ADS", "CONNECTORS", "SMS"} {
		r := row(string(rune('a'+i)), "Campaign "+ch, "SCHEDULED")
		r.Channel = sp(ch)
		rows = append(rows, r)
	}
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	show(b, inOrder(rows))
	view := ansi.Strip(b.View())
	for _, want := range []string{"WHATSAPP ", "FACEBOOK ", "G-ADS ", "CONNECT ", "SCHEDULED"} {
		if !strings.Contains(view, want) {
			t.Errorf("%q not whole in\n%s", want, view)
		}
	}
	if strings.Contains(view, "…  ") && strings.Contains(view, "WHATSA…") {
		t.Errorf("a value cut:\n%s", view)
	}
	checkFits(t, b.View(), 80, 21)
}
