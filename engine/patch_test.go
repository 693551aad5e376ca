package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
)

var decode = modeltest.Decode

func TestMergeReplacesWholeComponents(t *testing.T) {
	stored := loadFixture(t, pOT)
	patch := decode(t, `{"delivery_controls": {"bypass_dnd": true}, "x_new": 1}`)
	m := Merge(stored, patch)
	if m.DeliveryControls.QueuingEnabled != nil || !isTrue(m.DeliveryControls.BypassDND) {
		t.Fatalf("a submitted component replaces the stored one whole: %+v", m.DeliveryControls)
	}
	if !model.Equal(m.CampaignContent, stored.CampaignContent) || !model.Equal(m.SchedulingDetails, stored.SchedulingDetails) {
		t.Fatal("omitted components keep their stored value")
	}
	if m.Extra.Unknown["x_new"] == nil {
		t.Fatal("unknown top-level keys of the patch are kept")
	}
	// Neither input changes and the result shares no memory with them.
	if stored.DeliveryControls.QueuingEnabled == nil {
		t.Fatal("Merge changed the stored campaign")
	}
	*m.SchedulingDetails.Timezone = "UTC"
	if *stored.SchedulingDetails.Timezone != "Europe/Madrid" {
		t.Fatal("the merged campaign shares memory with the stored one")
	}
}

func TestValidatePatchReadsMergedCampaign(t *testing.T) {
	stored := loadFixture(t, pET)
	// Only delivery_controls is sent; bypass_dnd is required because the
	// stored campaign is EVENT_TRIGGERED PUSH.
	res := ValidatePatch(stored, decode(t, `{"delivery_controls": {"queuing_enabled": false, "queue_duration": 0}}`), model.StatusDraft, Options{})
	if !hasProblem(res.Problems, "delivery.bypass_dnd_required", "delivery_controls.bypass_dnd") {
		t.Fatalf("conditional rule must read the stored delivery type:%s", dump(res.Problems))
	}
	// Components not submitted are not validated in a patch, even if broken.
	broken := loadFixture(t, pET)
	broken.SchedulingDetails.Timezone = ptr("Nowhere/Land")
	res = ValidatePatch(broken, decode(t, `{"utm_params": {"utm_source": "a", "utm_medium": "b"}}`), model.StatusDraft, Options{})
	if len(res.Problems) != 0 {
		t.Fatalf("only submitted components are validated:%s", dump(res.Problems))
	}
	// Changing the delivery type re-reads the rules of the new type on what is sent.
	res = ValidatePatch(stored, decode(t, `{"campaign_delivery_type": "ONE_TIME", "trigger_condition": {}}`), model.StatusDraft, Options{})
	if !hasProblem(res.Problems, "trigger.not_applicable", "trigger_condition") {
		t.Fatalf("merged delivery type applies:%s", dump(res.Problems))
	}
	// A platform added in the same patch needs no content until publish.
	res = ValidatePatch(stored, decode(t, `{"basic_details": {"platforms": ["ANDROID", "IOS", "WEB"]}}`), model.StatusDraft, Options{})
	if len(res.Problems) != 0 {
		t.Fatalf("content completeness waits for publish:%s", dump(res.Problems))
	}
}

