package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// The test dialog builds the request the service expects: the editor's
// copy inline, or the saved draft narrowed to a platform, locale and
// variation; more than 10 identifiers are refused.
func TestTestSendRequest(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	press(m, uitest.Key("ctrl+t"))
	d, ok := m.dialog.(*testDialog)
	if !ok {
		t.Fatal("ctrl+t opens no test dialog")
	}
	d.ids.SetValue("user-001, user-002")
	req, err := d.request(m)
	if err != nil {
		t.Fatal(err)
	}
	if req.DraftID != "" || req.CampaignContent == nil || req.BasicDetails == nil || req.Channel != "PUSH" ||
		req.TestCampaignMeta.Platform != "" || len(req.TestCampaignMeta.IdentifierValues) != 2 || req.TestCampaignMeta.Identifier != "USER_ATTRIBUTE_UNIQUE_ID" {
		t.Fatalf("inline request: %+v %+v", req, req.TestCampaignMeta)
	}
	d.mode, d.platform, d.locale, d.variation = 1, 2, 2, 1 // IOS, es-ES, variation_1
	req, err = d.request(m)
	if err != nil {
		t.Fatal(err)
	}
	meta := req.TestCampaignMeta
	if req.DraftID != *c.CampaignID || req.CampaignContent != nil || meta.Platform != "IOS" || meta.LocaleName != "es-ES" || meta.Variation != "variation_1" {
		t.Fatalf("draft request: %+v %+v", req, meta)
	}
	d.ids.SetValue(strings.Repeat("a,", 10) + "b")
	if _, err := d.request(m); err == nil || !strings.Contains(err.Error(), "at most 10") {
		t.Fatalf("11 identifiers: %v", err)
	}
}
