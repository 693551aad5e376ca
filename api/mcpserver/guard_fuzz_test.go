package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

// FuzzGuard feeds arbitrary client input to Guard: it never panics or
// stops early; every line it passes on is one JSON-RPC 2.0 object, and
// every answer it writes is a JSON-RPC error (-32700 or -32600).
func FuzzGuard(f *testing.F) {
	fuzzseeds.Add(f, "FuzzGuard")
	for _, s := range []string{
		"hello there\n", `{"jsonrpc":"2.0","id":7,"method":"tools/li` + "\n", `[{"jsonrpc":"2.0","id":8,"method":"ping"}]` + "\n",
		`{"jsonrpc":"1.0","id":9,"method":"ping"}` + "\n", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}` + "\n",
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		r, _ := Guard(bytes.NewReader(data), &out)
		passed, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(passed))
		sc.Buffer(nil, MaxMessage+2)
		for sc.Scan() {
			var m struct {
				JSONRPC string `json:"jsonrpc"`
			}
			if json.Unmarshal(sc.Bytes(), &m) != nil || m.JSONRPC != "2.0" {
				t.Fatalf("passed on %q", sc.Bytes())
			}
		}
		for _, line := range bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			var e struct {
				Error struct{ Code int } `json:"error"`
			}
			if json.Unmarshal(line, &e) != nil || (e.Error.Code != codeParseError && e.Error.Code != codeInvalidRequest) {
				t.Fatalf("answered %q", line)
			}
		}
	})
}
