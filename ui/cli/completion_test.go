package cli

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// backgroundHeader marks the requests of the background id reader, so a
// test's server tells them from the completing process's.
const backgroundHeader = "X-Test-Background-Reader"

// The background id reader is this test binary started again with the
// hidden command (os.Executable): it runs the command line as the
// campaigns binary would, its requests marked (through --debug's traced
// transport, which wraps http.DefaultTransport).
func init() {
	if len(os.Args) > 1 && os.Args[1] == refreshIDsCmd {
		http.DefaultTransport = marked{http.DefaultTransport}
		os.Setenv("CAMPAIGNS_DEBUG", "1")
		os.Exit(Run(os.Args[1:], strings.NewReader(""), io.Discard, io.Discard))
	}
}

type marked struct{ next http.RoundTripper }

func (m marked) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(backgroundHeader, "1")
	return m.next.RoundTrip(r)
}

// completion runs `campaigns __complete WORDS...` in-process through Run, as
// the shell does, with the service flags before the word being completed.
// These tests use the process's environment (freshHome, t.Setenv): the
// background reader is this test binary started again, and inherits it.
func (e *scriptEnv) complete(words ...string) string {
	e.t.Helper()
	args := append(append([]string{"__complete"}, words[:len(words)-1]...), e.base...)
	_, out, _ := cli(e.t, "", append(args, words[len(words)-1])...)
	return out
}

// waitForIDs presses tab until the background reader has cached the ids
// (the first press only starts it) and returns the completion.
func (e *scriptEnv) waitForIDs(words ...string) string {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		out := e.complete(words...)
		if strings.Contains(out, "\t") {
			return out
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("no ids cached by the background reader after 30 s: %q", out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// idCaches are the id cache files written.
func idCaches(t *testing.T) []string {
	caches, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "campaigns", "ids-*.json"))
	return caches
}

// A tab press never reads the service: the first one starts the detached
// reader, whose cache file gives the ids to the presses after it; those ask
// the service nothing more.
func TestCompletingIDsReadsOnlyInTheBackground(t *testing.T) {
	freshHome(t)
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	s, err := sandbox.Open(sandbox.Config{Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var foreground, background atomic.Int64
	h := s.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(backgroundHeader) != "" {
			background.Add(1)
		} else {
			foreground.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	ws := sandbox.DefaultWorkspace()
	t.Setenv("CAMPAIGNS_API_KEY", ws.Key)
	e.base = []string{"--base-url", srv.URL, "--workspace-id", ws.ID}

	first := e.complete("get", "")
	out := e.waitForIDs("get", "")
	if first != "" && first != out {
		t.Fatalf("the first press offered neither nothing nor the cached ids:\n%s", first)
	}
	if !strings.Contains(out, "\tJune newsletter (DRAFT)") || foreground.Load() != 0 || background.Load() == 0 {
		t.Fatalf("ids %q; reads: %d by the completing process, %d in the background", out, foreground.Load(), background.Load())
	}
	read := background.Load()
	if again := e.complete("get", ""); again != out || foreground.Load() != 0 || background.Load() != read {
		t.Fatalf("a press within the minute read the service (%d, %d):\n%s", foreground.Load(), background.Load(), again)
	}
}

// Campaign ids complete for get, publish, status and test, described by
// name and status, cached per service.
func TestCampaignIDsComplete(t *testing.T) {
	freshHome(t)
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("June newsletter")
	e.waitForIDs("get", "")
	for _, cmd := range []string{"get", "publish", "status", "test", "meta"} {
		out := e.complete(cmd, id[:6])
		if !strings.Contains(out, id+"\tJune newsletter (DRAFT)") || !strings.HasSuffix(strings.TrimSpace(out), ":4") {
			t.Fatalf("%s: %s", cmd, out)
		}
	}
	if out := e.complete("status", id, ""); !strings.Contains(out, "pause\nresume\nstop\n") {
		t.Fatalf("status actions: %s", out)
	}
	if caches := idCaches(t); len(caches) != 1 {
		t.Fatalf("cache files: %v", caches)
	}
	e.base = []string{"--data", t.TempDir()} // another sandbox: cached under another key
	if out := e.waitForIDs("get", ""); strings.Contains(out, id) {
		t.Fatal("ids of one service offered for another")
	}
}

// diff --versions completes its campaign id like the other commands.
func TestDiffVersionsCompletesTheID(t *testing.T) {
	freshHome(t)
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("Weekly picks")
	if out := e.waitForIDs("diff", "--versions", id[:8]); !strings.Contains(out, id+"\tWeekly picks (PAUSED)") {
		t.Fatalf("completion of diff --versions: %s", out)
	}
}

// A stale cache is offered at once, and the ids are read again by a
// detached campaigns process for the next tab press; a burst of presses
// starts one reader.
func TestStaleIDsAreRefreshedInTheBackground(t *testing.T) {
	freshHome(t)
	e := newScriptEnv(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	id := e.idOf("June newsletter")
	var spawned [][]string
	run := func(args ...string) string {
		var o, er strings.Builder
		app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: &o, ErrOut: &er, Getenv: os.Getenv},
			Spawn: func(a []string) error { spawned = append(spawned, a); return nil }}
		execute(app, args)
		return o.String()
	}
	complete := func() string { return run(append(append([]string{"__complete", "get"}, e.base...), "")...) }
	e.waitForIDs("get", "")
	// The cache ages past its minute: say so by rewriting its time.
	caches := idCaches(t)
	raw, _ := os.ReadFile(caches[0])
	stale := strings.Replace(string(raw), id, "0000000000000000000stale", 1)
	stale = `{"at":"2020-01-01T00:00:00Z"` + stale[strings.Index(stale, `,"ids"`):]
	os.WriteFile(caches[0], []byte(stale), 0o600)
	for range 3 {
		if out := complete(); !strings.Contains(out, "0000000000000000000stale") {
			t.Fatalf("the stale ids were not offered at once:\n%s", out)
		}
	}
	if len(spawned) != 1 || len(spawned[0]) < 3 || spawned[0][0] != refreshIDsCmd || !strings.Contains(strings.Join(spawned[0], " "), "--data "+e.data) {
		t.Fatalf("not one background refresh for this service: %v", spawned)
	}
	run(spawned[0]...) // what the detached process does
	spawned = nil
	if out := complete(); !strings.Contains(out, id) || spawned != nil {
		t.Fatalf("after the refresh: spawned %v\n%s", spawned, out)
	}
}
