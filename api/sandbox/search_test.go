package sandbox

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// searchIDs runs a search and returns the ids found.
func (e *env) searchIDs(body map[string]any) []string {
	e.t.Helper()
	if body["limit"] == nil {
		body["limit"] = 15
	}
	if body["page"] == nil {
		body["page"] = 1
	}
	r := e.do("POST", api.PathSearch, body)
	want(e.t, r, http.StatusOK)
	var res api.SearchResult
	r.data(e.t, &res)
	var out []string
	for _, c := range res.Campaigns {
		out = append(out, *c.ID)
	}
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestSearch(t *testing.T) {
	e := parallelEnv(t, nil)
	mk := func(name, channel, dt, creator string, tags []string) map[string]any {
		m := map[string]any{"channel": channel, "campaign_delivery_type": dt, "created_by": creator,
			"basic_details": map[string]any{"name": name, "tags": tags}}
		if channel == "EMAIL" {
			m["connector"] = map[string]any{"connector_type": "SENDGRID", "connector_name": "s1"}
		}
		return m
	}
	d1 := e.create(mk("Spring Sale", "PUSH", "ONE_TIME", "ana@example.com", []string{"sale", "spring"}))
	e.clk.Advance(time.Hour)
	d2 := e.create(mk("Welcome mail", "EMAIL", "EVENT_TRIGGERED", "bo@example.com", []string{"onboarding"}))
	e.clk.Advance(time.Hour)
	live := e.create(withStart(fixture(t, "push_one_time"), e.clk.Now().Add(24*time.Hour), "UTC"))
	want(t, e.publish(live), http.StatusNoContent) // SCHEDULED, tags summer+sale, name "Summer sale kickoff"
	e.clk.Advance(time.Hour)
	stopped := e.create(withStart(fixture(t, "push_one_time"), e.clk.Now().Add(24*time.Hour), "UTC"))
	want(t, e.publish(stopped), http.StatusNoContent)
	want(t, e.action(stopped, "STOP"), http.StatusOK)
	// An archived campaign, as the seed makes them.
	recs, err := seedRecords(e.user, e.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	var archived string
	for _, r := range recs {
		if r.Status == model.StatusArchived && r.Channel == "PUSH" {
			archived = r.ID
			if err := e.s.store.Update(t.Context(), func(tx Tx) error { return tx.Put(r) }); err != nil {
				t.Fatal(err)
			}
		}
	}

	cases := []struct {
		name   string
		fields map[string]any
		extra  map[string]any
		want   []string
	}{
		{"no filter: no drafts, no archived", nil, nil, []string{live, stopped}},
		{"drafts only when asked", map[string]any{"status": []string{"DRAFT"}}, nil, []string{d1, d2}},
		{"ARCHIVED needs include_archive_campaigns", map[string]any{"status": []string{"ARCHIVED"}}, nil, nil},
		{"include_archive_campaigns", map[string]any{"status": []string{"ARCHIVED", "STOPPED"}}, map[string]any{"include_archive_campaigns": true}, []string{archived, stopped}},
		{"archive flag alone", nil, map[string]any{"include_archive_campaigns": true}, []string{live, stopped, archived}},
		{"channel", map[string]any{"channels": []string{"EMAIL"}, "status": []string{"DRAFT", "SCHEDULED"}}, nil, []string{d2}},
		{"delivery type", map[string]any{"campaign_delivery_type": []string{"EVENT_TRIGGERED"}, "status": []string{"DRAFT"}}, nil, []string{d2}},
		{"name, partial and any case", map[string]any{"name": "SALE", "status": []string{"DRAFT", "SCHEDULED", "STOPPED"}}, nil, []string{d1, live, stopped}},
		{"name with LIKE characters", map[string]any{"name": "%", "status": []string{"DRAFT"}}, nil, nil},
		{"tags, any of", map[string]any{"tags": []string{"spring", "onboarding"}, "status": []string{"DRAFT"}}, nil, []string{d1, d2}},
		{"created_by", map[string]any{"created_by": []string{"bo@example.com"}, "status": []string{"DRAFT"}}, nil, []string{d2}},
		{"ids", map[string]any{"ids": []string{d1, live}, "status": []string{"DRAFT", "SCHEDULED"}}, nil, []string{d1, live}},
		{"created_date", map[string]any{"created_date": map[string]any{"from_date": "2026-03-02T10:30:00", "to_date": "2026-03-02T11:30:00"}, "status": []string{"DRAFT"}}, nil, []string{d2}},
		{"version_number", map[string]any{"version_number": 2}, nil, nil},
	}
	for _, c := range cases {
		body := map[string]any{}
		if c.fields != nil {
			body["campaign_fields"] = c.fields
		}
		for k, v := range c.extra {
			body[k] = v
		}
		if got := e.searchIDs(body); !sameSet(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}

	// Paging: newest first, no total; a short page is the last.
	all := []string{stopped, live, d2, d1}
	var paged []string
	for page := 1; page <= 3; page++ {
		got := e.searchIDs(map[string]any{"limit": 2, "page": page, "campaign_fields": map[string]any{"status": []string{"DRAFT", "SCHEDULED", "STOPPED"}}})
		paged = append(paged, got...)
	}
	if !slices.Equal(paged, all) {
		t.Errorf("pages %v, want %v", paged, all)
	}
	// A page far beyond the end is empty, even where (page-1)*limit
	// overflows, for search and meta alike.
	for _, page := range []int64{1 << 62, 1e18} {
		far := map[string]any{"limit": 15, "page": page, "campaign_fields": map[string]any{"status": []string{"DRAFT", "SCHEDULED", "STOPPED"}}}
		if got := e.searchIDs(far); len(got) != 0 {
			t.Errorf("page %d: %v", page, got)
		}
		r := e.do("POST", api.PathMeta, far)
		want(t, r, http.StatusOK)
		if !strings.Contains(string(r.env.Data), `"campaigns":[]`) {
			t.Errorf("meta page %d: %s", page, r.env.Data)
		}
	}

	for target, body := range map[string]map[string]any{
		"limit":                                  {"page": 1},
		"page":                                   {"limit": 5},
		"campaign_fields.status[0]":              {"limit": 5, "page": 1, "campaign_fields": map[string]any{"status": []string{"draft"}}},
		"campaign_fields.channels[1]":            {"limit": 5, "page": 1, "campaign_fields": map[string]any{"channels": []string{"PUSH", "FAX"}}},
		"campaign_fields.created_date.from_date": {"limit": 5, "page": 1, "campaign_fields": map[string]any{"created_date": map[string]any{"from_date": "yesterday"}}},
	} {
		want(t, e.do("POST", api.PathSearch, body), http.StatusBadRequest, api.CodeValidationFailed, target)
	}
	// limit over 15 is a 400, not a 429.
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": 16, "page": 1}), http.StatusBadRequest, api.CodeValidationFailed, "limit")
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": 5, "page": 0}), http.StatusBadRequest, api.CodeValidationFailed, "page")
}

func TestMetaAndReachability(t *testing.T) {
	e := parallelEnv(t, nil)
	body := withStart(fixture(t, "push_one_time"), e.clk.Now().Add(48*time.Hour), "UTC")
	body["segmentation_details"] = map[string]any{"included_filters": map[string]any{"filter_operator": "and", "filters": []any{
		map[string]any{"filter_type": "user_attributes", "data_type": "string", "name": "City", "operator": "in", "value": []string{"Lisbon"}}}}}
	sched := e.create(body)
	want(t, e.publish(sched), http.StatusNoContent)
	draft := e.create(fixture(t, "push_one_time"))
	per := e.create(fixture(t, "push_periodic"))
	want(t, e.publish(per), http.StatusNoContent)

	meta := func(fields map[string]any) []api.MetaRow {
		t.Helper()
		r := e.do("POST", api.PathMeta, map[string]any{"limit": 15, "page": 1, "campaign_fields": fields})
		want(t, r, http.StatusOK)
		var res api.MetaResult
		r.data(t, &res)
		return res.Campaigns
	}
	rows := meta(map[string]any{"id": sched})
	if len(rows) != 1 {
		t.Fatalf("rows %+v", rows)
	}
	row := rows[0]
	if row.CampaignID != sched || row.CampaignStatus != "SCHEDULED" || row.CampaignName != "Summer sale kickoff" ||
		!slices.Equal(row.Platform, []string{"ANDROID", "IOS"}) || row.CampaignTeam != "Growth" || row.CampaignStartTime != "2026-03-04T10:00:00Z" {
		t.Errorf("row %+v", row)
	}
	// Reachability: the demo users in Lisbon, computed now and cached 24 h.
	want := e.s.countAudience(&model.Segmentation{IncludedFilters: &model.FilterGroup{FilterOperator: ptr("and"), Filters: []model.Filter{{
		FilterType: ptr("user_attributes"), DataType: ptr("string"), Name: ptr("City"), Operator: ptr("in"), Value: []any{"Lisbon"}}}}}, e.clk.Now())
	if row.ReachabilityDetails == nil || row.ReachabilityDetails.Count != want || want == 0 {
		t.Fatalf("reachability %+v, want count %d", row.ReachabilityDetails, want)
	}
	first := row.ReachabilityDetails.LastUpdatedTime
	e.clk.Advance(23 * time.Hour)
	if got := meta(map[string]any{"id": sched})[0].ReachabilityDetails.LastUpdatedTime; got != first {
		t.Errorf("recomputed within 24 h: %s", got)
	}
	e.clk.Advance(2 * time.Hour)
	if got := meta(map[string]any{"id": sched})[0].ReachabilityDetails.LastUpdatedTime; got == first {
		t.Error("not recomputed after 24 h")
	}
	// An id alone finds a draft (decisions.md §2 "meta by id"); with a
	// status filter, or in a listing, drafts need DRAFT. No reachability
	// for drafts nor for periodic campaigns.
	if rows := meta(map[string]any{"id": draft}); len(rows) != 1 || rows[0].CampaignStatus != "DRAFT" {
		t.Errorf("draft by id alone: %+v", rows)
	}
	if rows := meta(map[string]any{"id": draft, "status": []string{"SCHEDULED"}}); len(rows) != 0 {
		t.Errorf("draft with status SCHEDULED: %+v", rows)
	}
	for _, row := range meta(map[string]any{}) {
		if row.CampaignStatus == "DRAFT" {
			t.Errorf("a listing without DRAFT holds a draft: %+v", row)
		}
	}
	if rows := meta(map[string]any{"id": draft, "status": []string{"DRAFT"}}); len(rows) != 1 || rows[0].ReachabilityDetails != nil {
		t.Errorf("draft: %+v", rows)
	}
	if rows := meta(map[string]any{"delivery_type": "PERIODIC"}); len(rows) != 1 || rows[0].CampaignID != per || rows[0].ReachabilityDetails != nil {
		t.Errorf("periodic: %+v", rows)
	}
	// The reference's example sends campaign_delivery_type as an array.
	if rows := meta(map[string]any{"campaign_delivery_type": []string{"PERIODIC"}}); len(rows) != 1 {
		t.Errorf("array delivery type: %+v", rows)
	}
	// reachability_details is always present, null when not computed.
	r := e.do("POST", api.PathMeta, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"id": per}})
	if !strings.Contains(string(r.raw), `"reachability_details":null`) {
		t.Errorf("meta %s", r.raw)
	}
	wantErr := func(body map[string]any, target string) {
		t.Helper()
		r := e.do("POST", api.PathMeta, body)
		if r.status != http.StatusBadRequest || r.env.Error.Target != target {
			t.Errorf("%v: %d %s", body, r.status, r.raw)
		}
	}
	wantErr(map[string]any{"page": 1}, "limit")
	wantErr(map[string]any{"limit": 1}, "page")
	// The array form is checked under its own name, never dropped.
	cf := func(f map[string]any) map[string]any {
		return map[string]any{"limit": 15, "page": 1, "campaign_fields": f}
	}
	wantErr(cf(map[string]any{"campaign_delivery_type": "PERIODIC"}), "campaign_fields.campaign_delivery_type")
	wantErr(cf(map[string]any{"campaign_delivery_type": []any{"PERIODIC", 5}}), "campaign_fields.campaign_delivery_type[1]")
	wantErr(cf(map[string]any{"campaign_delivery_type": []any{"NOPE"}}), "campaign_fields.campaign_delivery_type[0]")
	wantErr(cf(map[string]any{"delivery_type": "NOPE"}), "campaign_fields.delivery_type")
}

func TestMetaChildren(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.Seed = true })
	r := e.do("POST", api.PathMeta, map[string]any{"limit": 15, "page": 1, "include_child_campaigns": true,
		"campaign_fields": map[string]any{"name": "Weekly picks", "status": []string{"PAUSED", "SENT"}}})
	want(t, r, http.StatusOK)
	var res api.MetaResult
	r.data(t, &res)
	var parent string
	children := 0
	for _, row := range res.Campaigns {
		if row.TotalChildCampaigns != nil {
			parent = row.CampaignID
			if *row.TotalChildCampaigns != 2 {
				t.Errorf("total_child_campaigns %d", *row.TotalChildCampaigns)
			}
		}
		if row.ParentCampaignID != "" {
			children++
		}
	}
	if parent == "" || children != 2 {
		t.Errorf("parent %q, %d children: %s", parent, children, r.raw)
	}
	// Without include_child_campaigns neither search nor meta shows children.
	if ids := e.searchIDs(map[string]any{"campaign_fields": map[string]any{"name": "Weekly picks", "status": []string{"SENT"}}}); len(ids) != 0 {
		t.Errorf("children in a plain search: %v", ids)
	}
	if ids := e.searchIDs(map[string]any{"include_child_campaigns": true, "campaign_fields": map[string]any{"name": "Weekly picks", "status": []string{"SENT"}}}); len(ids) != 2 {
		t.Errorf("children with include_child_campaigns: %v", ids)
	}
}

