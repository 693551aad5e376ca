package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestInitializeAndListTools(t *testing.T) {
	h := start(t, false)
	init := h.session.InitializeResult()
	if init.ServerInfo.Name != "campaigns" || !strings.Contains(init.Instructions, "campaigns://spec/components") {
		t.Fatalf("initialize: %+v", init)
	}
	tools := toolNames(t, h)
	for _, name := range append(slices.Clone(readTools), writeTools...) {
		tl := tools[name]
		if tl == nil {
			t.Fatalf("tool %s missing; have %v", name, tools)
		}
		if tl.Description == "" || tl.InputSchema == nil {
			t.Errorf("%s: no description or schema", name)
		}
		write := slices.Contains(writeTools, name)
		if write != strings.Contains(tl.Description, "CHANGES the service") {
			t.Errorf("%s: description must say whether it changes the service: %q", name, tl.Description)
		}
		if tl.Annotations == nil || tl.Annotations.ReadOnlyHint == write {
			t.Errorf("%s: readOnlyHint wrong: %+v", name, tl.Annotations)
		}
	}
	// A client asks before the tools that overwrite or reach people.
	for name, want := range map[string][2]bool{ // destructive, open world
		"create_draft": {false, false}, "update_campaign": {true, false}, "change_status": {true, false},
		"test_campaign": {false, true}, "publish_campaign": {true, true},
	} {
		a := tools[name].Annotations
		if a == nil || a.DestructiveHint == nil || *a.DestructiveHint != want[0] || a.OpenWorldHint == nil || *a.OpenWorldHint != want[1] {
			t.Errorf("%s: annotations %+v, want destructive %v, open world %v", name, a, want[0], want[1])
		}
	}
	// The create body's schema comes from the component specification.
	cs, _ := json.Marshal(tools["create_draft"].InputSchema)
	for _, want := range []string{`"enum":["BUSINESS_EVENT_TRIGGERED"`, `campaigns://spec/components/trigger_condition`,
		`see campaigns://spec/components/connector; applies to EMAIL ONE_TIME`, `"required":["channel","campaign_delivery_type","created_by"]`} {
		if !strings.Contains(string(cs), want) {
			t.Errorf("create_draft schema lacks %s:\n%s", want, cs)
		}
	}
	// Enums reach the agent through the schema.
	sc, _ := json.Marshal(tools["change_status"].InputSchema)
	if !strings.Contains(string(sc), `"PAUSE"`) || !strings.Contains(string(sc), `"required":["campaign_id","action"]`) {
		t.Errorf("change_status schema: %s", sc)
	}
}

func TestReadOnlyHidesWriteTools(t *testing.T) {
	h := start(t, true)
	tools := toolNames(t, h)
	for _, name := range readTools {
		if tools[name] == nil {
			t.Errorf("read-only: reading tool %s missing", name)
		}
	}
	for _, name := range writeTools {
		if tools[name] != nil {
			t.Errorf("read-only: write tool %s listed", name)
		}
	}
	if len(tools) != len(readTools) {
		t.Errorf("read-only lists %d tools, want %d", len(tools), len(readTools))
	}
	// Calling a hidden tool is refused, and nothing is created.
	res, err := h.session.CallTool(context.Background(), &mcp.CallToolParams{Name: "create_draft",
		Arguments: map[string]any{"campaign": fixtureBody(t, "push_one_time.json")}})
	if err == nil && !res.IsError {
		t.Fatal("read-only server ran create_draft")
	}
	if !strings.Contains(h.session.InitializeResult().Instructions, "read-only") {
		t.Error("instructions do not say the profile is read-only")
	}
}
