package browser

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// fakeJournal holds drafts until SyncAll sends them.
type fakeJournal struct {
	drafts []common.LocalDraft
	synced bool
}

func (j *fakeJournal) Unsynced(context.Context) ([]common.LocalDraft, error) {
	if j.synced {
		return nil, nil
	}
	return j.drafts, nil
}

func (j *fakeJournal) SyncAll(context.Context) error { j.synced = true; return nil }

func localDraft(id, name, channel string, units ...string) common.LocalDraft {
	return common.LocalDraft{Campaign: &model.Campaign{CampaignID: sp(id), ID: sp(id),
		Status: sp(model.StatusDraft), Channel: sp(channel), CampaignDeliveryType: sp(model.DeliveryOneTime),
		BasicDetails: &model.BasicDetails{Name: sp(name)}}, Unsynced: units}
}

func ansiStripped(s string) string { return ansi.Strip(s) }

func checkFits(t *testing.T, view string, w, h int) {
	t.Helper()
	if lines := uitest.Fit(t, "the browser", view, w); len(lines) > h {
		t.Errorf("%d lines for a body of %d", len(lines), h)
	}
}

func TestUnsyncedDraftsAnnouncedThenOfflineThenBack(t *testing.T) {
	t.Parallel() // waits on a timer
	c := uitest.Common(80, 24)
	j := &fakeJournal{drafts: []common.LocalDraft{
		localDraft("a1", "Spring sale with a rather long name", model.ChannelPush, "basic_details", "campaign_content"),
		localDraft("b2", "Newsletter", model.ChannelEmail, "segmentation_details"),
	}}
	c.Journal = j
	b := New(c)
	b.SetSize(80, 21)
	b.Update(localMsg{drafts: j.drafts})
	rows := uitest.FakeRows(3)
	rows = append(rows, j.drafts[1].Campaign)
	show(b, rows)

	// Announced, wrapped whole, and marked in the list.
	v := ansiStripped(b.View())
	for _, want := range []string{"2 drafts have edits not yet on the service", "“Spring sale with a rather long name”", "“Newsletter”", "u lists them", "● Newsletter"} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Errorf("announcement lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, b.View(), 80, 21)

	// The service stops answering: the journal's drafts are listed.
	b.loading = true
	b.Update(searchResultMsg{seq: b.seq, page: 1, err: &api.TransportError{Method: "POST", Path: "/v5/campaigns/search",
		Err: errors.New("dial tcp 127.0.0.1:8787: connect: connection refused")}})
	v = ansiStripped(b.View())
	flat := strings.Join(strings.Fields(v), " ")
	for _, want := range []string{"⚠ Offline: the service cannot be reached (connection refused)", "2 drafts kept on this computer",
		"NOT ON THE SERVICE YET", "Spring sale", "details, content", "Newsletter", "audience", "offline · asking again"} {
		if !strings.Contains(flat, want) {
			t.Errorf("offline view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "dial tcp") {
		t.Errorf("the dial error is shown:\n%s", v)
	}
	checkFits(t, b.View(), 80, 21)
	if len(b.Rows()) != 2 || common.CampaignKey(b.Selected()) != "a1" {
		t.Fatalf("rows %d, selected %v: the journal's drafts, newest edit first", len(b.Rows()), b.Selected())
	}
	// A retry of an older round is dropped; the current one searches again.
	if cmd, _ := b.updateLocal(retryMsg{seq: b.local.retry - 1}); cmd != nil {
		t.Error("a stale retry searched again")
	}
	if cmd, _ := b.updateLocal(retryMsg{seq: b.local.retry}); cmd == nil || !b.loading {
		t.Error("the retry did not search again")
	}

	// The service answers again: everything is sent, the banner goes.
	b.move(1) // the cursor on "Newsletter"
	_, cmd := b.Update(searchResultMsg{seq: b.seq, page: 1, rows: rows})
	if b.local.offline {
		t.Fatal("still offline after an answer")
	}
	for _, m := range uitest.RunBatch(cmd) {
		if a, ok := m.(common.AddressedMsg); ok && a.To == b {
			if _, ok := a.Msg.(backMsg); ok {
				b.Update(a.Msg)
			}
		}
	}
	if !j.synced {
		t.Fatal("the local edits were not sent when the service came back")
	}
	v = ansiStripped(b.View())
	if strings.Contains(v, "Offline") || strings.Contains(v, "not yet on the service") || strings.Contains(v, "●") {
		t.Errorf("banner or marks left after the sync:\n%s", v)
	}
}

// TestDamagedJournalIsSaid: when the journal reports a damaged file (what
// was recovered, where the copy is), the browser says so in a notice
// instead of dropping the error.
func TestDamagedJournalIsSaid(t *testing.T) {
	c := uitest.Common(80, 24)
	b := New(c)
	b.SetSize(80, 21)
	report := errors.New("the journal of draft 64f0 was damaged: 3 records replayed, 1 lost; the journal is kept as it was in /tmp/j/64f0.journal.corrupt")
	_, cmd := b.Update(localMsg{err: report})
	if cmd == nil {
		t.Fatal("no notice")
	}
	var said []string
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			said = append(said, n.Text)
			if !n.Err || !strings.Contains(n.Text, "64f0.journal.corrupt") || !strings.Contains(n.Text, "1 lost") {
				t.Errorf("notice %+v", n)
			}
		}
	}
	if len(said) == 0 {
		t.Errorf("the damage was not said")
	}
}
