package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
)

func BenchmarkDescribe(b *testing.B) {
	p := engine.Problem{Rule: "delivery.queue_duration", Target: "delivery_controls.queue_duration", Message: "queue_duration must be 1 to 48 hours when queuing_enabled is true, not 100."}
	c := engine.Problem{Rule: "push.title_required", Target: "campaign_content.content.es.variation_2.push.android.basic_details.title", Message: "title is required for publish."}
	Describe(p)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Describe(p)
		Describe(c)
	}
}

func BenchmarkCheckURLs(b *testing.B) {
	c := campaign("PUSH", "ONE_TIME")
	_ = Set(c, "campaign_content.locales", []string{"es", "fr", "de"})
	for _, l := range []string{"default", "es", "fr", "de"} {
		_ = Set(c, "campaign_content.content."+l+".variation_1.push.android.basic_details.image_url", "https://cdn.example.com/a.png")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if len(CheckURLs(c)) != 0 {
			b.Fatal("problem")
		}
	}
}
