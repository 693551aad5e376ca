package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Campaign ids complete for get, publish, status and test, described by
// name and status, read from the service and cached a short while.
func TestCampaignIDsComplete(t *testing.T) {
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("June newsletter")
	complete := func(words ...string) (int, string, string) {
		// The word being completed comes last, after the service flags.
		args := append(append([]string{"__complete"}, words[:len(words)-1]...), e.base...)
		args = append(args, words[len(words)-1])
		return e.cli("", args...)
	}
	for _, cmd := range []string{"get", "publish", "status", "test", "meta"} {
		code, out, errs := complete(cmd, id[:6])
		if code != 0 || !strings.Contains(out, id+"\tJune newsletter (DRAFT)") || !strings.HasSuffix(strings.TrimSpace(out), ":4") {
			t.Fatalf("%s: exit %d\n%s\n%s", cmd, code, out, errs)
		}
	}
	if _, out, _ := complete("status", id, ""); !strings.Contains(out, "pause\nresume\nstop\n") {
		t.Fatalf("status actions: %s", out)
	}
	// Read once, then from the cache: a second tab press asks no service.
	caches, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "campaigns", "ids-*.json"))
	if len(caches) != 1 {
		t.Fatalf("cache files: %v", caches)
	}
	e.base = []string{"--data", t.TempDir()} // another sandbox: cached under another key
	if _, out, _ := complete("get", ""); strings.Contains(out, id) {
		t.Fatal("ids of one service offered for another")
	}
}

// A stale cache is offered at once, and the ids are read again by a
// detached campaigns process for the next tab press.
func TestStaleIDsAreRefreshedInTheBackground(t *testing.T) {
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("June newsletter")
	var spawned []string
	run := func(args ...string) string {
		var o, er strings.Builder
		app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: &o, ErrOut: &er, Getenv: os.Getenv},
			Spawn: func(a []string) error { spawned = a; return nil }}
		execute(app, args)
		return o.String()
	}
	complete := func() string { return run(append(append([]string{"__complete", "get"}, e.base...), "")...) }
	if out := complete(); !strings.Contains(out, id) || spawned != nil {
		t.Fatalf("first read: spawned %v\n%s", spawned, out)
	}
	// The cache ages past its minute: say so by rewriting its time.
	caches, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "campaigns", "ids-*.json"))
	raw, _ := os.ReadFile(caches[0])
	stale := strings.Replace(string(raw), id, "0000000000000000000stale", 1)
	stale = `{"at":"2020-01-01T00:00:00Z"` + stale[strings.Index(stale, `,"ids"`):]
	os.WriteFile(caches[0], []byte(stale), 0o600)
	if out := complete(); !strings.Contains(out, "0000000000000000000stale") {
		t.Fatalf("the stale ids were not offered at once:\n%s", out)
	}
	if len(spawned) < 3 || spawned[0] != "__refresh-ids" || !strings.Contains(strings.Join(spawned, " "), "--data "+e.data) {
		t.Fatalf("no background refresh for this service: %v", spawned)
	}
	run(spawned...) // what the detached process does
	spawned = nil
	if out := complete(); !strings.Contains(out, id) || spawned != nil {
		t.Fatalf("after the refresh: spawned %v\n%s", spawned, out)
	}
}

// diff --versions completes its campaign id like the other commands.
func TestDiffVersionsCompletesTheID(t *testing.T) {
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("Weekly picks")
	args := append(append([]string{"__complete", "diff", "--versions"}, e.base...), id[:8])
	if _, out, _ := e.cli("", args...); !strings.Contains(out, id+"\tWeekly picks (PAUSED)") {
		t.Fatalf("completion of diff --versions: %s", out)
	}
}
