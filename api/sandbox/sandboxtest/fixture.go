// Package sandboxtest starts a real sandbox on loopback filled with campaigns
// in several states, for the tests of the screens. It lives beside the
// sandbox, not under ui/, so that no UI package depends on the sandbox.
package sandboxtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

// Clock is the sandbox's clock. It starts where every fixture's start time
// lies ahead, so a published campaign is SCHEDULED, and moves only when the
// fixture says: nothing moves on by itself and every campaign has its own
// updated_at, so the service's order is the same on every run.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewClock is a clock at t, for a sandbox (sandbox.Config.Now), a client
// (api.Config.Sleep) and a pacer sharing one time.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Sleep moves the clock on by d at once: a wait for a rate limit or a
// retry costs no real time (ops.Clock, api.Config.Sleep).
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	c.Advance(d)
	return ctx.Err()
}

// Fixture is a real sandbox on loopback with campaigns in several states.
type Fixture struct {
	Client *api.Client
	IDs    map[string]string // campaign name → campaign_id
}

// Fixture names.
const (
	NameOneTime  = "Summer sale kickoff" // PUSH ONE_TIME, SCHEDULED
	NamePeriodic = "Weekly picks"        // PUSH PERIODIC, SCHEDULED
	NameEvent    = "Cart abandonment nudge"
	NameEmpty    = "Empty draft" // PUSH ONE_TIME draft that cannot publish
	NameEmail    = "June newsletter"
	Drafts       = 14 // "Draft 01"… : enough for a second page with drafts shown
)

func sp(s string) *string { return &s }

// name is a campaign's name; every fixture campaign has one.
func name(c *model.Campaign) string {
	if c.BasicDetails == nil || c.BasicDetails.Name == nil {
		return ""
	}
	return *c.BasicDetails.Name
}

// root is the repository root, found from this file's place in it.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Testdata reads testdata/<rel> at the repository root.
func Testdata(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root(), "testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Campaign reads testdata/campaigns/<file> at the repository root.
func Campaign(t testing.TB, file string) *model.Campaign {
	t.Helper()
	return TestdataCampaign(t, "campaigns/"+file)
}

// TestdataCampaign reads the campaign at testdata/<rel> at the repository
// root.
func TestdataCampaign(t testing.TB, rel string) *model.Campaign {
	t.Helper()
	return Decode(t, string(Testdata(t, rel)))
}

// NewFixture starts the sandbox and fills it: three published campaigns (one
// paused), Drafts bulk drafts, an Email draft, an empty draft and extra.
func NewFixture(t *testing.T, extra ...*model.Campaign) *Fixture {
	t.Helper()
	clock := &Clock{now: time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)}
	// No demo seed: the fixture's own campaigns keep counts and order exact.
	client := Start(t, sandbox.Config{NoRateLimits: true, Now: clock.Now})
	f := &Fixture{Client: client, IDs: map[string]string{}}
	ctx := context.Background()
	create := func(c *model.Campaign) string {
		t.Helper()
		c.RequestID = nil
		clock.Advance(time.Minute)
		res, err := client.Create(ctx, c)
		if err != nil {
			t.Fatalf("create %s: %v", name(c), err)
		}
		f.IDs[name(c)] = res.ID
		return res.ID
	}
	publish := func(id string) {
		t.Helper()
		clock.Advance(time.Minute)
		if err := client.Publish(ctx, id); err != nil {
			t.Fatalf("publish: %v", err)
		}
	}
	publish(create(Campaign(t, "push_one_time.json")))
	publish(create(Campaign(t, "push_periodic.json")))
	ev := create(Campaign(t, "push_event_triggered.json"))
	publish(ev)
	clock.Advance(time.Minute)
	if _, err := client.SetStatus(ctx, ev, model.ActionPause); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= Drafts; i++ {
		create(&model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("PERIODIC"), CreatedBy: sp("ana@example.com"),
			BasicDetails: &model.BasicDetails{Name: sp(fmt.Sprintf("Draft %02d", i)), Tags: []string{"bulk"}}})
	}
	create(Campaign(t, "email_one_time.json"))
	create(&model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"), CreatedBy: sp("ana@example.com"),
		BasicDetails: &model.BasicDetails{Name: sp(NameEmpty)}})
	for _, c := range extra {
		create(c)
	}
	return f
}

// Status is the named campaign's status on the service now.
func (f *Fixture) Status(t *testing.T, name string) string {
	t.Helper()
	return model.Str(Get(t, f.Client, f.IDs[name]).Status)
}

// Get reads a campaign from the service, failing the test when it cannot.
func Get(t testing.TB, c *api.Client, id string) *model.Campaign {
	t.Helper()
	cp, err := c.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return cp
}

// Decode reads a campaign from JSON text, failing the test when it is not
// one.
func Decode(t testing.TB, s string) *model.Campaign {
	t.Helper()
	c, err := model.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
