package serve

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func TestServeHelpAndUsageErrors(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	code, out, _ := serveCLI(e.Env, "serve", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, s := range []string{"--addr", "--data", "--workspace ID:KEY[:FLAGS]", "audience_limit", "scope=view|create_manage|create_manage_publish", sandbox.DefaultDataDir()} {
		if !strings.Contains(out, s) {
			t.Errorf("--help does not mention %q", s)
		}
	}
	for _, args := range [][]string{{"serve", "--workspace", "nokey"}, {"serve", "--workspace", "A:k:scope=root"}, {"serve", "--bogus"}, {"serve", "extra"}} {
		if code, _, errs := serveCLI(e.Env, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// serve refuses a listen address that is not HOST:PORT as a usage mistake.
func TestServeRefusesABadAddr(t *testing.T) {
	t.Parallel()
	code, _, errs := serveCLI(clitest.New(t, nil), "serve", "--addr", "nope")
	if code != 2 || !strings.Contains(errs, `--addr "nope": want HOST:PORT`) {
		t.Errorf("exit %d %q", code, errs)
	}
}

// The flags reach the sandbox's configuration.
func TestServeFlagsMakeTheConfig(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	var got *ServeOptions
	r := e.Do(NewCmdServe(e.F, func(o *ServeOptions) error { got = o; return nil }), "--addr", "127.0.0.1:0", "--workspace", "ACME:secret:versioning", "--no-seed", "--lenient", "--no-rate-limits",
		"--idempotency-quota", "1MiB", "--seed-campaigns", "7", "--trust-scopes-header=false")
	if r.Code != 0 || got == nil {
		t.Fatalf("exit %d %s", r.Code, r.Err)
	}
	c := got.Config
	if len(c.Workspaces) != 1 || c.Workspaces[0].ID != "ACME" || c.Seed || !c.Lenient || !c.NoRateLimits ||
		c.IdempotencyQuotaBytes != 1<<20 || c.SeedCampaigns != 7 || !c.DistrustScopesHeader || got.MigrateOnly {
		t.Fatalf("config %+v", c)
	}
	r = e.Do(newServeCmd(e.F), "--seed-campaigns", "-1")
	if r.Code != 2 || !strings.Contains(r.Err, "--seed-campaigns -1: want 0 to 100000") {
		t.Fatalf("negative --seed-campaigns: exit %d %s", r.Code, r.Err)
	}
}