// TestSeed checks the demo content: both channels in every state, several
// delivery types, locales and A/B variations, every published one
// publish-valid, and seeding only once.
func TestSeed(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.Seed = true })
	recs, err := e.s.store.Search(t.Context(), Query{Workspace: e.user, Limit: 100, IncludeDrafts: true, IncludeArchived: true, IncludeChildren: true})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]map[string]bool{"PUSH": {}, "EMAIL": {}}
	types := map[string]bool{}
	var locales, ab bool
	for _, r := range recs {
		c, err := model.Decode(r.Doc)
		if err != nil {
			t.Fatal(err)
		}
		if states[r.Channel] != nil {
			states[r.Channel][r.Status] = true
		}
		types[r.DeliveryType] = true
		if cc := c.CampaignContent; cc != nil {
			locales = locales || len(cc.Locales) > 0
			ab = ab || (cc.VariationDetails != nil && cc.VariationDetails.NoOfVariations != nil && *cc.VariationDetails.NoOfVariations > 1)
		}
		if r.Channel == "PUSH" || r.Channel == "EMAIL" {
			if ps := engine.Validate(c, engine.PhasePublish, engine.Options{Features: DefaultWorkspace().Features}); len(ps) > 0 {
				t.Errorf("seeded %s %s %s is not publish-valid: %v", r.Status, r.Channel, r.DeliveryType, ps)
			}
		}
	}
	for ch, st := range states {
		for _, s := range model.Statuses {
			if !st[s] {
				t.Errorf("no %s campaign in %s", ch, s)
			}
		}
	}
	if len(types) < 6 || !locales || !ab {
		t.Errorf("delivery types %v, locales %v, A/B %v", types, locales, ab)
	}
	// Scheduled demos start in the future; the scheduler moves them on.
	// Their audiences are ones the demo users answer to.
	for _, r := range recs {
		if r.Status != model.StatusScheduled {
			continue
		}
		if !r.NextAt.After(e.clk.Now()) {
			t.Errorf("%s scheduled in the past", r.ID)
		}
		c, _ := model.Decode(r.Doc)
		if n := e.s.countAudience(c.SegmentationDetails, e.clk.Now()); n == 0 || n == int64(len(e.s.users().Users)) {
			t.Errorf("scheduled %s %s reaches %d demo users", r.Channel, r.DeliveryType, n)
		}
	}
	// A second start does not seed again.
	if err := e.s.AddWorkspace(DefaultWorkspace(), true); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.s.store.Count(t.Context(), e.user); n != len(recs) {
		t.Errorf("%d campaigns after a second seed, want %d", n, len(recs))
	}
	// The SMS demo is readable through V5.
	if ids := e.searchIDs(map[string]any{"campaign_fields": map[string]any{"channels": []string{"SMS"}}}); len(ids) != 1 {
		t.Errorf("SMS demo: %v", ids)
	}
}

// TestSearchFollowsEdits: the indexed columns follow PATCHes and state
// changes (tags, name, status), on disk.
func TestSearchFollowsEdits(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.DataDir = t.TempDir() })
	id := e.create(map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com",
		"basic_details": map[string]any{"name": "Autumn", "tags": []string{"sale", "autumn"}}})
	find := func(k string, v any) []string {
		f := map[string]any{"status": []string{"DRAFT"}}
		f[k] = v
		return e.searchIDs(map[string]any{"campaign_fields": f})
	}
	if got := find("tags", []string{"autumn"}); len(got) != 1 {
		t.Fatalf("before: %v", got)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"basic_details": map[string]any{"name": "Winter", "tags": []string{"sale", "winter"}}}), http.StatusOK)
	if got := find("tags", []string{"autumn"}); len(got) != 0 {
		t.Errorf("an old tag still matches: %v", got)
	}
	if got := find("tags", []string{"winter"}); len(got) != 1 {
		t.Errorf("the new tag does not match: %v", got)
	}
	if got := find("name", "autumn"); len(got) != 0 {
		t.Errorf("the old name still matches: %v", got)
	}
	if got := find("name", "wint"); len(got) != 1 {
		t.Errorf("the new name does not match: %v", got)
	}
}
