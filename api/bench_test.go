package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

func benchEnv(b *testing.B) (*env, string) {
	e := newEnv(b, sandbox.Config{NoRateLimits: true}, nil)
	return e, e.create(fixture(b, "push_one_time"))
}

// BenchmarkGet is one GET of a full push campaign over loopback, decode
// included.
func BenchmarkGet(b *testing.B) {
	e, id := benchEnv(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.client.Get(context.Background(), id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPatch is one component PATCH (basic_details) over loopback.
func BenchmarkPatch(b *testing.B) {
	e, id := benchEnv(b)
	bd := e.get(id).BasicDetails
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		bd.Name = ptr(fmt.Sprint("name ", i))
		if _, err := e.client.Patch(context.Background(), id, &model.Campaign{BasicDetails: bd}); err != nil {
			b.Fatal(err)
		}
	}
}
