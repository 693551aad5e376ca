package sshserver

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// twoSessions is a server on the embedded sandbox where one key (alice)
// had two sessions at once, both ended: a and b are their journal
// directories; dirs tells the directory of every later session.
type twoSessions struct {
	ts     *testServer
	alice  key
	client *api.Client
	a, b   string
	dirs   chan string
}

// keyWithTwoSessions opens two editor sessions of one key at once, as two
// terminals of one person would, and ends them; seed, when given, creates
// drafts on the sandbox first.
func keyWithTwoSessions(t *testing.T, seed ...func(*api.Client)) *twoSessions {
	t.Helper()
	k := &twoSessions{alice: newKey(t), dirs: make(chan string, 4)}
	k.client = sandboxClient(t, sandbox.Config{Seed: true})
	for _, fn := range seed {
		fn(k.client)
	}
	wire := func(cfg *ui.Config) (func() error, error) {
		f, closeFn, err := editor.Open(cfg.Client, cfg.DataDir, editor.Options{})
		if err != nil {
			return nil, err
		}
		k.dirs <- cfg.DataDir
		cfg.Editor = f
		return closeFn, nil
	}
	k.ts = start(t, Config{
		AuthorizedKeysPath: writeAuthorized(t, k.alice),
		App:                EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, SharedWorkspace(k.client, t.TempDir()), wire),
	})
	first := openTerminal(t, k.ts.mustDial(t, k.alice), "xterm-256color", 120, 30)
	second := openTerminal(t, k.ts.mustDial(t, k.alice), "xterm-256color", 120, 30)
	for _, tm := range []*terminal{first, second} {
		tm.out.waitFor(t, "workspace SANDBOX")
	}
	k.a, k.b = <-k.dirs, <-k.dirs
	for _, tm := range []*terminal{first, second} {
		tm.send(t, "q")
		tm.waitClosed(t)
	}
	k.ts.waitSessions(t, 0)
	return k
}

// TestReturningKeyIsOfferedEveryUnsentJournal: a draft left unsent in the
// journal of a key's second session (made while its first was open) is
// offered when the key comes back with a single session, not only those of
// the first journal.
func TestReturningKeyIsOfferedEveryUnsentJournal(t *testing.T) {
	t.Parallel()
	k := keyWithTwoSessions(t, func(c *api.Client) { createDraft(t, c, "Left in the second session") })
	a, b, client := k.a, k.b, k.client
	w := sandbox.DefaultWorkspace()

	// The second session's journal holds an edit the service never got
	// (written as its sync engine would, with the service out of reach).
	res, err := client.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1,
		CampaignFields: &api.SearchFields{Name: "Left in the second session", Status: []string{model.StatusDraft}}})
	if err != nil || len(res.Campaigns) != 1 {
		t.Fatalf("search: %v (%d)", err, len(res.Campaigns))
	}
	dead, _ := api.New(api.Config{BaseURL: "http://127.0.0.1:1", WorkspaceID: w.ID, APIKey: w.Key, MaxRetries: -1})
	eng, err := drafts.Open(filepath.Join(max(a, b), "journal"), dead, drafts.Options{}) // where the editor keeps it
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eng.Adopt(api.WriteForm(res.Campaigns[0], nil)); err != nil {
		t.Fatal(err)
	}
	unsent := "Unsent from the second session"
	id := *res.Campaigns[0].ID
	if err := eng.Edit(id, func(c *model.Campaign) { c.BasicDetails.Name = &unsent }); err != nil {
		t.Fatal(err)
	}
	if err := eng.Commit(id); err != nil {
		t.Fatal(err)
	}
	eng.Close()

	again := openTerminal(t, k.ts.mustDial(t, k.alice), "xterm-256color", 160, 30)
	again.out.waitFor(t, "“"+unsent+"”")
	if got := <-k.dirs; got != min(a, b) {
		t.Errorf("a returning key got journal %s, want %s", got, min(a, b))
	}
}
