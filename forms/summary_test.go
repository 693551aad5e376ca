package forms

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
)

func marketerPush(t *testing.T) *model.Campaign {
	t.Helper()
	return modeltest.Read(t, "../testdata/fixtures/marketer-push.json")
}

func TestSummaryOfTheMarketerCampaign(t *testing.T) {
	c := marketerPush(t)
	newYork, _ := time.LoadLocation("America/New_York")
	s := Summarize(c, SummaryOpts{Local: newYork, Reach: 1234})
	got := map[string]string{}
	for _, l := range s.Lines {
		got[l.Head] = l.Text
	}
	want := map[string]string{
		"Campaign":      "Push · Event triggered · Android and iOS",
		"Audience":      "users in City Madrid or Sevilla, or in segment VIP customers",
		"Reach":         "about 1,234 users",
		"Trigger":       "30 minutes after product_viewed",
		"Schedule":      "from Mon 1 Mar 2027 09:00 Europe/Madrid (03:00 your time, America/New_York), until Wed 30 Jun 2027 23:59 Europe/Madrid (17:59 your time, America/New_York)",
		"Delivery":      "Respects do-not-disturb, queues blocked messages for up to 12 hours, at least 6 hours between two notifications, counts for the frequency cap",
		"Goals":         "Purchase (order_completed), primary; conversions counted for 24 hours after sending",
		"Control group": "10% held back as a control group",
		"UTM":           "utm_source=app, utm_medium=push, utm_campaign=viewed_not_bought, promo=spring27",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %q\nwant %q", k, got[k], w)
		}
	}
	rows := strings.Join(s.Matrix.Rows(), "\n")
	wantRows := "default  variation 1  Android ✓  iOS ✓\ndefault  variation 2  Android ✓  iOS ✓\nes       variation 1  Android ✓  iOS ✓\nes       variation 2  Android ✓  iOS ✓"
	if rows != wantRows {
		t.Errorf("matrix:\n%s\nwant\n%s", rows, wantRows)
	}
}

func TestSummaryMarksIncompleteCells(t *testing.T) {
	c := marketerPush(t)
	c.CampaignContent.Content.Keyed["es"]["variation_2"].Push.IOS.BasicDetails.Title = nil
	c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.Android = nil
	m := ContentMatrix(c, engine.Validate(c, engine.PhasePublish, engine.Options{}))
	for _, tc := range []struct {
		l, v, p string
		want    bool
	}{
		{"es", "variation_2", "IOS", false},
		{"es", "variation_2", "ANDROID", true},
		{"default", "variation_1", "ANDROID", false},
		{"default", "variation_1", "IOS", true},
	} {
		if got := m.Ready[tc.l][tc.v][tc.p]; got != tc.want {
			t.Errorf("%s/%s/%s ready = %v", tc.l, tc.v, tc.p, got)
		}
	}
}

func TestAudienceAndTriggerInWords(t *testing.T) {
	yes, no := true, false
	s := func(v string) *string { return &v }
	n := func(v int64) *int64 { return &v }
	cases := []struct {
		name string
		got  string
		want string
	}{
		{"all users", AudienceText(&model.Segmentation{IsAllUserCampaign: &yes}), "all users"},
		{"empty", AudienceText(&model.Segmentation{IsAllUserCampaign: &no}), "no one yet: choose All users or add a filter"},
		{"and with exclusion", AudienceText(&model.Segmentation{
			IncludedFilters: &model.FilterGroup{FilterOperator: s("and"), Filters: []model.Filter{
				{FilterType: s("user_attributes"), Name: s("Age"), Operator: s("greaterThan"), Value: int64(30)},
				{FilterType: s("actions"), ActionName: s("app_opened"), Executed: &yes, Execution: &model.Execution{Type: s("atleast"), Count: n(3)}},
			}},
			ExcludedFilters: &model.FilterGroup{Filters: []model.Filter{{FilterType: s("custom_segments"), ID: s("seg-1")}}},
		}), "users whose Age is more than 30, and who did app_opened at least 3 times, except users in segment seg-1"},
		{"asap trigger", TriggerText(&model.TriggerCondition{TriggerDelayType: s("ASAP"),
			IncludedFilters: &model.FilterGroup{Filters: []model.Filter{{FilterType: s("actions"), ActionName: s("cart_abandoned")}}}}),
			"right after cart_abandoned"},
		{"one hour before", TriggerText(&model.TriggerCondition{TriggerDelayType: s("DELAY"), TriggerDelayValue: n(1), TriggerDelayGranularity: s("HOURS"), TriggerRelation: s("BEFORE"),
			IncludedFilters: &model.FilterGroup{Filters: []model.Filter{{FilterType: s("actions"), ActionName: s("flight")}}}}),
			"1 hour before flight"},
		{"no trigger", TriggerText(nil), "no trigger yet: add the event that sends it"},
		{"asap schedule", ScheduleText(&model.Scheduling{DeliveryType: s("ASAP")}, nil), "as soon as it is published"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, tc.got, tc.want)
		}
	}
}

// TestThousandsKeepsTheSign: a negative count read "-,123" (the sign was
// counted as a digit).
func TestThousandsKeepsTheSign(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0", 7: "7", 123: "123", 1234: "1,234", 1234567: "1,234,567",
		-1: "-1", -123: "-123", -1234: "-1,234", -123456: "-123,456",
		math.MinInt64: "-9,223,372,036,854,775,808", math.MaxInt64: "9,223,372,036,854,775,807",
	} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
