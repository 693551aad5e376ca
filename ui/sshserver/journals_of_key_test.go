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

// TestReturningKeyIsOfferedEveryUnsentJournal: a draft left unsent in the
// journal of a key's second session (made while its first was open) is
// offered when the key comes back with a single session, not only those of
// the first journal.
func TestReturningKeyIsOfferedEveryUnsentJournal(t *testing.T) {
	alice := newKey(t)
	baseURL, _, stop, err := sandbox.StartLocal(sandbox.Config{Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop() })
	w := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: baseURL, WorkspaceID: w.ID, APIKey: w.Key})
	if err != nil {
		t.Fatal(err)
	}
	createDraft(t, client, "Left in the second session")
	dataDir := t.TempDir()
	dirs := make(chan string, 4)
	wire := func(cfg *ui.Config) (func() error, error) {
		f, closeFn, err := editor.Open(cfg.Client, cfg.DataDir, editor.Options{})
		if err != nil {
			return nil, err
		}
		dirs <- cfg.DataDir
		cfg.Editor = f
		return closeFn, nil
	}
	ts := start(t, Config{
		AuthorizedKeysPath: writeAuthorized(t, alice),
		App:                EditorApp(ui.Config{Service: "embedded sandbox", Theme: themes.Default()}, SharedWorkspace(client, dataDir), wire),
	})
	first := openTerminal(t, ts.mustDial(t, alice), "xterm-256color", 120, 30)
	second := openTerminal(t, ts.mustDial(t, alice), "xterm-256color", 120, 30)
	for _, tm := range []*terminal{first, second} {
		tm.out.waitFor(t, "workspace SANDBOX")
	}
	a, b := <-dirs, <-dirs
	for _, tm := range []*terminal{first, second} {
		tm.send(t, "q")
		tm.waitClosed(t)
	}
	ts.waitSessions(t, 0)

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

	again := openTerminal(t, ts.mustDial(t, alice), "xterm-256color", 160, 30)
	again.out.waitFor(t, "“"+unsent+"”")
	if got := <-dirs; got != min(a, b) {
		t.Errorf("a returning key got journal %s, want %s", got, min(a, b))
	}
}
