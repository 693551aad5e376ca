package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
	"github.com/spf13/cobra"
)

// mcpSession runs `campaigns mcp ARGS` in-process with stdin and stdout as
// pipes, the way an MCP client drives it.
type mcpSession struct {
	t      testing.TB
	in     *io.PipeWriter
	out    *bufio.Scanner
	done   chan int
	errb   *lockedWriter
	nextID int
	init   map[string]any // the initialize result
}

// startMCP starts the command in e.
func startMCP(e *clitest.Env, args ...string) *mcpSession {
	t := e.T()
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e.F.In, e.F.Out, e.F.ErrOut = inR, outW, nil
	s := &mcpSession{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan int, 1), errb: &lockedWriter{b: &strings.Builder{}}}
	s.out.Buffer(make([]byte, 0, 1<<20), 16<<20)
	go func() {
		code, _ := e.Execute(newMCPCmd(e.F), append([]string{"--data", t.TempDir()}, args...)...)
		outW.Close()
		s.done <- code
	}()
	t.Cleanup(func() { inW.Close() })
	s.init = s.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return s
}

type lockedWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (s *mcpSession) send(msg map[string]any) {
	s.t.Helper()
	b, _ := json.Marshal(msg)
	if _, err := s.in.Write(append(b, '\n')); err != nil {
		s.t.Fatalf("writing to mcp: %v", err)
	}
}