func TestValidatePatchTopLevel(t *testing.T) {
	stored := loadFixture(t, pOT)
	for _, tc := range []struct {
		body, rule, target string
	}{
		{`{"status": "PUBLISH"}`, "top.status_forbidden", "status"},
		{`{"channel": "EMAIL"}`, "top.channel_change", "channel"},
		{`{"campaign_delivery_type": "BROADCAST_LIVE_ACTIVITY"}`, "top.live_activity_patch", "campaign_delivery_type"},
		{`{"campaign_delivery_type": "SOMETIMES"}`, "top.delivery_type", "campaign_delivery_type"},
		{`{"basic_details": "Summer"}`, "json.type", "basic_details"},
		{`{"campaign_content": {"content": {"push": {"android": {"template_type": "BASIC", "basic_details": {"title": 5}}}}}}`, "json.type", "campaign_content.content.push.android.basic_details.title"},
	} {
		res := ValidatePatch(stored, decode(t, tc.body), model.StatusDraft, Options{})
		if !hasProblem(res.Problems, tc.rule, tc.target) {
			t.Errorf("%s: want %s @ %s, got:%s", tc.body, tc.rule, tc.target, dump(res.Problems))
		}
	}
	// A legacy live-activity campaign may keep its type.
	live := loadFixture(t, pOT)
	live.CampaignDeliveryType = ptr(model.DeliveryLiveActivity)
	res := ValidatePatch(live, decode(t, `{"campaign_delivery_type": "BROADCAST_LIVE_ACTIVITY"}`), model.StatusDraft, Options{})
	if hasProblem(res.Problems, "top.live_activity_patch", "campaign_delivery_type") {
		t.Fatal("a stored BROADCAST_LIVE_ACTIVITY campaign keeps its type")
	}
}

func TestStateTable(t *testing.T) {
	stored := loadFixture(t, pET)
	sameSched := string(model.Encode(stored.SchedulingDetails))
	cases := []struct {
		state, body string
		locked      string // target of the state.locked problem, "" for none
		refused     bool
	}{
		{"DRAFT", `{"segmentation_details": {"is_all_user_campaign": true}, "scheduling_details": {"delivery_type": "ASAP"}}`, "", false},
		{"SCHEDULED", `{"scheduling_details": {"delivery_type": "ASAP"}}`, "scheduling_details.delivery_type", false},
		{"SCHEDULED", `{"scheduling_details": ` + strings.Replace(sameSched, "2026-05-01T00:00:00", "2026-05-02T00:00:00", 1) + `}`, "", false},
		{"SCHEDULED", `{"segmentation_details": {"is_all_user_campaign": true}}`, "", false},
		{"ACTIVE", `{"segmentation_details": {"is_all_user_campaign": true}}`, "segmentation_details", false},
		{"ACTIVE", `{"trigger_condition": {"trigger_delay_type": "ASAP", "included_filters": {"filter_operator": "and", "filters": [{"filter_type": "actions", "action_name": "x"}]}}}`, "trigger_condition", false},
		{"ACTIVE", `{"conversion_goal_details": {"attribution_window_in_hours": 12}}`, "conversion_goal_details", false},
		{"ACTIVE", `{"scheduling_details": ` + strings.Replace(sameSched, "2026-05-01T00:00:00", "2026-05-02T00:00:00", 1) + `}`, "scheduling_details.start_time", false},
		{"ACTIVE", `{"scheduling_details": ` + strings.Replace(sameSched, "2026-12-31T23:59:00", "2027-01-31T23:59:00", 1) + `}`, "", false},
		{"ACTIVE", `{"scheduling_details": ` + sameSched + `}`, "", false},
		{"ACTIVE", `{"trigger_condition": ` + string(model.Encode(stored.TriggerCondition)) + `}`, "", false},
		{"ACTIVE", `{"basic_details": {"name": "Renamed", "platforms": ["ANDROID"], "platform_specific_details": {"ios": {"exclude_provisional_push_devices": true}}}}`, "", false},
		{"PAUSED", `{"segmentation_details": {"is_all_user_campaign": true}}`, "segmentation_details", false},
		{"SENDING", `{"scheduling_details": ` + strings.Replace(sameSched, "AT_FIXED_TIME", "SEND_IN_USER_TIMEZONE", 1) + `}`, "scheduling_details.delivery_type", false},
		{"STOPPED", `{"basic_details": {"name": "x"}}`, "", true},
		{"ARCHIVED", `{}`, "", true},
		{"SENT", `{"utm_params": {"utm_source": "a", "utm_medium": "b"}}`, "", true},
	}
	for _, tc := range cases {
		res := ValidatePatch(stored, decode(t, tc.body), tc.state, Options{})
		if tc.refused {
			if res.Refusal == nil || res.Refusal.State != tc.state || !strings.Contains(res.Refusal.Message, tc.state) {
				t.Errorf("%s %s: want a refusal naming the state, got %+v", tc.state, tc.body, res.Refusal)
			}
			continue
		}
		if res.Refusal != nil {
			t.Errorf("%s: unexpected refusal %+v", tc.state, res.Refusal)
		}
		var locks []string
		for _, p := range res.Problems {
			if p.Rule == "state.locked" {
				locks = append(locks, p.Target)
			}
		}
		switch {
		case tc.locked == "" && len(locks) > 0:
			t.Errorf("%s %s: nothing locked was changed, got %v", tc.state, tc.body, locks)
		case tc.locked != "" && (len(locks) != 1 || locks[0] != tc.locked):
			t.Errorf("%s %s: want lock on %s, got %v", tc.state, tc.body, tc.locked, locks)
		}
	}
}

