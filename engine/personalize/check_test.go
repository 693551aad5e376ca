package personalize

import (
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// CheckContent finds every field whose personalisation does not parse, with
// its path, in the order RenderContent reports them, from any goroutine.
func TestCheckContent(t *testing.T) {
	body := `{"campaign_content": {"locales": ["fr"], "content": {
		"default": {"variation_1": {"push": {"android": {"template_type": "BASIC",
			"basic_details": {"title": "Hi {{ user.first_name }}", "message": "{% if %}x"},
			"buttons": [{"btn_name": "ok"}, {"btn_name": "{{ event.x | }}"}]}}}},
		"fr": {"variation_1": {"push": {"android": {"template_type": "BASIC",
			"basic_details": {"title": "Salut {{ UserAttribute['Unknown'] }}", "summary": "{% nosuch %}"}}}}}}}}`
	c, err := model.Decode([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"campaign_content.content.default.variation_1.push.android.basic_details.message",
		"campaign_content.content.default.variation_1.push.android.buttons[1].btn_name",
		"campaign_content.content.fr.variation_1.push.android.basic_details.summary",
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs := CheckContent(c.CampaignContent)
			if len(errs) != len(want) {
				t.Errorf("%d errors, want %d: %v", len(errs), len(want), errs)
				return
			}
			for i, e := range errs {
				if e.Target != want[i] || e.Line != 1 || e.Column < 1 || e.Message == "" {
					t.Errorf("error %d = %+v, want target %s", i, e, want[i])
				}
			}
		}()
	}
	wg.Wait()
}
