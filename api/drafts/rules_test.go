package drafts

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// A stand-in rule, so these tests do not hang on the engine's rule set.
func requireUTMSource(stored, patch *model.Campaign, state string, opts engine.Options) engine.PatchResult {
	res := engine.ValidatePatch(stored, patch, state, opts)
	if u := patch.UTMParams; u != nil && (u.UTMSource == nil || *u.UTMSource == "") {
		res.Problems = append(res.Problems, engine.Problem{Rule: "utm.source", Target: "utm_params.utm_source", Message: "utm_source is required."})
	}
	return res
}

func TestInvalidComponentStaysLocal(t *testing.T) {
	fx := parallelFixture(t)
	fx.eng.validate = requireUTMSource
	id := fx.loaded()
	fx.edit(id, setName("valid name"))
	fx.edit(id, func(c *model.Campaign) { c.UTMParams.UTMSource = ptr("") })
	err := fx.eng.Flush(context.Background(), id)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("flush: %v", err)
	}
	bodies := fx.f.patchBodies()
	if len(bodies) != 1 || bodies[0]["utm_params"] != nil || bodies[0]["basic_details"] == nil {
		t.Fatalf("sent %v", bodies)
	}
	st := fx.eng.Status(id)
	if st.State != StateInvalid || !slices.Equal(st.Unsynced, []string{"utm_params"}) || len(st.Pending) != 0 ||
		st.Invalid["utm_params"][0].Target != "utm_params.utm_source" || st.String() != "invalid (1 component)" {
		t.Fatalf("status %+v", st)
	}
	if r := fx.remote(id); nameOf(r) != "valid name" || *r.UTMParams.UTMSource != "app" {
		t.Errorf("service: %s", model.Encode(r))
	}
	// The invalid edit is kept locally, and goes once fixed; until the next
	// check the fixed unit reads as pending, not invalid.
	fx.edit(id, func(c *model.Campaign) { c.UTMParams.UTMSource = ptr("web") })
	if st := fx.eng.Status(id); st.State != StatePending || !slices.Equal(st.Pending, []string{"utm_params"}) {
		t.Errorf("after the fix: %v", st)
	}
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if r := fx.remote(id); *r.UTMParams.UTMSource != "web" {
		t.Errorf("utm_source %q", *r.UTMParams.UTMSource)
	}
}

func TestServiceRefusalIsNotResentUnchanged(t *testing.T) {
	fx := parallelFixture(t)
	fx.refuseUTM()
	id := fx.loaded()
	fx.edit(id, func(c *model.Campaign) { c.UTMParams.UTMSource = ptr("bad") })
	fx.edit(id, setName("renamed"))
	if err := fx.eng.Send(context.Background(), id, false); !errors.Is(err, ErrInvalid) {
		t.Fatalf("flush: %v", err)
	}
	st := fx.eng.Status(id)
	if st.State != StateInvalid || len(st.Invalid["utm_params"]) != 1 ||
		!strings.Contains(st.Invalid["utm_params"][0].Message, "not allowed") {
		t.Fatalf("status %+v", st)
	}
	// The PATCH was refused whole; the unit the service did not name goes
	// alone next time, the refused one stays local until edited.
	fx.clock.Advance(time.Second)
	bodies := fx.f.patchBodies()
	if len(bodies) != 2 || bodies[1]["utm_params"] != nil || bodies[1]["basic_details"] == nil {
		t.Fatalf("PATCHes %d, last %v", len(bodies), keys(bodies[len(bodies)-1]))
	}
	fx.eng.Flush(context.Background(), id)
	if n := len(fx.f.patchBodies()); n != 2 {
		t.Errorf("refused unit resent unchanged: %d PATCHes", n)
	}
	fx.edit(id, func(c *model.Campaign) { c.UTMParams.UTMSource = ptr("good") })
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if r := fx.remote(id); *r.UTMParams.UTMSource != "good" || nameOf(r) != "renamed" {
		t.Errorf("service %s", model.Encode(r))
	}
}

func TestClientSideRateLimit(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	for i := range 10 {
		fx.edit(id, setName(strings.Repeat("x", i+1)))
		if err := fx.eng.Flush(context.Background(), id); err != nil {
			t.Fatalf("flush %d: %v", i, err)
		}
	}
	fx.edit(id, setName("eleventh"))
	err := fx.eng.Flush(context.Background(), id)
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("11th send in one second: %v", err)
	}
	st := fx.eng.Status(id)
	if st.State != StateRateLimited || !st.RateLimitedUntil.Equal(t0.Add(time.Second)) {
		t.Fatalf("status %v", st)
	}
	if n := len(fx.f.patchBodies()); n != 10 {
		t.Fatalf("%d PATCHes", n)
	}
	fx.clock.Advance(time.Second) // the scheduled retry
	if r := fx.remote(id); nameOf(r) != "eleventh" {
		t.Errorf("service name %q", nameOf(r))
	}
}

// With the real engine: on an ACTIVE campaign the audience is locked, so an
// edit of it stays local with the engine's problem, while a name edit goes.
func TestLockedComponentOfALiveCampaignStaysLocal(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.published()
	if st := *fx.remote(id).Status; st != "ACTIVE" {
		t.Fatalf("published as %s", st)
	}
	fx.load(id)
	fx.edit(id, setName("Live rename"))
	fx.edit(id, func(c *model.Campaign) { c.SegmentationDetails.SendCampaignToOptOutUsers = ptr(true) })
	if err := fx.eng.Send(context.Background(), id, false); !errors.Is(err, ErrInvalid) {
		t.Fatalf("flush: %v", err)
	}
	st := fx.eng.Status(id)
	ps := st.Invalid["segmentation_details"]
	if st.State != StateInvalid || len(ps) == 0 || !strings.HasPrefix(ps[0].Target, "segmentation_details") {
		t.Fatalf("status %+v", st)
	}
	r := fx.remote(id)
	if nameOf(r) != "Live rename" || *r.SegmentationDetails.SendCampaignToOptOutUsers {
		t.Errorf("service: name %q, opt-outs %v", nameOf(r), *r.SegmentationDetails.SendCampaignToOptOutUsers)
	}
}

// Two engines on one credential (two SSH sessions) share the limit.
func TestRateLimitIsPerClient(t *testing.T) {
	fx := parallelFixture(t)
	other, err := Open(t.TempDir(), fx.client, Options{Clock: fx.clock})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	a, b := fx.create(draft), fx.create(draft)
	fx.load(a)
	if _, err := other.Load(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		fx.edit(a, setName(strings.Repeat("a", i+1)))
		if err := fx.eng.Flush(context.Background(), a); err != nil {
			t.Fatal(err)
		}
	}
	other.Edit(b, setName("b"))
	if err := other.Flush(context.Background(), b); !errors.Is(err, ErrRateLimited) {
		t.Errorf("the other session's 11th send in a second: %v", err)
	}
}
