package editor

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Messages from the sync engine and the journal queue. Each command that
// yields one is addressed to the editor that asked (common.Address), so a
// late answer never reaches another screen or another campaign.
type (
	loadedMsg struct {
		base, work *model.Campaign
		status     SyncStatus
		err        error
	}
	createdMsg struct {
		id  string
		err error
	}
	// listenMsg is what the listener got: a sync event or a queued op's
	// result.
	listenMsg struct {
		ev  *StoreEvent
		res *opResult
	}
	flushedMsg     struct{ err error }
	previewTickMsg struct{ seq int }
	componentMsg   struct {
		names []string
		work  *model.Campaign
	}
	leaveMsg struct{}
)

// feed is the editor's subscription to the sync engine's events.
type feed struct {
	events      <-chan StoreEvent
	unsubscribe func()
	listening   bool
	closed      bool
}

func (m *Model) load() tea.Cmd {
	id, st := m.id, m.f.Store
	ctx := m.c.Context()
	m.d.id = id
	if m.feed.unsubscribe == nil {
		m.feed.events, m.feed.unsubscribe = st.Subscribe(id)
	}
	return tea.Batch(m.own(func() tea.Msg {
		if err := st.Load(ctx, id); err != nil {
			return loadedMsg{err: err}
		}
		return loadedMsg{base: st.Base(id), work: st.Working(id), status: st.Status(id)}
	}), m.listen())
}

// loaded takes the campaign the sync engine read.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	if msg.err != nil {
		m.loadErr = msg.err
		return nil
	}
	m.d.load(msg.base, msg.work)
	m.status = msg.status
	m.afterChange()
	var cmd tea.Cmd
	if m.pendingName != "" {
		name := m.pendingName
		m.pendingName = ""
		cmd = m.change("basic_details.name", func(c *model.Campaign) error { return forms.Set(c, "basic_details.name", name) })
	}
	if m.status.State == Conflict {
		m.openConflicts()
	}
	// The first preview renders off the UI goroutine too.
	return tea.Batch(cmd, m.refreshPreview())
}

// listen waits for the next sync event or queued op result.
func (m *Model) listen() tea.Cmd {
	if m.feed.listening {
		return nil
	}
	m.feed.listening = true
	evs, res := m.feed.events, m.d.queue.results
	return m.own(func() tea.Msg {
		select {
		case e, ok := <-evs:
			if !ok {
				return nil
			}
			return listenMsg{ev: &e}
		case r, ok := <-res:
			if !ok {
				return nil
			}
			return listenMsg{res: &r}
		}
	})
}

func (m *Model) heard(msg listenMsg) tea.Cmd {
	m.feed.listening = false
	var cmd tea.Cmd
	if !m.feed.closed {
		cmd = m.listen()
	}
	switch {
	case msg.ev != nil:
		return tea.Batch(cmd, m.storeEvent(*msg.ev))
	case msg.res != nil:
		return tea.Batch(cmd, m.opDone(*msg.res))
	}
	return cmd
}

func (m *Model) storeEvent(ev StoreEvent) tea.Cmd {
	// The feed is of this campaign; an event of another (a feed shared by
	// a store) changes nothing here.
	if ev.ID != m.id || !m.d.loaded {
		return nil
	}
	m.status = ev.Status
	if ev.Err != nil {
		m.setNotice(ev.Err.Error(), true)
	}
	if len(ev.Remote) > 0 {
		m.takeComponents(ev.Remote)
	}
	if ev.Conflict && m.dialog == nil {
		m.openConflicts()
	}
	return nil
}

func (m *Model) opDone(r opResult) tea.Cmd {
	if r.err != nil {
		m.setNotice("not saved: "+r.err.Error(), true)
	}
	if r.done != nil {
		_, cmd := m.Update(r.done)
		return cmd
	}
	return nil
}

// takeComponents copies components the service changed (no local edits)
// from the sync engine into the editor's copy, after queued edits ran.
func (m *Model) takeComponents(names []string) {
	id, st := m.id, m.f.Store
	m.d.queue.push(op{run: func() opResult {
		return opResult{done: componentMsg{names: names, work: st.Working(id)}}
	}})
}

func (m *Model) flush() tea.Cmd {
	id, st, q := m.id, m.f.Store, m.d.queue
	ctx := m.c.Context()
	m.setNotice("Syncing…", false)
	return m.own(func() tea.Msg {
		q.drain()
		return flushedMsg{err: st.Flush(ctx, id)}
	})
}

func (m *Model) flushed(msg flushedMsg) tea.Cmd {
	m.status = m.f.Store.Status(m.id)
	if msg.err != nil {
		switch {
		case m.status.State == Invalid:
			// Say what to do: the sync engine's own words only say why.
			m.setNotice("not sent: fix the problems marked invalid first (tab: problems); the edits are kept", true)
		default:
			m.setNotice("sync: "+strings.TrimPrefix(msg.err.Error(), "sync: "), true)
		}
		if m.status.State == Conflict && m.dialog == nil {
			m.openConflicts()
		}
	} else {
		m.d.base = m.f.Store.Base(m.id)
		m.setNotice("Synced.", false)
	}
	return m.schedulePreview()
}

// leave asks first when edits have not reached the service.
func (m *Model) leave() tea.Cmd {
	bye := m.own(func() tea.Msg { return leaveMsg{} })
	if !m.d.loaded || m.status.State == Synced && m.status.Unsynced == 0 {
		return bye
	}
	m.d.queue.drain()
	m.status = m.f.Store.Status(m.id)
	if m.status.Unsynced == 0 && m.status.State == Synced {
		return bye
	}
	m.dialog = newLeaveDialog(m)
	return nil
}

// left ends the editor's subscription and queue, and closes it.
func (m *Model) left() tea.Cmd {
	m.feed.closed = true
	if m.feed.unsubscribe != nil {
		m.feed.unsubscribe()
	}
	m.d.queue.close()
	m.f.track(m.d.queue, false)
	return common.Pop()
}

// syncText is the sync status in words.
func (m *Model) syncText() string {
	s := m.c.Styles
	st := m.status
	switch st.State {
	case Synced:
		if st.Unsynced > 0 {
			return s.Warning.Render("saving…")
		}
		return s.OK.Render("● synced")
	case Pending:
		n := max(st.Pending, st.Unsynced, 1)
		return s.Warning.Render(fmt.Sprintf("● %d component(s) pending", n))
	case Invalid:
		return s.Error.Render("● invalid (not sent): " + strings.Join(sortedKeys(st.Invalid), ", "))
	case Offline:
		return s.Warning.Render("● " + common.Clean(st.Text) + " (edits kept, retrying)")
	case Conflict:
		return s.Error.Render("● conflict in " + strings.Join(st.Conflicts, ", ") + " (c to resolve)")
	case RateLimited:
		return s.Warning.Render("● " + common.Clean(st.Text))
	case Failed:
		return s.Error.Render("● " + common.Clean(st.Text))
	}
	return ""
}
