package sshserver

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/charmbracelet/ssh"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model/modeltest"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// demoSandbox starts an in-memory sandbox on loopback, as `campaigns ssh
// --demo` does, and a DemoWorkspaces that reports each session's workspace.
func demoSandbox(t testing.TB) (WorkspaceFunc, <-chan Workspace) {
	t.Helper()
	baseURL, sb, stop, err := sandbox.StartLocal(sandbox.Config{Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop() })
	open := DemoWorkspaces(DemoHost{
		BaseURL: baseURL,
		Add: func(id, key string) error {
			w := sandbox.DefaultWorkspace()
			w.ID, w.Key = id, key
			return sb.AddWorkspace(w, true)
		},
		Remove: sb.RemoveWorkspace,
	})
	opened := make(chan Workspace, 8)
	return func(sess ssh.Session) (Workspace, error) {
		ws, err := open(sess)
		if err == nil {
			opened <- ws
		}
		return ws, err
	}, opened
}

// sandboxClient starts an in-memory sandbox on loopback (stopped with the
// test) and is a client of its default workspace.
func sandboxClient(t testing.TB, cfg sandbox.Config) *api.Client {
	t.Helper()
	baseURL, _, stop, err := sandbox.StartLocal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop() })
	w := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: baseURL, WorkspaceID: w.ID, APIKey: w.Key})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// wireEditor gives each session the draft editor as the command line
// wires it, every feature on.
func wireEditor(cfg *ui.Config) (func() error, error) {
	f, closeFn, err := editor.Open(cfg.Client, cfg.DataDir, editor.Options{Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}}})
	if err != nil {
		return nil, err
	}
	cfg.Editor = f
	return closeFn, nil
}

// createDraft creates a valid push draft named name (from the repository's
// publish-valid fixture).
func createDraft(t *testing.T, c *api.Client, name string) {
	t.Helper()
	body := modeltest.Read(t, "../../testdata/campaigns/push_one_time.json")
	body.BasicDetails.Name = &name
	if _, err := c.Create(context.Background(), body); err != nil {
		t.Fatalf("create %q: %v", name, err)
	}
}

func TestAuthorizedKeyGetsTheEditorsBrowser(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	client := sandboxClient(t, sandbox.Config{Seed: true})
	dataDir := t.TempDir()
	ts := start(t, Config{
		AuthorizedKeysPath: writeAuthorized(t, alice),
		App:                EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, SharedWorkspace(client, dataDir), nil),
	})
	tm := ts.open(t, alice, 120, 30)
	tm.out.waitFor(t, "service embedded sandbox  workspace SANDBOX")
	tm.out.waitFor(t, "q quit")
	tm.send(t, "q")
	if code := tm.waitClosed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
	entries, _ := os.ReadDir(dataDir + "/ssh")
	if len(entries) != 1 {
		t.Errorf("want one journal directory for alice's key under %s/ssh, got %d", dataDir, len(entries))
	}
}

func TestDemoSessionsDoNotSeeEachOthersDrafts(t *testing.T) {
	t.Parallel()
	open, opened := demoSandbox(t)
	ts := start(t, Config{Demo: true, App: EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, open, nil)})

	// Two visitors, with keys nobody listed: demo lets any key in.
	var terms [2]*terminal
	var spaces [2]Workspace
	for i := range terms {
		terms[i] = ts.open(t, newKey(t), 140, 30)
		spaces[i] = <-opened
		terms[i].out.waitFor(t, "workspace "+spaces[i].ID)
	}
	if spaces[0].ID == spaces[1].ID || spaces[0].DataDir == spaces[1].DataDir {
		t.Fatalf("two demo sessions share a workspace or journal: %+v %+v", spaces[0], spaces[1])
	}
	names := [2]string{"Alpha secret draft", "Bravo secret draft"}
	for i := range terms {
		createDraft(t, spaces[i].Client, names[i])
	}
	for i, tm := range terms {
		tm.send(t, "r") // drafts are listed; the browser searches again
		tm.out.waitFor(t, names[i])
		if other := names[1-i]; strings.Contains(tm.out.String(), other) {
			t.Errorf("session %d sees the other visitor's draft %q", i, other)
		}
	}

	// When a visitor leaves, their workspace and journal go with them.
	terms[0].send(t, "q")
	terms[0].waitClosed(t)
	ts.waitSessions(t, 1)
	_, err := spaces[0].Client.Search(context.Background(), api.SearchRequest{Limit: 10, Page: 1})
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.Status != 401 {
		t.Errorf("the departed visitor's workspace still answers: err = %v", err)
	}
	if _, err := os.Stat(spaces[0].DataDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the departed visitor's journal %s is still there (%v)", spaces[0].DataDir, err)
	}
	terms[1].send(t, "r")
	terms[1].out.waitFor(t, names[1])
}

