package testresults

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestResultsShowWhatWasSentToWhom(t *testing.T) {
	s := uitest.PlainStyles()
	rs := []api.SentTest{
		{Recipient: "user-001", Address: "fcm:user-001:android", Platform: "ANDROID", Locale: "es", Variation: "variation_1", Status: "SENT", Rendered: true,
			Title: "¿Lo sigues pensando, Ana?", Body: "El artículo que viste <b>casi</b> se agota.", Click: "shop://viewed"},
		{Recipient: "user-001", Platform: "IOS", Locale: "es", Variation: "variation_1", Status: "FAILED", Reason: "user-001 has no IOS push token"},
	}
	out := strings.Join(Lines(s, rs, 40), "\n")
	for _, want := range []string{"1 message sent, 1 message failed", "user-001 · Android · es · variation 1", "¿Lo sigues pensando, Ana?", "✗ failed", "has no IOS push", "opens shop://viewed", "viste casi se", "to fcm:user-001:android"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	uitest.Fit(t, "the results", out, 40)
}