func TestAllProblemsReportedInStableOrder(t *testing.T) {
	c := mutated(t, pOT, s(
		ios, `{}`,
		a1+".template_type", `"CUSTOM"`,
		dc+".bypass_dnd", `"no"`,
		dc+".queue_duration", `49`,
		"utm_params.utm_source", del,
	))
	first := Validate(c, PhasePublish, Options{})
	if len(first) < 5 {
		t.Fatalf("every problem is reported, not only the first:%s", dump(first))
	}
	for i := 0; i < 20; i++ {
		again := Validate(c, PhasePublish, Options{})
		if dump(again) != dump(first) {
			t.Fatalf("order changed between runs:%s\nvs%s", dump(first), dump(again))
		}
	}
	// Document order: basic_details before campaign_content before delivery_controls before utm_params.
	order := []string{"basic_details", "campaign_content", "delivery_controls", "utm_params"}
	pos := 0
	for _, p := range first {
		for pos < len(order) && !strings.HasPrefix(p.Target, order[pos]) {
			pos++
		}
		if pos == len(order) {
			t.Fatalf("problems out of document order:%s", dump(first))
		}
	}
}

func TestWrongTypesEverywhere(t *testing.T) {
	// Every level reports its own wrong-typed keys with the full target.
	c := mutated(t, pOT, s(
		bd+".name", `7`,
		geo, `{"name": 1, "latitude": "1", "longitude": "1", "radius": "1", "response_time_value": "1", "response_time_granularity": "MINUTES", "triggered_at": "ENTRY"}`,
		a1+".buttons[0].btn_name", `true`,
		a1+".basic_details.key_value_pairs[0].value", `{}`,
		"segmentation_details.included_filters.filters[1].execution.count", `"1"`,
		sd+".periodic_details", `{"repeat_frequency": "weekly"}`,
		"conversion_goal_details.goals", `{}`,
		"campaign_content.locales", `"es-ES"`,
	))
	probs := Validate(c, PhasePatch, Options{})
	for _, target := range []string{
		bd + ".name",
		geo + ".name",
		a1 + ".buttons[0].btn_name",
		a1 + ".basic_details.key_value_pairs[0].value",
		"segmentation_details.included_filters.filters[1].execution.count",
		sd + ".periodic_details.repeat_frequency",
		"conversion_goal_details.goals",
		"campaign_content.locales",
	} {
		if !hasProblem(probs, "json.type", target) {
			t.Errorf("no json.type problem at %s:%s", target, dump(probs))
		}
	}
	for _, p := range probs {
		if p.Target == bd+".name" && p.Message != "name must be a string, not a number." {
			t.Errorf("message: %q", p.Message)
		}
	}
}

