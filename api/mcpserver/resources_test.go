package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api/mcpserver"
	"github.com/campaigns-cli/campaigns/model"
)

func (h *harness) read(uri string) map[string]any {
	h.t.Helper()
	res, err := h.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		h.t.Fatalf("read %s: %v", uri, err)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &out); err != nil {
		h.t.Fatalf("%s is not a JSON object: %v", uri, err)
	}
	return out
}

func field(t *testing.T, spec []mcpserver.ComponentSpec, path string) mcpserver.FieldSpec {
	t.Helper()
	for _, c := range spec {
		for _, f := range c.Fields {
			if f.Path == path {
				return f
			}
		}
	}
	t.Fatalf("no field %s in the specification", path)
	return mcpserver.FieldSpec{}
}

// TestSpecFollowsModelAndEngine checks the generated specification against
// the model's lists and the rules an agent most needs.
func TestSpecFollowsModelAndEngine(t *testing.T) {
	spec := mcpserver.Spec()
	const content = "campaign_content.content.{locale}.{variation}."
	sorted := func(v []string) []string { v = slices.Clone(v); slices.Sort(v); return v }
	for _, tc := range []struct {
		path   string
		values []string
	}{
		{content + "push.android.template_type", model.AndroidTemplates},
		{content + "push.ios.template_type", model.IOSTemplates},
		{content + "push.web.template_type", model.WebTemplates},
		{content + "push.android.basic_details.carousel_content.slider_transition", []string{model.SliderAutomaticAndroid, model.SliderManualAndroid}},
		{content + "push.ios.basic_details.carousel_content.slider_transition", []string{model.SliderAutomaticIOS, model.SliderManualIOS}},
		{content + "push.android.buttons[].click_action_type", model.ButtonClickActions},
		{"connector.connector_type", model.ConnectorTypes},
		{"basic_details.platforms", []string{"ANDROID", "IOS", "WEB"}},
		{"campaign_content.variation_details.auto_distribution_metric", []string{"BOTH", "CLICK RATE", "OPEN RATE"}},
		{"advanced.platform_level_priority.ios_specific_priority.apns_priority", model.APNSPriorities},
		{content + "push.android.basic_details.title", nil},
		{"basic_details.geofences.latitude", nil},
	} {
		if got := field(t, spec, tc.path).Values; !reflect.DeepEqual(got, sorted(tc.values)) && !(len(got) == 0 && len(tc.values) == 0) {
			t.Errorf("%s values = %v, want %v", tc.path, got, sorted(tc.values))
		}
	}
	for _, tc := range []struct {
		path string
		want map[string][]string
	}{
		{"connector", map[string][]string{model.ChannelEmail: model.EmailCreateDeliveryTypes}},
		{"scheduling_details.geo_fence_timelimit", map[string][]string{model.ChannelPush: {model.DeliveryLocationTriggered}}},
		{"basic_details.geofences.radius", map[string][]string{model.ChannelPush: {model.DeliveryLocationTriggered}}},
		{"basic_details.content_type", map[string][]string{model.ChannelEmail: model.EmailCreateDeliveryTypes}},
		{"trigger_condition", map[string][]string{model.ChannelPush: {model.DeliveryEventTriggered, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered},
			model.ChannelEmail: {model.DeliveryEventTriggered}}},
		{content + "email.subject", map[string][]string{model.ChannelEmail: model.EmailCreateDeliveryTypes}},
		{"basic_details.name", map[string][]string{model.ChannelPush: model.PushCreateDeliveryTypes, model.ChannelEmail: model.EmailCreateDeliveryTypes}},
	} {
		if got := field(t, spec, tc.path).AppliesTo; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s applies to %v, want %v", tc.path, got, tc.want)
		}
	}
	for _, tc := range []struct {
		path string
		want map[string][]string
	}{
		{"campaign_content", map[string][]string{model.ChannelPush: model.PushCreateDeliveryTypes, model.ChannelEmail: model.EmailCreateDeliveryTypes}},
		{"connector.connector_type", map[string][]string{model.ChannelEmail: model.EmailCreateDeliveryTypes}},
		{"trigger_condition", map[string][]string{model.ChannelPush: {model.DeliveryEventTriggered, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered},
			model.ChannelEmail: {model.DeliveryEventTriggered}}},
		{"basic_details.business_event", map[string][]string{model.ChannelPush: {model.DeliveryBusinessEvent}, model.ChannelEmail: {model.DeliveryBusinessEvent}}},
		{content + "push.android.basic_details.title", map[string][]string{model.ChannelPush: model.PushCreateDeliveryTypes}},
		{content + "push.android.basic_details.summary", nil},
	} {
		if got := field(t, spec, tc.path).Required; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s required in %v, want %v", tc.path, got, tc.want)
		}
	}
	// Every JSON field of every model struct appears under some path.
	names := map[string]bool{}
	for _, c := range spec {
		for _, f := range c.Fields {
			i := strings.LastIndex(f.Path, ".")
			names[strings.TrimSuffix(f.Path[i+1:], "[]")] = true
		}
	}
	for _, v := range []any{model.Campaign{}, model.Android{}, model.IOSBasic{}, model.EmailContent{}, model.Filter{}, model.DeliveryControls{}, model.GoalEventAttribute{}} {
		for _, n := range model.KnownFields(v) {
			if !names[n] {
				t.Errorf("%T.%s is missing from the specification", v, n)
			}
		}
	}
}

func TestResources(t *testing.T) {
	h := start(t, false)
	res, err := h.session.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range res.Resources {
		uris = append(uris, r.URI)
	}
	examples, _ := os.ReadDir("../../testdata/campaigns")
	for _, e := range examples {
		if strings.HasSuffix(e.Name(), ".json") && !slices.Contains(uris, "campaigns://examples/"+e.Name()) {
			t.Errorf("example %s not listed", e.Name())
		}
	}
	for _, c := range model.Components {
		if !slices.Contains(uris, "campaigns://spec/components/"+c) {
			t.Errorf("component %s not listed", c)
		}
	}
	idx := h.read(mcpserver.SpecIndexURI)
	if comps, _ := idx["components"].([]any); len(comps) != len(model.Components)+1 {
		t.Fatalf("index lists %d components", len(comps))
	}
	bd := h.read("campaigns://spec/components/basic_details")
	if bd["component"] != "basic_details" || !strings.Contains(mustJSON(bd), `"basic_details.platforms"`) {
		t.Fatalf("basic_details spec: %.300s", mustJSON(bd))
	}
	if _, err := h.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "campaigns://spec/components/nope"}); err == nil {
		t.Fatal("an unknown component was read")
	}
	// An example is a valid body as read: validate_campaign agrees.
	ex := h.read("campaigns://examples/email_one_time.json")
	if v := h.ok("validate_campaign", map[string]any{"campaign": ex}); v["valid"] != true {
		t.Fatalf("example does not validate: %v", v)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
