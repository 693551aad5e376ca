package serve

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

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