func TestFeaturesAndHelpers(t *testing.T) {
	f, err := ParseFeatures("audience_limit, versioning")
	if err != nil || !f.AudienceLimit || !f.Versioning || f.String() != "audience_limit,versioning" {
		t.Fatalf("%+v %v", f, err)
	}
	if f, err := ParseFeatures(""); err != nil || f != (Features{}) {
		t.Fatalf("empty list: %+v %v", f, err)
	}
	if _, err := ParseFeatures("audience_limit,beta"); err == nil || !strings.Contains(err.Error(), "beta") {
		t.Fatalf("unknown feature: %v", err)
	}
	probs := []Problem{{Target: "basic_details"}, {Target: "basic_details.name"}, {Target: "basic_details_x"}, {Target: "campaign_content.content.push.android.buttons[1].btn_name"}}
	if got := ProblemsUnder(probs, "basic_details"); len(got) != 2 {
		t.Fatalf("ProblemsUnder: %+v", got)
	}
	if got := ProblemsUnder(probs, "campaign_content.content.push.android.buttons"); len(got) != 1 {
		t.Fatalf("ProblemsUnder with index: %+v", got)
	}
	if !ValidUUIDv4("3f2b8c1e-5d4a-4e7f-9b6c-2a1d0e9f8c7b") || ValidUUIDv4("3f2b8c1e-5d4a-1e7f-9b6c-2a1d0e9f8c7b") || ValidUUIDv4("nope") {
		t.Fatal("ValidUUIDv4")
	}
	if !ValidTimezone("America/Argentina/Buenos_Aires") || ValidTimezone("Local") || ValidTimezone("../etc/passwd") || ValidTimezone("") {
		t.Fatal("ValidTimezone")
	}
	if !ValidEmail("a.b+c@example.co.uk") || ValidEmail("a@b") || ValidEmail("@example.com") {
		t.Fatal("ValidEmail")
	}
}

func ptr[T any](v T) *T { return &v }

// TestHugeListsStayLinear: a body near the 1 MiB limit with long lists must
// not make the engine quadratic (a request could otherwise hold a core).
func TestHugeListsStayLinear(t *testing.T) {
	const n = 60000
	var b strings.Builder
	b.WriteString(`{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "basic_details": {"platforms": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"IOS"`)
	}
	b.WriteString(`]}, "campaign_content": {"locales": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"l` + strconvItoa(i%(n/2)) + `"`)
	}
	b.WriteString(`], "content": {"default": {"variation_1": {"push": {}}}`)
	for i := 0; i < n/4; i++ {
		b.WriteString(`, "x` + strconvItoa(i) + `": {"variation_1": {"push": {}}}`)
	}
	b.WriteString(`}}}`)
	c := decode(t, b.String())
	probs := Validate(c, PhasePatch, Options{})
	count := map[string]int{}
	for _, p := range probs {
		count[string(p.Rule)]++
	}
	if count["basic.platforms_duplicate"] != n-1 || count["content.locales_duplicate"] != n/2 || count["content.locale_unknown"] != n/4 {
		t.Fatalf("counts: %v", count)
	}
}

func strconvItoa(i int) string { return strconv.Itoa(i) }

// TestUnknownKeysAreNeverProblems: unknown keys at every level are kept and
// never reported (only utm_params counts them, as custom parameters).
func TestUnknownKeysAreNeverProblems(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "model", "unknown_everywhere.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := decode(t, string(data))
	for _, phase := range []Phase{PhaseCreate, PhasePatch, PhasePublish} {
		for _, p := range Validate(c, phase, Options{Features: Features{AudienceLimit: true}}) {
			if strings.Contains(p.Target, "x_") || strings.Contains(p.Message, "x_") {
				t.Errorf("%s: an unknown key was reported: %+v", phase, p)
			}
		}
	}
	res := ValidatePatch(c, decode(t, `{"control_group_details": {"x_new": true}}`), model.StatusDraft, Options{})
	out := string(model.Encode(res.Merged))
	for _, key := range []string{`"x_root"`, `"x_slide":18`, `"x_gea":50`, `"x_new":true`} {
		if !strings.Contains(out, key) {
			t.Errorf("merge lost %s", key)
		}
	}
	if strings.Contains(out, `"x_cg"`) {
		t.Error("a submitted component replaces the stored one whole, unknown keys included")
	}
}

