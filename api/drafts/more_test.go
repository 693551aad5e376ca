package drafts

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

func TestServiceRateLimitReportsUntilAndRetries(t *testing.T) {
	// Sandbox limits on; the engine's own limiter off, to meet the service's.
	fx := newFixtureWith(t, sandbox.Config{}, Options{Limits: []ops.Window{}})
	id := fx.create(draft)
	fx.load(id) // 1 read
	var err error
	for i := 0; i < 6 && err == nil; i++ { // each flush reads twice and writes once
		fx.edit(id, setName(string(rune('a'+i))))
		err = fx.eng.Flush(context.Background(), id)
	}
	if err == nil {
		t.Fatal("the sandbox never refused")
	}
	st := fx.eng.Status(id)
	if st.State != StateRateLimited || !st.RateLimitedUntil.Equal(t0.Add(time.Second)) || len(st.Pending) != 1 {
		t.Fatalf("status %v (%v)", st, err)
	}
	if want := "rate-limited until " + t0.Add(time.Second).Local().Format("15:04:05") + ", pending 1 component"; st.String() != want {
		t.Errorf("String() = %q, want %q", st.String(), want)
	}
	pending := nameOf(fx.eng.Working(id))
	fx.clock.Advance(time.Second) // Retry-After passes; the scheduled retry sends
	if r := fx.remote(id); nameOf(r) != pending {
		t.Errorf("service name %q, want %q", nameOf(r), pending)
	}
	if st := fx.eng.Status(id); st.State != StateSynced {
		t.Errorf("status %v", st)
	}
}

