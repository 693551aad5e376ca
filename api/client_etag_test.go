package api

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// GetTagged reads the version's ETag; PatchTagged sends it as If-Match and
// reads the new one; a 412 (someone wrote since) comes back at once as an
// *Error, never retried.
func TestETagAndIfMatch(t *testing.T) {
	f, c, waits := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("ETag", `"v1"`)
			writeJSON(w, 200, `{"data":{"campaign_id":"abc","basic_details":{"name":"A"}}}`)
		case r.Header.Get("If-Match") == `"v1"` && n == 1:
			w.Header().Set("ETag", `"v2"`)
			writeJSON(w, 200, `{"data":{"id":"abc"}}`)
		default:
			writeJSON(w, 412, `{"response_id":"r","error":{"code":"BAD_REQUEST","message":"The campaign changed since If-Match.","target":"If-Match","details":[{"target":"If-Match","message":"The campaign changed since If-Match."}]}}`)
		}
	})
	ctx := context.Background()
	got, tag, err := c.GetTagged(ctx, "abc")
	if err != nil || tag != `"v1"` || got.BasicDetails == nil || *got.BasicDetails.Name != "A" {
		t.Fatalf("GetTagged: %v %q %v", got, tag, err)
	}
	name := "B"
	p := &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}
	if _, tag, err = c.PatchTagged(ctx, "abc", p, tag); err != nil || tag != `"v2"` {
		t.Fatalf("PatchTagged: %q %v", tag, err)
	}
	_, _, err = c.PatchTagged(ctx, "abc", p, `"v1"`) // stale now
	var ae *Error
	if !errors.As(err, &ae) || ae.Status != http.StatusPreconditionFailed || ae.Target != "If-Match" {
		t.Fatalf("stale PATCH: %v", err)
	}
	if reqs := f.requests(); len(reqs) != 3 || len(*waits) != 0 {
		t.Errorf("%d requests, %d waits: a 412 must not be retried", len(reqs), len(*waits))
	}
	// Without a tag no If-Match is sent (a service without ETags).
	c.PatchTagged(ctx, "abc", p, "")
	if h := f.requests()[3].header.Get("If-Match"); h != "" {
		t.Errorf("If-Match %q sent without a tag", h)
	}
}
