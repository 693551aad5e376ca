package uitest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Campaign reads testdata/<file> of the repository (found above the
// package being tested): "campaigns/push_one_time.json",
// "fixtures/marketer-push.json".
func Campaign(t testing.TB, file string) *model.Campaign {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatalf("no go.mod above the package: testdata/%s not found", file)
		}
		dir = up
	}
	b, err := os.ReadFile(filepath.Join(dir, "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(b)
	if err != nil {
		t.Fatalf("testdata/%s: %v", file, err)
	}
	return c
}

func sp(s string) *string { return &s }

// FakeRows makes n campaigns for views that need no service.
func FakeRows(n int) []*model.Campaign {
	types := []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered}
	var out []*model.Campaign
	for i := range n {
		v := int64(1 + i%3)
		out = append(out, &model.Campaign{
			ID:                   sp(fmt.Sprintf("%024x", i+1)),
			CampaignID:           sp(fmt.Sprintf("%024x", i+1)),
			VersionNumber:        &v,
			Status:               sp(model.Statuses[1+i%6]),
			Channel:              sp([]string{model.ChannelPush, model.ChannelEmail}[i%2]),
			CampaignDeliveryType: sp(types[i%3]),
			UpdatedAt:            sp(fmt.Sprintf("2026-11-%02dT10:%02d:00Z", 1+i%20, i)),
			BasicDetails:         &model.BasicDetails{Name: sp(fmt.Sprintf("Campaign number %d with a long name", i+1))},
		})
	}
	return out
}
