package drafts

import (
	"net/http"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
)

// newService is the real sandbox service, on the fixture's clock, without
// rate limits (these tests exercise the engine's own limiter; the sandbox's
// 429 is tested with limits on in ratelimit_test.go).
func newService(t testing.TB) (http.Handler, string, string) {
	return newSandbox(t, sandbox.Config{NoRateLimits: true})
}

func newSandbox(t testing.TB, cfg sandbox.Config) (http.Handler, string, string) {
	t.Helper()
	if cfg.Now == nil {
		clock := NewFakeClock(t0)
		cfg.Now = clock.Now
	}
	ws := sandbox.DefaultWorkspace()
	return sandboxtest.Open(t, cfg).Handler(), ws.ID, ws.Key
}
