package editor

import (
	"errors"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// Messages from the sync engine. Each command that yields one is addressed
// to the editor that asked (common.Address), so a late answer never reaches
// another screen; the campaign id in some drops one for a campaign the
// editor no longer shows.
type (
	loadedMsg struct {
		id  string
		d   *drafts.Draft
		err error
	}
	createdMsg struct {
		id  string
		err error
	}
	// listenMsg is what the listener got: a sync event, or the end of the
	// feed it listened to.
	listenMsg struct {
		ev    *drafts.Event
		ended <-chan drafts.Event
	}
	flushedMsg     struct{ err error }
	previewTickMsg struct{}
	leaveMsg       struct{}
)

// feed is the editor's subscription to the sync engine's events of the
// campaign subID.
type feed struct {
	events      <-chan drafts.Event
	subID       string
	unsubscribe func()
	listening   bool
	closed      bool
}

func (m *Model) load() tea.Cmd {
	id, eng := m.id, m.f.Drafts
	ctx := m.c.Context()
	m.d.id = id
	if m.feed.unsubscribe != nil && m.feed.subID != id { // the campaign changed
		m.feed.unsubscribe()
		m.feed.unsubscribe = nil
	}
	if m.feed.unsubscribe == nil {
		m.feed.events, m.feed.unsubscribe = eng.Subscribe(id)
		m.feed.subID = id
	}
	return tea.Batch(m.own(func() tea.Msg {
		d, err := eng.LoadDraft(ctx, id)
		return loadedMsg{id: id, d: d, err: err}
	}), m.listen())
}

// loaded takes the draft the sync engine read (Update holds it already).
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	if msg.id != m.id {
		return nil
	}
	if msg.err != nil {
		m.loadErr = msg.err
		return nil
	}
	m.d.load(msg.d)
	m.enterView()
	m.status = msg.d.Status()
	m.afterChange()
	m.restore()
	var cmd tea.Cmd
	if m.pendingName != "" {
		name := m.pendingName
		m.pendingName = ""
		cmd = m.change("basic_details.name", func(c *model.Campaign) error { return forms.Set(c, "basic_details.name", name) })
	}
	if m.status.State == drafts.StateConflict {
		m.openConflicts()
	}
	// The first preview renders off the UI goroutine too.
	return tea.Batch(cmd, m.refreshPreview())
}

// listen waits for the next sync event.
func (m *Model) listen() tea.Cmd {
	if m.feed.listening {
		return nil
	}
	m.feed.listening = true
	evs := m.feed.events
	return m.own(func() tea.Msg {
		e, ok := <-evs
		if !ok {
			return listenMsg{ended: evs}
		}
		return listenMsg{ev: &e}
	})
}

func (m *Model) heard(msg listenMsg) tea.Cmd {
	m.feed.listening = false
	var cmd tea.Cmd
	// A closed feed is listened to no more; one replaced (another campaign)
	// leaves the new one to be listened to.
	if !m.feed.closed && (msg.ended == nil || msg.ended != m.feed.events) {
		cmd = m.listen()
	}
	if msg.ev != nil {
		return tea.Batch(cmd, m.storeEvent(*msg.ev))
	}
	return cmd
}

// storeEvent takes in what the sync engine reports about this campaign.
func (m *Model) storeEvent(ev drafts.Event) tea.Cmd {
	// The feed is of this campaign; an event of another changes nothing.
	if ev.ID != m.id || !m.d.loaded || m.d.h == nil {
		return nil
	}
	if ev.Kind == drafts.EventStatus {
		m.status = ev.Status
	} else {
		m.status = m.d.h.Status()
	}
	if ev.Kind == drafts.EventError && ev.Err != nil {
		m.setNotice(ev.Err.Error(), true)
	}
	m.d.refresh()
	var cmd tea.Cmd
	if ev.Kind == drafts.EventRemoteChange || ev.Kind == drafts.EventSynced {
		// The engine changed the working copy (a change made elsewhere, or
		// a sent unit as the service stored it): check and draw it again.
		m.afterChange()
		cmd = m.schedulePreview()
	}
	if ev.Kind == drafts.EventConflict && m.dialogs.Empty() {
		m.openConflicts()
	}
	return tea.Batch(cmd, m.syncNews())
}

// synced reports that the service has every edit.
func (m *Model) synced() bool {
	return m.status.State == drafts.StateSynced && len(m.status.Unsynced) == 0
}

func (m *Model) flush() tea.Cmd {
	d := m.d.h
	if d == nil {
		return nil
	}
	ctx := m.c.Context()
	m.setNotice("Syncing…", false)
	return m.own(func() tea.Msg { return flushedMsg{err: d.Flush(ctx)} })
}

func (m *Model) flushed(msg flushedMsg) tea.Cmd {
	if m.d.h == nil {
		return nil
	}
	m.status = m.d.h.Status()
	m.d.refresh()
	if msg.err != nil {
		switch {
		case errors.Is(msg.err, drafts.ErrConflict) && m.status.State != drafts.StateConflict:
			// The conflict was resolved while this answer was on its way (the
			// dialog opens on the engine's event, before the flush returns):
			// nothing is left to say, and "resolved" stays on the screen.
		case m.status.State == drafts.StateInvalid:
			// Say what to do: the sync engine's own words only say why.
			m.setNotice("not sent: fix the problems marked invalid first (tab: problems); the edits are kept", true)
		default:
			m.setNotice("sync: "+strings.TrimPrefix(msg.err.Error(), "sync: "), true)
		}
		if m.status.State == drafts.StateConflict && m.dialogs.Empty() {
			m.openConflicts()
		}
	} else {
		m.setNotice("Synced.", false)
	}
	return m.schedulePreview()
}

