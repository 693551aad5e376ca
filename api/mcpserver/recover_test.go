package mcpserver

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api"
)

// TestPanicIsAToolError: a panic inside one call becomes that call's IsError
// result; the session keeps serving.
func TestPanicIsAToolError(t *testing.T) {
	t.Parallel()
	c, err := api.New(api.Config{BaseURL: "http://127.0.0.1:1", WorkspaceID: "W", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	addTool(s, &mcp.Tool{Name: "boom", Description: "panics"}, reads, nil, func(context.Context, idIn) (any, string, error) {
		var m map[string]int
		m["x"] = 1 // nil map write
		return nil, "", nil
	})
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{"campaign_id": "x"}})
	if err != nil {
		t.Fatalf("a panic became a protocol error: %v", err)
	}
	if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "INTERNAL_ERROR") {
		t.Fatalf("result: %+v", res)
	}
	// The unreachable service is a tool error too, and the session lives on.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_campaign", Arguments: map[string]any{"campaign_id": "x"}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "UNREACHABLE") {
		t.Fatalf("unreachable: %v %+v", err, res)
	}
}