func TestWireRunsForEachSessionAndClosesBeforeTheWorkspaceGoes(t *testing.T) {
	t.Parallel()
	open, opened := demoSandbox(t)
	type wired struct {
		dataDir string
		styled  bool
	}
	wiredC, closedC := make(chan wired, 2), make(chan error, 2)
	var failNext atomic.Bool
	wire := func(cfg *ui.Config) (func() error, error) {
		if failNext.Load() {
			return nil, errors.New("the journal is locked")
		}
		wiredC <- wired{cfg.DataDir, cfg.Renderer != nil}
		dir := cfg.DataDir
		client := cfg.Client
		return func() error {
			// The workspace must still answer while the editor closes.
			_, err := client.Search(context.Background(), api.SearchRequest{Limit: 1, Page: 1})
			if _, statErr := os.Stat(dir); statErr != nil && err == nil {
				err = statErr
			}
			closedC <- err
			return nil
		}, nil
	}
	ts := start(t, Config{Demo: true, App: EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, open, wire)})

	tm := ts.open(t, newKey(t), 120, 30)
	ws := <-opened
	if w := <-wiredC; w.dataDir != ws.DataDir || !w.styled {
		t.Errorf("wire got DataDir %q (want the session's %q), renderer set %v", w.dataDir, ws.DataDir, w.styled)
	}
	tm.out.waitFor(t, "workspace "+ws.ID)
	tm.send(t, "q")
	tm.waitClosed(t)
	if err := <-closedC; err != nil {
		t.Errorf("the editor closed after its workspace or journal was gone: %v", err)
	}

	// A wire error ends the session with the reason and releases the workspace.
	failNext.Store(true)
	tm = ts.open(t, newKey(t), 120, 30)
	ws = <-opened
	if code := tm.waitClosed(t); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	tm.out.waitFor(t, "the journal is locked")
	ts.waitSessions(t, 0)
	if _, err := ws.Client.Search(context.Background(), api.SearchRequest{Limit: 1, Page: 1}); err == nil {
		t.Error("the workspace of a session that failed to start is still there")
	}
}

func TestDemoVisitorGetsTheDraftEditorWithAJournalOfTheirOwn(t *testing.T) {
	t.Parallel()
	open, opened := demoSandbox(t)
	ts := start(t, Config{Demo: true, App: EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, open, wireEditor)})
	// Two visitors at once: the editors share no state (run with -race).
	var terms [2]*terminal
	var spaces [2]Workspace
	for i := range terms {
		terms[i] = ts.open(t, newKey(t), 130, 36)
		spaces[i] = <-opened
	}
	for i, tm := range terms {
		tm.out.waitFor(t, "workspace "+spaces[i].ID)
		tm.send(t, "n")
	}
	for i, tm := range terms {
		tm.out.waitFor(t, "New draft")
		if _, err := os.Stat(spaces[i].DataDir + "/journal"); err != nil {
			t.Errorf("session %d's journal is not in its own directory: %v", i, err)
		}
		tm.send(t, "\x03") // ctrl+c
	}
	for _, tm := range terms {
		tm.waitClosed(t)
	}
	ts.waitSessions(t, 0)
	for _, ws := range spaces {
		if _, err := os.Stat(ws.DataDir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the journal directory %s outlived the session (%v)", ws.DataDir, err)
		}
	}
}