// GuardQuit holds q while edits have not reached the service: it asks, as
// esc does (defect 1: q quit at once, with unsent edits). The root calls it
// outside Update, so it holds the draft itself.
func (m *Model) GuardQuit() tea.Cmd {
	defer m.hold()()
	if !m.d.loaded || m.d.h == nil || !m.dialogs.Empty() {
		return nil
	}
	m.status = m.d.h.Status()
	if len(m.status.Unsynced) == 0 && m.status.State == drafts.StateSynced {
		return nil
	}
	m.askLeave(true)
	return func() tea.Msg { return nil }
}

// leave asks first when edits have not reached the service.
func (m *Model) leave() tea.Cmd {
	bye := m.own(func() tea.Msg { return leaveMsg{} })
	if !m.d.loaded || m.status.State == drafts.StateSynced && len(m.status.Unsynced) == 0 {
		return bye
	}
	m.status = m.d.h.Status()
	if len(m.status.Unsynced) == 0 && m.status.State == drafts.StateSynced {
		return bye
	}
	m.askLeave(false)
	return nil
}

// left ends the editor's subscription and closes it.
func (m *Model) left() tea.Cmd {
	m.feed.closed = true
	if m.feed.unsubscribe != nil {
		m.feed.unsubscribe()
	}
	return common.Pop()
}

// syncText is the sync status in words.
func (m *Model) syncText() string {
	s := m.c.Styles
	st := m.status
	switch st.State {
	case drafts.StateSynced:
		if len(st.Unsynced) > 0 {
			return s.Warning.Render("saving…")
		}
		return s.OK.Render("● synced")
	case drafts.StatePending:
		n := max(len(st.Pending), len(st.Unsynced), 1)
		if st.Live {
			return s.Warning.Render("● " + model.Count(n, "component") + " not sent (ctrl+s shows and sends)")
		}
		return s.Warning.Render("● " + model.Count(n, "component") + " pending")
	case drafts.StateInvalid:
		return s.Error.Render("● not sent (to fix: " + unitWords(sortedKeys(st.Invalid)) + ")")
	case drafts.StateOffline:
		return s.Warning.Render("● " + common.Clean(st.String()) + " (edits kept, retrying)")
	case drafts.StateConflict:
		return s.Error.Render("● conflict in " + unitWords(st.Conflicts) + " (c to resolve)")
	case drafts.StateRateLimited:
		return s.Warning.Render("● " + common.Clean(st.String()))
	case drafts.StateFailed:
		return s.Error.Render("● " + common.Clean(st.String()))
	}
	return ""
}

// unitWords names sync units (top-level components) by their labels in the
// form ("Audience, Content"), never by their JSON keys: the status line is
// read by marketers.
func unitWords(units []string) string {
	out := make([]string, 0, len(units))
	for _, u := range units {
		if l := forms.Label(u); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, ", ")
}

// askLeave asks before leaving (esc) or quitting (q) with edits that have
// not reached the service.
func (m *Model) askLeave(quit bool) {
	m.open(dialogs.NewLeave(m.c.Styles, quit, m.syncText()))
}

// leaveAnswered leaves or quits as the leave dialog was answered.
func (m *Model) leaveAnswered(msg dialogs.LeaveMsg) tea.Cmd {
	done := func() tea.Msg {
		if msg.Quit {
			return tea.QuitMsg{}
		}
		return leaveMsg{}
	}
	switch {
	case msg.Settled:
		// Every edit reached the service while it was open: the editor
		// says so and does what was asked.
		if msg.Quit {
			m.setNotice("All edits synced: quitting.", false)
		} else {
			m.setNotice("All edits synced.", false)
		}
	case msg.Sync && m.live():
		return m.askSend() // a live campaign's edits go only after a look
	case msg.Sync:
		h, ctx := m.d.h, m.c.Context()
		return m.own(func() tea.Msg {
			if err := h.Flush(ctx); err != nil {
				return flushedMsg{err: err}
			}
			return done()
		})
	}
	return m.own(done)
}

// syncNews tells the open dialog the sync status (the leave dialog closes
// once every edit is on the service).
func (m *Model) syncNews() tea.Cmd {
	if m.dialogs.Empty() {
		return nil
	}
	return m.toDialogs(dialogs.SyncMsg{Text: m.syncText(), Synced: m.synced(), Unsynced: len(m.status.Unsynced) > 0})
}

func (m *Model) openConflicts() {
	m.stopEditing()
	if m.d.h == nil {
		return
	}
	items := m.d.h.Conflicts()
	if len(items) == 0 {
		m.setNotice("No conflicts.", false)
		return
	}
	m.dialogs.Close(dialogs.ConflictID)
	m.open(dialogs.NewConflict(m.c.Styles, items))
}

type resolvedMsg struct {
	component string
	err       error
}

// resolved takes the answer to a resolution: the component as resolved.
func (m *Model) resolved(msg resolvedMsg) tea.Cmd {
	if msg.err != nil {
		m.setNotice("resolve "+msg.component+": "+msg.err.Error(), true)
		return nil
	}
	m.status = m.d.h.Status()
	m.d.refresh()
	m.setNotice("Conflict in "+msg.component+" resolved.", false)
	m.afterChange()
	cmd := m.schedulePreview()
	if m.status.State == drafts.StateConflict {
		m.openConflicts()
	} else {
		// A conflict event that came while this answer was on its way (the
		// flush that found the conflict, told late) opened the dialog again
		// on the conflict now resolved.
		m.dialogs.Close(dialogs.ConflictID)
	}
	return cmd
}