// TestConcurrentUse: the sandbox validates requests in parallel; the engine
// keeps no state between calls, so parallel runs give the same answers
// (run with -race to check for shared writes).
func TestConcurrentUse(t *testing.T) {
	good := loadFixture(t, pET)
	bad := mutated(t, pOT, s(ios, `{}`, sd+".timezone", `"Mars/Base"`, dc+".queue_duration", `49`))
	wantBad := dump(Validate(bad, PhasePublish, Options{}))
	done := make(chan string, 16)
	for i := 0; i < 16; i++ {
		go func() {
			var got string
			for j := 0; j < 20; j++ {
				if len(Validate(good, PhasePublish, Options{})) != 0 {
					got = "good campaign got problems"
				}
				if d := dump(Validate(bad, PhasePublish, Options{})); d != wantBad {
					got = d
				}
				ValidatePatch(good, bad, model.StatusActive, Options{})
			}
			done <- got
		}()
	}
	for i := 0; i < 16; i++ {
		if got := <-done; got != "" {
			t.Fatalf("parallel run differs: %s", got)
		}
	}
}

func TestEmailFormat(t *testing.T) {
	for addr, ok := range map[string]bool{
		"news@example.com": true, "first.last+tag@mail.example.co.uk": true, "o'brien@example.ie": true,
		"a@b": false, "@example.com": false, "news@": false, "news at example.com": false,
		"News <news@example.com>": false, ".news@example.com": false, "news.@example.com": false,
		"ne..ws@example.com": false, "news@-example.com": false, "news@example..com": false,
		"news@example.com.": false, "news@exa_mple.com": false, "ne ws@example.com": false,
	} {
		if ValidEmail(addr) != ok {
			t.Errorf("ValidEmail(%q) = %v", addr, !ok)
		}
	}
}

func TestURIFormat(t *testing.T) {
	for uri, ok := range map[string]bool{
		"https://cdn.example.com/a.png": true, "HTTP://example.com": true, "shop://sale/summer": true,
		"https://example.com/{{UserAttribute['id']}}.png": true, "https://{{UserAttribute['host']}}/x": true,
		"https://example.com/a%20b": true, "mailto:a@example.com": true, "https://user@example.com:8080/x?y#z": true,
		"cdn/img.png": false, "https:/example.com": false, "https://": false, "https:///path": false,
		"https://exa mple.com": false, "https://example.com/a b": false, "https://example.com/%zz": false,
		"https://example.com/{{unclosed": false, ":nothing": false, "shop:": false, "1http://x.com": false,
		"https://example.com/\n": false,
	} {
		if validURI(uri) != ok {
			t.Errorf("validURI(%q) = %v", uri, !ok)
		}
	}
}

// A locked field changed to a value that also breaks other rules: the lock is
// why the edit is refused, so it is the first problem (error.target), and the
// other problems are still listed.
func TestLockedFieldIsTheFirstProblem(t *testing.T) {
	stored := loadFixture(t, pET)
	sched := string(model.Encode(stored.SchedulingDetails))
	for _, tc := range []struct{ state, body, locked, other string }{
		{"ACTIVE", `{"scheduling_details": ` + strings.Replace(sched, "2026-05-01T00:00:00", "2027-06-01T00:00:00", 1) + `}`,
			"scheduling_details.start_time", "scheduling_details.expiry_time"},
		{"SCHEDULED", `{"scheduling_details": ` + strings.Replace(sched, "AT_FIXED_TIME", "SEND_IN_USER_TIMEZONE", 1) + `}`,
			"scheduling_details.delivery_type", "scheduling_details.user_timezone_details"},
	} {
		res := ValidatePatch(stored, decode(t, tc.body), tc.state, Options{})
		if len(res.Problems) < 2 || res.Problems[0].Rule != "state.locked" || res.Problems[0].Target != tc.locked {
			t.Errorf("%s: want %s locked first:%s", tc.state, tc.locked, dump(res.Problems))
		}
		found := false
		for _, p := range res.Problems {
			found = found || p.Target == tc.other
		}
		if !found {
			t.Errorf("%s: the other problem at %s must still be listed:%s", tc.state, tc.other, dump(res.Problems))
		}
	}
	res := ValidatePatch(stored, decode(t, `{}`), "ARCHIVED", Options{})
	if res.Refusal == nil || strings.Contains(res.Refusal.Message, "a ARCHIVED") || !strings.Contains(res.Refusal.Message, "ARCHIVED state") {
		t.Errorf("refusal message: %+v", res.Refusal)
	}
}
