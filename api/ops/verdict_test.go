package ops

import (
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
)

// fixture is the example push campaign (Android and iOS, three locales,
// two buttons on Android) as the service would store it in state.
func fixture(t *testing.T, state string) *model.Campaign {
	c := modeltest.Read(t, "../../testdata/campaigns/push_one_time.json")
	c.Status = &state
	return c
}

func decode(t *testing.T, s string) *model.Campaign { t.Helper(); return modeltest.Decode(t, s) }

func TestCheckPatchByState(t *testing.T) {
	androidOnly := `{"campaign_content":{"content":{"default":{"variation_1":{"push":{"android":{"template_type":"BASIC","basic_details":{"title":"Hi {{ UserAttribute['Name'] ","message":"m"}}}}}}}}`
	rename := `{"basic_details":{"name":"Renamed","platforms":["ANDROID","IOS"]}}`
	for _, tc := range []struct {
		name, state, patch string
		force              bool
		blocked            bool
		code               string
		removes            []string // each must appear in one line of Removes
	}{
		{"a draft may be incomplete", model.StatusDraft, androidOnly, false, false, "", []string{"locale es-ES, fr-FR", "the iOS content of default/variation_1"}},
		{"a live campaign may not lose its iOS content and locales", model.StatusScheduled, androidOnly, false, true, CodeBreaksLive, []string{"locale es-ES, fr-FR", "the iOS content"}},
		{"unless forced", model.StatusScheduled, androidOnly, true, false, "", nil},
		{"an unrelated edit of a live campaign goes", model.StatusScheduled, rename, false, false, "", nil},
		{"a stopped campaign takes no edit, forced or not", model.StatusStopped, rename, true, true, CodeState, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := CheckPatch(fixture(t, tc.state), decode(t, tc.patch), engine.Options{})
			ref := v.Refused(tc.force)
			if (ref != nil) != tc.blocked || v.Blocked(tc.force) != tc.blocked {
				t.Fatalf("refused %v, want blocked %v (problems %v, introduced %v)", ref, tc.blocked, v.Problems, v.Introduced)
			}
			if ref != nil && ref.Code != tc.code {
				t.Errorf("code %s, want %s: %s", ref.Code, tc.code, ref.Reason)
			}
			for _, want := range tc.removes {
				if !slices.ContainsFunc(v.Removes, func(s string) bool { return strings.Contains(s, want) }) {
					t.Errorf("Removes %q lacks %q", v.Removes, want)
				}
			}
		})
	}
}

// The title template that no longer parses is named with its target.
func TestIntroducedNamesEveryNewProblem(t *testing.T) {
	stored := fixture(t, model.StatusScheduled)
	patch := decode(t, `{"campaign_content":{"locales":["es-ES","fr-FR"],"content":{}}}`)
	merged := engine.Merge(RequestForm(stored, nil), patch)
	ps := Introduced(RequestForm(stored, nil), merged, engine.Options{})
	if len(ps) == 0 {
		t.Fatal("emptying the content introduces no problem")
	}
	for _, p := range ps {
		if !strings.HasPrefix(p.Target, "campaign_content") {
			t.Errorf("problem outside the changed component: %+v", p)
		}
	}
}

// Problems already there do not block an unrelated write.
func TestPreExistingProblemsDoNotBlock(t *testing.T) {
	stored := fixture(t, model.StatusActive)
	stored.BasicDetails.Platforms = append(stored.BasicDetails.Platforms, model.PlatformWeb) // no web content: a publish problem already
	if len(engine.Validate(RequestForm(stored, nil), engine.PhasePublish, engine.Options{})) == 0 {
		t.Fatal("the stored campaign has no problem; the test proves nothing")
	}
	v := CheckPatch(stored, decode(t, `{"utm_params":{"utm_source":"a","utm_medium":"b"}}`), engine.Options{})
	if v.Blocked(false) {
		t.Fatalf("blocked by what was there before: %+v %+v", v.Problems, v.Introduced)
	}
}

func TestRemovalsInWords(t *testing.T) {
	before := fixture(t, model.StatusDraft)
	after := model.Clone(before)
	m := after.CampaignContent.Content.Keyed["default"]["variation_1"]
	m.Push.Android.Buttons = m.Push.Android.Buttons[:1]
	after.BasicDetails.Platforms = []string{model.PlatformAndroid}
	got := strings.Join(Removals(before, after), "\n")
	for _, want := range []string{"platform IOS", "1 of 2 Android buttons of default/variation_1"} {
		if !strings.Contains(got, want) {
			t.Errorf("removals %q lack %q", got, want)
		}
	}
	if r := Removals(before, before); len(r) != 0 {
		t.Errorf("no change removes %v", r)
	}
}

func TestTargetNamesServiceAndWorkspace(t *testing.T) {
	for _, tc := range []struct {
		t    Target
		want string
	}{
		{Target{Service: "the embedded sandbox", Workspace: "SANDBOX", BaseURL: "http://127.0.0.1:1"}, "workspace SANDBOX on the embedded sandbox"},
		{Target{Service: "profile acme", Workspace: "ACME", BaseURL: "https://api-01.example.com", Profile: "acme"}, "workspace ACME on profile acme (https://api-01.example.com)"},
		{Target{Service: "https://x.example", Workspace: "W", BaseURL: "https://x.example"}, "workspace W on https://x.example"},
	} {
		if got := tc.t.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.t, got, tc.want)
		}
	}
}
