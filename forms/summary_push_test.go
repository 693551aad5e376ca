package forms

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model/modeltest"
)

// The Review says what goes out on each platform and locale, in words:
// each platform's tap and target, image, buttons, priority, the iOS
// audience and the expiration (a click action overwritten by a link would
// show here).
func TestSummaryShowsEachPlatformInWords(t *testing.T) {
	c := modeltest.Read(t, "../testdata/fixtures/marketer-push-web.json")
	lines := map[string]string{}
	for _, l := range Summarize(c, SummaryOpts{Reach: -1}).Push {
		lines[l.Head] += l.Text + "\n"
	}
	for head, want := range map[string][]string{
		"Android": {"high priority", "de: STYLIZED_BASIC; tap opens deep link shop://coats?lang=de",
			"image https://img.example.com/winter/android.jpg", `button "Mäntel ansehen" opens deep link`},
		"iOS": {"to all eligible devices", "APNs priority 10", "time-sensitive", "relevance 0.5",
			"default: BASIC; tap opens web page https://shop.example.com/coats", "gif https://img.example.com/winter/snow.gif", "category COATS"},
		"Web": {"default: BASIC; tap opens https://shop.example.com/coats", "image https://img.example.com/winter/web.jpg",
			"icon https://img.example.com/icon-192.png", `"See coats" → https://shop.example.com/coats`, `"Need help?" → https://shop.example.com/help`},
		"Expiration": {"2 days"},
	} {
		for _, w := range want {
			if !strings.Contains(lines[head], w) {
				t.Errorf("%s: %q lacks %q", head, lines[head], w)
			}
		}
	}
}