// request sends one JSON-RPC request and returns its result.
func (s *mcpSession) request(method string, params any) map[string]any {
	s.t.Helper()
	s.nextID++
	id := s.nextID
	s.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for s.out.Scan() {
		var msg struct {
			ID     *int            `json:"id"`
			Result map[string]any  `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(s.out.Bytes(), &msg); err != nil {
			s.t.Fatalf("stdout carries something that is not JSON-RPC: %q", s.out.Text())
		}
		if msg.ID == nil || *msg.ID != id {
			continue // a notification
		}
		if msg.Error != nil {
			s.t.Fatalf("%s: protocol error %s", method, msg.Error)
		}
		return msg.Result
	}
	s.t.Fatalf("%s: no answer; stderr:\n%s", method, s.errb.String())
	return nil
}

func (s *mcpSession) close() int {
	s.in.Close()
	select {
	case code := <-s.done:
		return code
	case <-time.After(30 * time.Second):
		s.t.Fatal("mcp did not end when its input closed")
		return -1
	}
}

func toolList(s *mcpSession) []string {
	res := s.request("tools/list", map[string]any{})
	var names []string
	for _, tl := range res["tools"].([]any) {
		names = append(names, tl.(map[string]any)["name"].(string))
	}
	return names
}

func TestMCPCommandServesTheSandbox(t *testing.T) {
	t.Parallel()
	s := startMCP(clitest.New(t, nil))
	if names := toolList(s); len(names) != 11 {
		t.Fatalf("tools: %v", names)
	}
	res := s.request("tools/call", map[string]any{"name": "search_campaigns", "arguments": map[string]any{"status": []string{"ACTIVE"}}})
	text := fmt.Sprint(res["structuredContent"])
	if res["isError"] == true || !strings.Contains(text, "status:ACTIVE") {
		t.Fatalf("search on the embedded sandbox: %v", res)
	}
	if code := s.close(); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, s.errb.String())
	}
}

func TestMCPCommandReadOnly(t *testing.T) {
	t.Parallel()
	s := startMCP(clitest.New(t, nil), "--read-only")
	names := toolList(s)
	if strings.Contains(strings.Join(names, ","), "create_draft") || len(names) != 6 {
		t.Fatalf("--read-only tools: %v", names)
	}
	s.close()
}

// A read-only profile lists only the reading tools by itself; with --debug
// every tool call and its HTTP exchange land in the debug log.
func TestMCPCommandReadOnlyProfileAndDebug(t *testing.T) {
	e := clitest.Offline(t, NewCmdMCP)
	home := e.Getenv("HOME")
	e.Login(profile.Profile{Name: "ro", BaseURL: clitest.WorkspaceACME(t), WorkspaceID: "ACME", ReadOnly: true}, clitest.ACMEKey)
	e.F.Debug = true // the root's --debug
	if err := e.F.StartLogging(); err != nil {
		t.Fatal(err)
	}
	s := startMCP(e.Env, "--profile", "ro")
	names := strings.Join(toolList(s), ",")
	if strings.Contains(names, "create_draft") || strings.Contains(names, "publish_campaign") || !strings.Contains(names, "validate_campaign") {
		t.Fatalf("read-only profile tools: %s", names)
	}
	res := s.request("tools/call", map[string]any{"name": "get_campaign", "arguments": map[string]any{"campaign_id": "missing"}})
	if res["isError"] != true || !strings.Contains(fmt.Sprint(res["content"]), "NOT_FOUND") {
		t.Fatalf("get of a missing campaign: %v", res)
	}
	if code := s.close(); code != 0 {
		t.Fatalf("exit %d: %s", code, s.errb.String())
	}
	b, err := os.ReadFile(filepath.Join(home, ".local", "state", "campaigns", "debug.log"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	for _, want := range []string{"tool=get_campaign", "NOT_FOUND", "/v5/campaigns/missing"} {
		if !strings.Contains(log, want) {
			t.Errorf("debug log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, clitest.ACMEKey) {
		t.Error("the API key is in the debug log")
	}
}

func TestMCPCommandBadFeatures(t *testing.T) {
	e := clitest.Offline(t, NewCmdMCP)
	r := e.Do(newMCPCmd(e.F), "--data", t.TempDir(), "--features", "teleport")
	if r.Code != 2 || !strings.Contains(r.Err, "teleport") || r.Out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.Code, r.Out, r.Err)
	}
}

func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// The case 2: with a default profile set on the machine, the
// README's MCP configuration ({"command":"campaigns","args":["mcp"]})
// serves the embedded sandbox, says so, and its writes name it; the
// profile is served only when named.
func TestMCPCommandIgnoresTheDefaultProfile(t *testing.T) {
	e := clitest.Offline(t, NewCmdMCP)
	e.Login(profile.Profile{Name: "acme", BaseURL: clitest.WorkspaceACME(t), WorkspaceID: "ACME"}, clitest.ACMEKey)
	s := startMCP(e.Env)
	if in := fmt.Sprint(s.init["instructions"]); !strings.Contains(in, "workspace SANDBOX on the embedded sandbox") || strings.Contains(in, "acme") {
		t.Fatalf("instructions: %s", in)
	}
	res := s.request("tools/call", map[string]any{"name": "create_draft", "arguments": map[string]any{"campaign": map[string]any{
		"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com",
		"basic_details": map[string]any{"name": "Agent draft", "platforms": []string{"ANDROID"}}}}})
	// The structured result names the target; the summary says it too.
	sc, _ := res["structuredContent"].(map[string]any)
	if text := fmt.Sprint(res["content"]); res["isError"] == true || sc["service"] != "the embedded sandbox" || sc["workspace"] != "SANDBOX" || !strings.Contains(text, "workspace SANDBOX on the embedded sandbox") {
		t.Fatalf("create_draft: %v", res)
	}
	s.close()

	s = startMCP(e.Env, "--profile", "acme")
	if in := fmt.Sprint(s.init["instructions"]); !strings.Contains(in, "workspace ACME on profile acme") {
		t.Fatalf("named profile: %s", in)
	}
	s.close()
}

func newMCPCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdMCP(f, nil) }

// campaigns mcp started by hand on a terminal says what it is waiting for
// (on stderr: stdout belongs to the protocol); from a client it says nothing.
func TestMCPByHandSaysWhatItIs(t *testing.T) {
	e := clitest.Offline(t, NewCmdMCP)
	run := func() (int, string, string) {
		r := e.Do(newMCPCmd(e.F), "--data", t.TempDir())
		return r.Code, r.Out, r.Err
	}
	code, out, errs := run()
	if code != 0 || out != "" || strings.Contains(errs, "MCP client") {
		t.Fatalf("from a pipe: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	e.Terminal()
	code, out, errs = run()
	if code != 0 || out != "" || !strings.Contains(errs, "meant to be started by an MCP client") || !strings.Contains(errs, "the embedded sandbox") {
		t.Fatalf("by hand: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// MCP's get_campaign_meta carries the will-it-send checklist beside the
// meta row: the one `campaigns status` prints.
func TestMCPMetaCarriesTheChecklist(t *testing.T) {
	t.Parallel()
	s := startMCP(clitest.New(t, nil))
	res := s.request("tools/call", map[string]any{"name": "search_campaigns", "arguments": map[string]any{"status": []string{"PAUSED"}, "name": "Weekly picks"}})
	var found struct {
		Campaigns []struct {
			CampaignID string `json:"campaign_id"`
		} `json:"campaigns"`
	}
	b, _ := json.Marshal(res["structuredContent"])
	if json.Unmarshal(b, &found) != nil || len(found.Campaigns) == 0 {
		t.Fatalf("no paused campaign found: %v", res)
	}
	res = s.request("tools/call", map[string]any{"name": "get_campaign_meta", "arguments": map[string]any{"campaign_id": found.Campaigns[0].CampaignID}})
	var got struct {
		CampaignStatus string `json:"campaign_status"`
		Checklist      []struct {
			Check, Detail string
			OK            bool
		} `json:"checklist"`
	}
	b, _ = json.Marshal(res["structuredContent"])
	text := string(b)
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
	if got.CampaignStatus != "PAUSED" || len(got.Checklist) == 0 || got.Checklist[0].Check != "state" || got.Checklist[0].OK ||
		!strings.HasPrefix(got.Checklist[0].Detail, "PAUSED: it sends nothing") {
		t.Fatalf("meta with its checklist: %s", text)
	}
	if code := s.close(); code != 0 {
		t.Fatalf("exit %d", code)
	}
}

// rpcReply is one message on the command's standard output.
type rpcReply struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// sendRaw writes line as it is and returns the next reply.
func (s *mcpSession) sendRaw(line string) rpcReply {
	s.t.Helper()
	if _, err := s.in.Write([]byte(line + "\n")); err != nil {
		s.t.Fatalf("writing to mcp: %v", err)
	}
	for s.out.Scan() {
		var r rpcReply
		if err := json.Unmarshal(s.out.Bytes(), &r); err != nil {
			s.t.Fatalf("stdout carries something that is not JSON-RPC: %q", s.out.Text())
		}
		if r.Error != nil || r.Result != nil {
			return r
		}
	}
	s.t.Fatalf("no reply to %.80q; stderr:\n%s", line, s.errb.String())
	return rpcReply{}
}

// TestMCPSurvivesMalformedInput: garbage, truncated JSON, a batch, a wrong
// jsonrpc version, an object id and a line over the size limit each get a
// JSON-RPC error (-32700 or -32600), and the server keeps serving: the
// request after each is answered.
func TestMCPSurvivesMalformedInput(t *testing.T) {
	t.Parallel()
	s := startMCP(clitest.New(t, nil))
	cases := []struct {
		name, line string
		code       int
		id         string
	}{
		{"garbage", "hello there", -32700, "null"},
		{"truncated", `{"jsonrpc":"2.0","id":7,"method":"tools/li`, -32700, "null"},
		{"batch", `[{"jsonrpc":"2.0","id":8,"method":"ping"}]`, -32600, "null"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":9,"method":"ping"}`, -32600, "9"},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{"no method", `{"jsonrpc":"2.0","id":10}`, -32600, "10"},
		{"a number", `42`, -32600, "null"},
		{"over the size limit", `{"jsonrpc":"2.0","id":11,"method":"ping","params":{"x":"` + strings.Repeat("a", 5<<20) + `"}}`, -32600, "null"},
	}
	for i, tc := range cases {
		r := s.sendRaw(tc.line)
		if r.Error == nil || r.Error.Code != tc.code || string(r.ID) != tc.id {
			t.Errorf("%s: reply %+v (id %s), want code %d id %s", tc.name, r.Error, r.ID, tc.code, tc.id)
		}
		ping := s.sendRaw(`{"jsonrpc":"2.0","id":"after-` + string(rune('a'+i)) + `","method":"ping"}`)
		if ping.Error != nil || string(ping.ID) != `"after-`+string(rune('a'+i))+`"` {
			t.Fatalf("after %s the server no longer serves: %+v %s", tc.name, ping.Error, ping.ID)
		}
	}
	if names := toolList(s); len(names) == 0 {
		t.Errorf("no tools after the garbage")
	}
	if code := s.close(); code != 0 {
		t.Errorf("exit %d; stderr:\n%s", code, s.errb.String())
	}
}
