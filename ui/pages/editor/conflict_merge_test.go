package editor

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// A conflict is resolved by hand: c shows both sides, e edits a merge of
// them as JSON and ctrl+s takes it; JSON that does not parse is refused
// with its position and nothing is taken.
func TestConflictMergedByHand(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, eng := newConflictEditor(t, c, "Summer sale kickoff", "Theirs")
	press(m, runes("c"))
	out := m.View()
	if !strings.Contains(out, "Conflict in basic_details") || !strings.Contains(out, `"name": "Theirs"`) || !strings.Contains(out, `"name": "Summer sale kickoff"`) {
		t.Fatalf("conflict view:\n%s", out)
	}
	press(m, runes("e"))
	d, ok := m.dialogs.Top().(*dialogs.Merge)
	if !ok {
		t.Fatal("e opens no merge editor")
	}
	d.SetText(`{"name": "Merged", "platforms": ["ANDROID"]}`)
	_, cmd := m.Update(uitest.Key("ctrl+s"))
	if cmd == nil {
		t.Fatal("ctrl+s resolves nothing")
	}
	uitest.Feed(m, cmd)
	w := eng.Working(m.id)
	if len(eng.Conflicts(m.id)) != 0 || nameOf(w) != "Merged" || !slices.Equal(w.BasicDetails.Platforms, []string{"ANDROID"}) {
		t.Fatalf("resolved: conflicts %v, basic_details %s", eng.Conflicts(m.id), model.Encode(w.BasicDetails))
	}
	// Bad JSON is refused with its position, not sent.
	m, _ = newConflictEditor(t, c, "Summer sale kickoff", "Theirs")
	press(m, runes("c"), runes("e"))
	m.dialogs.Top().(*dialogs.Merge).SetText(`{"name": `)
	press(m, uitest.Key("ctrl+s"))
	if _, still := m.dialogs.Top().(*dialogs.Merge); !still || !strings.Contains(m.View(), "line 1") {
		t.Fatalf("bad JSON accepted:\n%s", m.View())
	}
}

// newConflictEditor opens c (created on a sandbox on loopback) with name
// mine typed here and theirs saved meanwhile by someone else: a conflict
// on basic_details.
func newConflictEditor(t *testing.T, c *model.Campaign, mine, theirs string) (*Model, *drafts.Engine) {
	t.Helper()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	body := model.Clone(c)
	body.ID, body.CampaignID, body.Status = nil, nil, nil
	body.BasicDetails.Name = ptrTo("Before")
	ctx := context.Background()
	res, err := client.Create(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	eng := syncEngine(t, client)
	d, err := eng.LoadDraft(ctx, res.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Edit(res.ID, func(w *model.Campaign) { w.BasicDetails.Name = ptrTo(mine) }); err != nil {
		t.Fatal(err)
	}
	other := model.Clone(eng.Base(res.ID).BasicDetails)
	other.Name = ptrTo(theirs)
	if _, err := client.Patch(ctx, res.ID, &model.Campaign{BasicDetails: other}); err != nil {
		t.Fatal(err)
	}
	if err := eng.Flush(ctx, res.ID); !errors.Is(err, drafts.ErrConflict) {
		t.Fatalf("flush: %v, want a conflict", err)
	}
	m := editorOf(eng, d, 160, 48)
	m.dialogs.Reset() // the conflict view opens on load; the test opens it with c
	return m, eng
}

func nameOf(c *model.Campaign) string {
	if c == nil || c.BasicDetails == nil || c.BasicDetails.Name == nil {
		return ""
	}
	return *c.BasicDetails.Name
}

// A conflict event that comes while the answer to m is on its way (the
// flush that found the conflict, told late) opens the dialog again; once
// the answer is in, that dialog on a conflict now resolved goes.
func TestResolvedConflictLeavesNoDialog(t *testing.T) {
	m, eng := newConflictEditor(t, fixture(t, "push_one_time.json"), "Summer sale kickoff", "Theirs")
	press(m, runes("c"))
	_, resolve := m.Update(runes("m"))
	m.Update(listenMsg{ev: &drafts.Event{ID: m.id, Kind: drafts.EventConflict, Components: []string{"basic_details"}}})
	if !m.dialogs.Has(dialogs.ConflictID) {
		t.Fatalf("the late conflict event did not open the conflict dialog again:\n%s", m.View())
	}
	uitest.Feed(m, resolve)
	if len(eng.Conflicts(m.id)) != 0 {
		t.Fatalf("not resolved: %v", eng.Conflicts(m.id))
	}
	if !m.dialogs.Empty() || strings.Contains(m.View(), "Conflict in basic_details  1 of 1") {
		t.Fatalf("a dialog on the resolved conflict stays:\n%s", m.View())
	}
}

// The answer to the ctrl+s that found the conflict can come after the
// person has resolved it (the dialog opens on the engine's event, before the
// flush returns): it does not say the changes conflict once they no longer
// do, so "resolved" stays on the status line.
func TestLateConflictAnswerAfterResolving(t *testing.T) {
	m, _ := newConflictEditor(t, fixture(t, "push_one_time.json"), "Summer sale kickoff", "Theirs")
	press(m, runes("c"))
	_, resolve := m.Update(runes("t"))
	var said []string
	for _, msg := range uitest.RunBatch(resolve) {
		if a, ok := msg.(common.AddressedMsg); ok && a.To == m {
			_, cmd := m.Update(a.Msg)
			said = append(said, noticesOf(cmd)...)
		}
	}
	_, cmd := m.Update(flushedMsg{err: drafts.ErrConflict})
	said = append(said, noticesOf(cmd)...)
	if !slices.Equal(said, []string{"Conflict in basic_details resolved."}) {
		t.Fatalf("the status line said %q after resolving, want only that the conflict is resolved", said)
	}
}
