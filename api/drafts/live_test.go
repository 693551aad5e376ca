package drafts

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

// published creates the fixture campaign (Android and iOS content in three
// locales) and publishes it: ACTIVE, what recipients get.
func (fx *fixture) published() string {
	fx.t.Helper()
	c := sandboxtest.Campaign(fx.t, "push_one_time.json")
	c.SchedulingDetails = &model.Scheduling{DeliveryType: ptr("ASAP")}
	return fx.publish(c)
}

// A stray key in a live campaign is never sent by a pause in typing, by a
// retry or by Flush (an editor's quit): only by Send, the person's ctrl+s.
func TestLiveCampaignIsSentOnlyWhenAsked(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.published()
	fx.load(id)
	fx.edit(id, setName("Summer salet"))
	fx.clock.Advance(time.Minute)
	if n := len(fx.f.patchBodies()); n != 0 {
		t.Fatalf("%d PATCHes after the debounce on a live campaign, want 0", n)
	}
	st := fx.eng.Status(id)
	if !st.Live || st.State != StatePending || !strings.Contains(st.String(), "not sent") {
		t.Fatalf("status %+v (%s)", st, st)
	}
	if err := fx.eng.Flush(context.Background(), id); !errors.Is(err, ErrHeld) {
		t.Fatalf("Flush: %v, want ErrHeld", err)
	}
	if _, err := fx.eng.FlushAll(context.Background()); !errors.Is(err, ErrHeld) {
		t.Fatalf("FlushAll: %v, want ErrHeld", err)
	}
	if nameOf(fx.remote(id)) == "Summer salet" || len(fx.f.patchBodies()) != 0 {
		t.Fatal("the stray edit reached the service")
	}
	if err := fx.eng.Send(context.Background(), id, false); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got := nameOf(fx.remote(id)); got != "Summer salet" {
		t.Errorf("after Send the service has %q", got)
	}
}

// A change that would break the live campaign (the iOS content gone while
// iOS stays a platform) stays local with the problem beside its field;
// sent with force it goes. A draft keeps its automatic sync.
func TestBreakingALiveCampaignNeedsForce(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.published()
	fx.load(id)
	fx.edit(id, func(c *model.Campaign) {
		for _, vars := range c.CampaignContent.Content.Keyed {
			for _, m := range vars {
				m.Push.IOS = nil
			}
		}
	})
	if err := fx.eng.Send(context.Background(), id, false); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Send: %v, want ErrInvalid", err)
	}
	ps := fx.eng.Status(id).Invalid["campaign_content"]
	if len(ps) == 0 || !strings.Contains(ps[0].Message, "would break the live campaign") || !strings.Contains(ps[0].Target, "ios") {
		t.Fatalf("problems %+v", ps)
	}
	if n := len(fx.f.patchBodies()); n != 0 {
		t.Fatalf("%d PATCHes, want none", n)
	}
	if err := fx.eng.Send(context.Background(), id, true); err != nil {
		t.Fatalf("forced Send: %v", err)
	}
	if m := model.MessageAt(fx.remote(id), "default", "variation_1"); m == nil || m.Push.IOS != nil {
		t.Errorf("forced: the service still has iOS content")
	}
}

// The person editing signs the change; with nobody named, nobody is.
func TestUpdatedByIsTheEditorNeverTheDraftsAuthor(t *testing.T) {
	t.Parallel()
	fx := newFixtureWith(t, sandbox.Config{NoRateLimits: true}, Options{UpdatedBy: "alice@example.com"})
	id := fx.loaded()
	fx.edit(id, setName("Alice's"))
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if by := fx.remote(id).UpdatedBy; by == nil || *by != "alice@example.com" {
		t.Errorf("updated_by %v, want alice@example.com (the draft was created by a@example.com)", by)
	}
}

// A read-only engine (a read-only profile) sends nothing, not even the
// edits a journal kept from an earlier, writable session.
func TestReadOnlyEngineSendsNothing(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("kept from before"))
	fx.eng.Close()
	fx.opts.ReadOnly = true
	fx.eng = fx.open()
	fx.load(id) // the journal's edit comes back, unsent
	fx.clock.Advance(time.Minute)
	if err := fx.eng.Send(context.Background(), id, true); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("Send: %v, want ErrReadOnly", err)
	}
	if n := len(fx.f.patchBodies()); n != 0 || nameOf(fx.remote(id)) == "kept from before" {
		t.Fatalf("%d PATCHes from a read-only engine", n)
	}
}