func TestUnknownFieldsSurvivePatchOfAnotherField(t *testing.T) {
	fx := newFixture(t)
	id := fx.create(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"a@example.com",
	 "x_top":"kept",
	 "basic_details":{"name":"Old","platforms":["ANDROID"],"x_owner":{"team":"growth","since":2024}},
	 "campaign_content":{"content":{"push":{"android":{"template_type":"BASIC",
	   "basic_details":{"title":"Hi","message":"There","x_preview_hint":"short"}}}}}}`)
	w := fx.load(id)
	if w.BasicDetails.Extra.Unknown["x_owner"] == nil {
		t.Fatalf("unknown field not fetched: %s", model.Encode(w.BasicDetails))
	}
	fx.edit(id, setName("New"))
	fx.edit(id, func(c *model.Campaign) {
		a := c.CampaignContent.Content.Flat.Push.Android
		a.BasicDetails.Title = ptr("Hello")
	})
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	r := fx.remote(id)
	owner, _ := r.BasicDetails.Extra.Unknown["x_owner"].(map[string]any)
	if nameOf(r) != "New" || owner["team"] != "growth" || owner["since"] != json.Number("2024") {
		t.Errorf("basic_details on the service: %s", model.Encode(r.BasicDetails))
	}
	a := r.CampaignContent.Content.Flat.Push.Android.BasicDetails
	if *a.Title != "Hello" || a.Extra.Unknown["x_preview_hint"] != "short" || r.Extra.Unknown["x_top"] != "kept" {
		t.Errorf("campaign_content on the service: %s", model.Encode(r.CampaignContent))
	}
}

func TestEditWhileSendingIsKeptAndSentNext(t *testing.T) {
	fx := newFixture(t)
	id := fx.create(draft)
	fx.load(id)
	fx.edit(id, setName("sent"))
	once := false
	fx.f.beforePatch = func() {
		if !once {
			once = true
			fx.edit(id, setName("typed while sending"))
		}
	}
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if w := fx.eng.Working(id); nameOf(w) != "typed while sending" {
		t.Fatalf("the newer edit was lost: %q", nameOf(w))
	}
	if b := fx.eng.Base(id); nameOf(b) != "sent" {
		t.Errorf("base %q", nameOf(b))
	}
	if st := fx.eng.Status(id); !slices.Equal(st.Pending, []string{"basic_details"}) {
		t.Errorf("status %v", st)
	}
	fx.clock.Advance(time.Second) // its debounce
	if r := fx.remote(id); nameOf(r) != "typed while sending" {
		t.Errorf("service %q", nameOf(r))
	}
	if st := fx.eng.Status(id); st.State != StateSynced {
		t.Errorf("a false conflict? %v", st)
	}
}

func TestRemoteChangeOfUntouchedComponentIsAdopted(t *testing.T) {
	fx := newFixture(t)
	id := fx.create(draft)
	fx.load(id)
	theirs := fx.remote(id)
	theirs.UTMParams.UTMCampaign = ptr("from-colleague")
	fx.patchRemote(id, theirs, "utm_params")
	fx.edit(id, setName("mine"))
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	w := fx.eng.Working(id)
	if *w.UTMParams.UTMCampaign != "from-colleague" || nameOf(w) != "mine" {
		t.Errorf("working %s", model.Encode(w))
	}
	r := fx.remote(id)
	if *r.UTMParams.UTMCampaign != "from-colleague" || nameOf(r) != "mine" {
		t.Errorf("service %s", model.Encode(r))
	}
	var remote bool
	for _, ev := range drain(fx.eng) {
		remote = remote || (ev.Kind == EventRemoteChange && slices.Equal(ev.Components, []string{"utm_params"}))
	}
	if !remote {
		t.Error("no remote-change event")
	}
}

func TestFailedStateOnRefusal(t *testing.T) {
	fx := newFixture(t)
	id := fx.create(draft)
	fx.load(id)
	fx.edit(id, setName("x"))
	err := fx.eng.Flush(context.Background(), "not-loaded")
	if !errors.Is(err, ErrNotLoaded) {
		t.Errorf("flush of an unloaded campaign: %v", err)
	}
	if err := fx.eng.Edit("not-loaded", setName("x")); !errors.Is(err, ErrNotLoaded) {
		t.Errorf("edit of an unloaded campaign: %v", err)
	}
}

func TestDefaultDirSeparatesServicesAndWorkspaces(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/state")
	a := DefaultDir("http://127.0.0.1:8787", "SANDBOX")
	if a != "/state/campaigns/journal/127.0.0.1-8787_SANDBOX" {
		t.Errorf("dir %q", a)
	}
	if b := DefaultDir("https://api-01.campaigns-service.example", "SANDBOX"); b == a {
		t.Error("two services share a journal directory")
	}
	if c := DefaultDir("http://127.0.0.1:8787", "../../etc"); filepath.Dir(c) != "/state/campaigns/journal" {
		t.Errorf("workspace escaped the directory: %q", c)
	}
}

// TestRealClockEndToEnd runs the engine on the wall clock against a sandbox
// on a real listener: typing, then the debounce fires by itself. It waits
// for the engine's event, not for time.
func TestRealClockEndToEnd(t *testing.T) {
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(t.TempDir(), client, Options{Debounce: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	fx := &fixture{t: t, other: client}
	id := fx.create(draft)
	if _, err := e.Load(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"R", "Re", "Real"} {
		if err := e.Edit(id, setName(n)); err != nil {
			t.Fatal(err)
		}
	}
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-e.Events():
			// A slow machine may send "R" before "Real" is typed; wait for
			// the send that leaves nothing pending.
			if ev.Kind != EventSynced || len(ev.Status.Unsynced) > 0 {
				continue
			}
			if r := fx.remote(id); nameOf(r) != "Real" {
				t.Errorf("service name %q", nameOf(r))
			}
			return
		case <-timeout:
			t.Fatalf("never synced: %v", e.Status(id))
		}
	}
}

func TestSubscribeGivesEachReaderItsOwnFeed(t *testing.T) {
	fx := newFixture(t)
	a, b := fx.create(draft), fx.create(draft)
	fx.load(a)
	fx.load(b)
	onlyB, cancel := fx.eng.Subscribe(b)
	defer cancel()
	fx.edit(a, setName("for a"))
	fx.edit(b, setName("for b"))
	ev := <-onlyB
	if ev.ID != b || ev.Kind != EventStatus || ev.Status.State != StatePending {
		t.Errorf("subscriber of %s got %+v", b, ev)
	}
	seen := map[string]bool{}
	for _, ev := range drain(fx.eng) { // the main feed has both
		seen[ev.ID] = true
	}
	if !seen[a] || !seen[b] {
		t.Errorf("main feed saw %v", seen)
	}
	cancel()
	if _, open := <-onlyB; open {
		t.Error("feed still open after cancel")
	}
}

func TestFlushAllOnQuit(t *testing.T) {
	fx := newFixture(t)
	a, b := fx.create(draft), fx.create(draft)
	fx.load(a)
	fx.load(b)
	fx.edit(a, setName("a saved on quit"))
	fx.edit(b, setName("b saved on quit"))
	left, err := fx.eng.FlushAll(context.Background())
	if err != nil || len(left) != 0 {
		t.Fatalf("left %v, err %v", left, err)
	}
	if nameOf(fx.remote(a)) != "a saved on quit" || nameOf(fx.remote(b)) != "b saved on quit" {
		t.Error("not saved")
	}
	// Offline at quit: the edit stays journaled and is reported.
	fx.edit(a, setName("offline at quit"))
	fx.down()
	left, err = fx.eng.FlushAll(context.Background())
	if err == nil || !slices.Equal(left, []string{a}) {
		t.Errorf("left %v, err %v", left, err)
	}
	if ids, _ := fx.eng.Journaled(); !slices.Equal(ids, []string{a}) {
		t.Errorf("journaled %v", ids)
	}
}