// sgr matches a Select Graphic Rendition sequence that sets something
// (colour, bold, italic…), not a bare reset.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*[1-9][0-9;]*m`)

func TestClientThatSendsNoColorGetsThePlainTheme(t *testing.T) {
	t.Parallel()
	open, opened := demoSandbox(t)
	ts := start(t, Config{Demo: true, App: EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, open, nil)})
	c := ts.mustDial(t, newKey(t))
	colour := openTerminal(t, c, "xterm-256color", 120, 30)
	plain := openTerminal(t, c, "xterm-256color", 120, 30, "NO_COLOR", "1")
	for _, tm := range []*terminal{colour, plain} {
		<-opened
		tm.out.waitFor(t, "Back in stock")
	}
	// The session's renderer honours the NO_COLOR the client sends, and the
	// editor gets the plain theme: no colour, no bold, no SGR at all.
	if !sgr.MatchString(colour.out.String()) {
		t.Error("the colour session shows no styling")
	}
	if out := plain.out.String(); sgr.MatchString(out) {
		t.Errorf("the NO_COLOR session is styled: %q", sgr.FindString(out))
	}
}

func TestOneKeyTwoSessionsAtOnceEachGetAJournal(t *testing.T) {
	t.Parallel()
	k := keyWithTwoSessions(t)
	if k.a == k.b {
		t.Fatalf("two sessions of one key share the journal %s", k.a)
	}
	// Coming back later finds the first journal again.
	again := openTerminal(t, k.ts.mustDial(t, k.alice), "xterm-256color", 120, 30)
	again.out.waitFor(t, "workspace SANDBOX")
	if got := <-k.dirs; got != min(k.a, k.b) {
		t.Errorf("a returning key got journal %s, want %s", got, min(k.a, k.b))
	}
}

// The Review says when the campaign goes out in the client's own zone when
// it sends TZ (ssh -o SendEnv=TZ), and says "server time" when it does not.
func TestReviewTimeIsTheClientsZoneOrSaidToBeTheServers(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	client := sandboxClient(t, sandbox.Config{})
	createDraft(t, client, "Zoned") // 21 Jun 2026 09:00 Europe/Madrid
	ts := start(t, Config{
		AuthorizedKeysPath: writeAuthorized(t, alice),
		App:                EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Plain()}, SharedWorkspace(client, t.TempDir()), wireEditor),
	})
	c := ts.mustDial(t, alice)
	review := func(tm *terminal) {
		t.Helper()
		tm.out.waitFor(t, "Zoned")
		tm.send(t, "\r") // the only draft: open it
		tm.out.waitFor(t, "1 Basic details")
		tm.send(t, "8") // Review
		tm.out.waitFor(t, "Schedule")
	}
	tokyo := openTerminal(t, c, "xterm-256color", 200, 50, "TZ", "Asia/Tokyo")
	review(tokyo)
	tokyo.out.waitFor(t, "(16:00 your time, Asia/Tokyo)")
	tokyo.send(t, "\x03")
	tokyo.waitClosed(t)

	server := openTerminal(t, c, "xterm-256color", 200, 50)
	review(server)
	zone := common.LocalZone().String()
	if zone == "Europe/Madrid" {
		t.Skip("the server's zone is the campaign's: no second time is shown")
	}
	server.out.waitFor(t, " server time, "+zone+")")
	if strings.Contains(ansi.Strip(server.out.String()), "your time") {
		t.Error("a session without TZ is told the server's time is its own")
	}
	server.send(t, "\x03")
	server.waitClosed(t)
}
