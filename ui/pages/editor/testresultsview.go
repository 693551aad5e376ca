package editor

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/testresults"
)

// --- what a test sent, to whom ------------------------------------------
//
// A test's answer is read into one result per recipient and platform ×
// locale × variation: on the sandbox from its outbox (the message as it was
// rendered for each recipient), on a real service from the test route's
// answer (outcome only). The results view opens on the test dialog when
// the answer comes and ctrl+r reopens the last one from the editor.

// testRun is one test send as the results view shows it.
type testRun struct {
	at      time.Time
	mode    string // "inline" or "saved draft"
	sent    []api.SentTest
	message string // the service's own words ("Test campaign processed")
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

// testDone takes a test's answer: the test dialog shows the outcome per
// payload and, when it sent something, the results view opens on it.
func (m *Model) testDone(msg testDoneMsg) {
	d, open := m.dialog.(*testDialog)
	if open {
		d.done(msg)
	}
	if msg.err != nil {
		return
	}
	m.lastTest = &testRun{at: time.Now(), mode: msg.mode, sent: msg.sent, message: msg.res.Message}
	if m.f.tests == nil {
		m.f.tests = map[string]*testRun{}
	}
	m.f.tests[m.id] = m.lastTest
	if open {
		m.dialog = newResultsView(m, m.lastTest, d)
	}
}

// openResults reopens the last test's results (ctrl+r).
func (m *Model) openResults() {
	if m.lastTest == nil {
		m.setNotice("No test sent from this editor yet: ctrl+t sends one.", false)
		return
	}
	m.dialog = newResultsView(m, m.lastTest, nil)
}

// resultsView is the results of one test, scrolled in a viewport; esc goes
// back to the test dialog it came from, or to the editor.
type resultsView struct {
	run  *testRun
	back dialog
	vp   viewport.Model
	w    int // the width the lines were drawn for
}

func newResultsView(m *Model, run *testRun, back dialog) *resultsView {
	v := &resultsView{run: run, back: back}
	v.fit(m)
	return v
}

// fit draws the results for the dialog's width (again after a resize).
func (v *resultsView) fit(m *Model) {
	w := m.dialogWidth() - 6
	v.vp.Width, v.vp.Height = w, max(3, m.height-12)
	if w != v.w {
		v.w = w
		off := v.vp.YOffset
		v.vp.SetContent(strings.Join(testresults.Lines(m.c.Styles, v.run.sent, w), "\n"))
		v.vp.SetYOffset(off)
	}
}

func (v *resultsView) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	v.fit(m)
	k := m.keys
	switch {
	case msg.Type == tea.KeyEsc, key.Matches(msg, k.Results):
		m.dialog = v.back
	case key.Matches(msg, k.Up):
		v.vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		v.vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp), msg.Type == tea.KeyPgUp:
		v.vp.PageUp()
	case key.Matches(msg, k.PageDown), msg.Type == tea.KeyPgDown, msg.Type == tea.KeySpace:
		v.vp.PageDown()
	}
	return nil
}

func (v *resultsView) footer() []key.Binding {
	back := "close"
	if v.back != nil {
		back = "back to the test"
	}
	return []key.Binding{hint("↑/↓", "scroll"), hint("pgdn", "page"), hint("esc", back)}
}

func (v *resultsView) view(m *Model) string {
	s := m.c.Styles
	head := fmt.Sprintf("%s test · %s", v.run.mode, v.run.at.Format("15:04:05"))
	if v.run.message != "" {
		head += " · " + common.Clean(v.run.message)
	}
	lines := []string{s.Muted.Render(head), v.vp.View()}
	if !v.vp.AtBottom() {
		lines = append(lines, s.Muted.Render(fmt.Sprintf("↓ more (%d%%)", int(v.vp.ScrollPercent()*100))))
	} else {
		lines = append(lines, "")
	}
	back := "esc close"
	if v.back != nil {
		back = "esc back to the test"
	}
	lines = append(lines, s.Muted.Render(back+" · ctrl+r reopens it"))
	return m.box("What the test sent", lines...)
}
