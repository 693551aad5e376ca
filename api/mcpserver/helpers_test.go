package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
	"github.com/campaigns-cli/campaigns/api/mcpserver"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// harness is an agent's session with the MCP server over a seeded sandbox.
type harness struct {
	t       *testing.T
	session *mcp.ClientSession
	logs    *os.File           // the server's log, written as it works (the file serialises the writes)
	clock   *sandboxtest.Clock // the sandbox's time: the client's retry waits advance it
	patches *patchLog          // bodies of the PATCHes the service got
	// lastText is the text summary of the last call.
	lastText string
}

// start serves the sandbox over loopback HTTP, builds the MCP server on a
// client for it, and connects an SDK client over in-memory transports.
func start(t *testing.T, readOnly bool) *harness {
	t.Helper()
	clk := sandboxtest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	sb, err := sandbox.Open(sandbox.Config{Now: clk.Now, Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	pl := &patchLog{next: refcheck.Wrap(t, sb.Handler())} // every exchange against the reference's schemas
	hs := httptest.NewServer(pl)
	t.Cleanup(hs.Close)
	ws := sandbox.DefaultWorkspace()
	h := connect(t, api.Config{BaseURL: hs.URL, WorkspaceID: ws.ID, APIKey: ws.Key, Sleep: clk.Sleep}, clk, readOnly)
	h.patches = pl
	return h
}

// connect builds the MCP server on a client of cfg and connects an SDK
// client to it over in-memory transports.
func connect(t *testing.T, cfg api.Config, clk *sandboxtest.Clock, readOnly bool) *harness {
	t.Helper()
	c, err := api.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	logs, err := os.CreateTemp(t.TempDir(), "mcp.log")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logs.Close() })
	srv, err := mcpserver.New(mcpserver.Options{Client: c, ReadOnly: readOnly,
		Logger:   slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Features: engine.Features{AudienceLimit: true, Versioning: true}, Examples: os.DirFS("../../testdata/campaigns"),
		Label: "test sandbox", Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cl := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "1"}, nil)
	cs, err := cl.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return &harness{t: t, session: cs, logs: logs, clock: clk}
}

// logged is what the server has logged so far.
func (h *harness) logged() string {
	h.t.Helper()
	b, err := os.ReadFile(h.logs.Name())
	if err != nil {
		h.t.Fatal(err)
	}
	return string(b)
}

// call runs a tool and decodes its structured answer. The text beside it
// is a short summary, never the same JSON again.
func (h *harness) call(name string, args any) (map[string]any, bool) {
	h.t.Helper()
	res, err := h.session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		h.t.Fatalf("%s: protocol error: %v", name, err)
	}
	if len(res.Content) == 0 {
		h.t.Fatalf("%s: empty result", name)
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		h.t.Fatalf("%s: content is %T", name, res.Content[0])
	}
	if res.StructuredContent == nil {
		if !res.IsError {
			h.t.Fatalf("%s: no structured content:\n%s", name, tc.Text)
		}
		return map[string]any{"text": tc.Text}, true // the SDK's own argument check
	}
	if strings.HasPrefix(strings.TrimSpace(tc.Text), "{") {
		h.t.Fatalf("%s: the text repeats the JSON instead of summarising it:\n%s", name, tc.Text)
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		h.t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		h.t.Fatalf("%s: structured content is not an object: %v\n%s", name, err, raw)
	}
	h.lastText = tc.Text
	return out, res.IsError
}

// ok calls a tool that must succeed.
func (h *harness) ok(name string, args any) map[string]any {
	h.t.Helper()
	out, isErr := h.call(name, args)
	if isErr {
		h.t.Fatalf("%s(%v) failed: %v", name, args, out)
	}
	return out
}

// fails calls a tool that must fail and returns its error object.
func (h *harness) fails(name string, args any) map[string]any {
	h.t.Helper()
	out, isErr := h.call(name, args)
	if !isErr {
		h.t.Fatalf("%s(%v) succeeded, want a tool error: %v", name, args, out)
	}
	e, _ := out["error"].(map[string]any)
	if e == nil {
		h.t.Fatalf("%s: error result without an error object: %v", name, out)
	}
	return e
}

// readJSON reads testdata/<rel> as a JSON object.
func readJSON(t *testing.T, rel string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(sandboxtest.Testdata(t, rel), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

var writeTools = []string{"create_draft", "update_campaign", "test_campaign", "change_status", "publish_campaign"}
var readTools = []string{"search_campaigns", "get_campaign", "get_campaign_meta", "validate_campaign", "preview", "list_audience"}

func toolNames(t *testing.T, h *harness) map[string]*mcp.Tool {
	t.Helper()
	res, err := h.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		out[tl.Name] = tl
	}
	return out
}

// patchLog passes requests to the service and keeps the body of each PATCH.
type patchLog struct {
	next   http.Handler
	mu     sync.Mutex
	bodies [][]byte
}

func (p *patchLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPatch {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		p.mu.Lock()
		p.bodies = append(p.bodies, b)
		p.mu.Unlock()
	}
	p.next.ServeHTTP(w, r)
}

func (p *patchLog) all() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.bodies...)
}

// fixtureBody is a seed campaign as an agent would send it to create_draft.
func fixtureBody(t *testing.T, name string) map[string]any {
	t.Helper()
	tree, _ := model.ToTree(sandboxtest.Campaign(t, name)).(map[string]any)
	delete(tree, "request_id")
	return tree
}
