package browser

import (
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// The browser's summary of the selected campaign names its parts in words
// ("details, trigger, content, audience…"), not JSON keys
// ("basic_details, trigger_condition…", cut at 120 columns).
func TestSummaryNamesPartsInWords(t *testing.T) {
	c := modeltest.Read(t, "../../../testdata/fixtures/marketer-push.json")
	for _, sz := range [][2]int{{120, 33}, {200, 57}} {
		b := New(uitest.Common(sz[0], sz[1]+3))
		b.SetSize(sz[0], sz[1])
		show(b, []*model.Campaign{c})
		v := ansiStripped(b.View())
		if !strings.Contains(v, "details, trigger, content, audience, schedule, delivery") {
			t.Errorf("%dx%d: parts not in words:\n%s", sz[0], sz[1], v)
		}
		if strings.Contains(v, "basic_details") || strings.Contains(v, "segmentation_details") {
			t.Errorf("%dx%d: JSON keys in the summary:\n%s", sz[0], sz[1], v)
		}
		checkFits(t, b.View(), sz[0], sz[1])
	}
}

// Below 120 columns the type column uses short names chosen whole: no word
// reads as cut off ("business ev"), and every row still fits.
func TestShortTypeNamesWhole(t *testing.T) {
	types := append(slices.Clone(model.PushCreateDeliveryTypes), model.DeliveryLiveActivity, model.DeliveryAPITriggered)
	rows := uitest.FakeRows(len(types))
	for i, dt := range types {
		rows[i].CampaignDeliveryType = &dt
	}
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	show(b, rows)
	v := ansiStripped(b.View())
	for _, dt := range types {
		s := shortType(dt)
		if strings.HasSuffix(s, " ev") || !strings.Contains(v, s) {
			t.Errorf("type %s: short name %q cut or missing:\n%s", dt, s, v)
		}
	}
	checkFits(t, b.View(), 80, 21)
}
