package editor

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// Sending a test and reading what it sent, to whom.
//
// A test's answer is read into one result per recipient and platform ×
// locale × variation: on the sandbox from its outbox (the message as it was
// rendered for each recipient), on a real service from the test route's
// answer (outcome only). The results view opens on the test dialog when
// the answer comes and ctrl+r reopens the last one from the editor.

type testDoneMsg struct {
	res  api.TestResult
	err  error
	sent []api.SentTest // what was sent to whom
	mode string         // "inline" or "saved draft"
}

// outboxState is what the editors of a program know of the service's
// outbox.
type outboxState struct {
	none atomic.Bool  // no outbox: a real service answered 404
	seen atomic.Int64 // the newest seq read: the next test reads on from it
}

// outboxOf is the sandbox outbox reader behind the tester, if it has one
// (noOutbox: a real service answered 404 before, so it is asked only once
// per program).
func outboxOf(t Tester, noOutbox *atomic.Bool) api.Outboxer {
	if o, ok := t.(api.Outboxer); ok && !noOutbox.Load() {
		return o
	}
	return nil
}

// sendAndRead sends req and reads what it sent: the outbox's messages after
// the last one before the send, kept to this test's payload keys and
// recipients (another session may test at the same time).
func sendAndRead(ctx context.Context, t Tester, out *outboxState, req api.TestRequest) testDoneMsg {
	ob := outboxOf(t, &out.none)
	var after int64
	if ob != nil {
		var err error
		if after, err = api.LatestOutboxAfter(ctx, ob, out.seen.Load()); err != nil {
			if api.StatusOf(err) == 404 {
				out.none.Store(true)
			}
			ob = nil
		}
		out.seen.Store(after)
	}
	res, err := t.Test(ctx, req)
	if err != nil {
		return testDoneMsg{err: err}
	}
	var ids []string
	if req.TestCampaignMeta != nil {
		ids = req.TestCampaignMeta.IdentifierValues
	}
	var sent []api.SentTest
	if ob != nil {
		if all, err := api.SentTests(ctx, ob, after, req.DraftID); err == nil {
			sent = ownSent(all, res, ids)
		}
	}
	if len(sent) == 0 {
		sent = api.SentFromTestResult(res, ids)
	}
	return testDoneMsg{res: res, sent: sent}
}

// ownSent keeps the outbox rows of this test: its payload keys, its
// recipients.
func ownSent(all []api.SentTest, res api.TestResult, ids []string) []api.SentTest {
	var out []api.SentTest
	for _, r := range all {
		k := r.Platform + "_" + r.Locale + "_" + r.Variation
		if _, ok := res.Data[k]; ok && slices.Contains(ids, r.Recipient) {
			out = append(out, r)
		}
	}
	return out
}

// openTest opens the test dialog on this campaign's content.
func (m *Model) openTest() {
	w := m.d.work
	c := dialogs.TestContent{Channel: m.d.channel(), Platforms: forms.Platforms(w), Locales: forms.Locales(w), Variations: forms.Variations(w)}
	m.open(dialogs.NewTestSend(m.c.Styles, c, len(m.status.Unsynced) > 0, m.keys.Results))
}

// sendTest sends the test the dialog asked for: the editor's copy
// (inline) or the saved draft; the answer goes back to the dialog.
func (m *Model) sendTest(msg dialogs.SendTestMsg) tea.Cmd {
	if m.f.Tester == nil {
		return m.toDialogs(dialogs.TestAnswerMsg{Err: errors.New("Test sends are not available on this service.")})
	}
	meta := msg.Meta
	req := api.TestRequest{Channel: m.d.channel(), TestCampaignMeta: &meta}
	mode := "inline"
	if msg.Saved {
		req.DraftID, mode = m.id, "saved draft"
	} else {
		w := model.Clone(m.d.work)
		req.BasicDetails, req.CampaignContent = w.BasicDetails, w.CampaignContent
		if m.d.channel() == model.ChannelEmail {
			req.Connector = w.Connector
		}
	}
	t, out, ctx := m.f.Tester, &m.f.outbox, m.c.Context()
	return m.own(func() tea.Msg {
		msg := sendAndRead(ctx, t, out, req)
		msg.mode = mode
		return msg
	})
}

// testDone takes a test's answer: the test dialog shows the outcome per
// payload and, when it sent something, the results open on it.
func (m *Model) testDone(msg testDoneMsg) tea.Cmd {
	open := m.dialogs.Has(dialogs.TestSendID)
	var cmd tea.Cmd
	if open {
		cmd = m.toDialogs(dialogs.TestAnswerMsg{Res: msg.res, Err: msg.err})
	}
	if msg.err != nil {
		return cmd
	}
	m.lastTest = &dialogs.TestRun{At: time.Now(), Mode: msg.mode, Sent: msg.sent, Message: msg.res.Message}
	if m.f.tests == nil {
		m.f.tests = map[string]*dialogs.TestRun{}
	}
	m.f.tests[m.id] = m.lastTest
	if open {
		m.open(dialogs.NewTestResults(m.c.Styles, m.c.Keys, m.lastTest, true))
	}
	return cmd
}

// openResults reopens the last test's results (ctrl+r).
func (m *Model) openResults() {
	if m.lastTest == nil {
		m.setNotice("No test sent from this editor yet: ctrl+t sends one.", false)
		return
	}
	m.open(dialogs.NewTestResults(m.c.Styles, m.c.Keys, m.lastTest, false))
}
