package editor

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// dialog is a modal on top of the editor; one at a time gets the keys.
type dialog interface {
	update(m *Model, msg tea.KeyMsg) tea.Cmd
	view(m *Model) string
}

// footed is a dialog whose own keys the footer names instead of the
// editor's generic enter/esc.
type footed interface {
	footer() []key.Binding
}

// hint is a footer entry that no key map holds.
func hint(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}

func (m *Model) box(title string, lines ...string) string {
	s := m.c.Styles
	body := s.Title.Render(title) + "\n\n" + strings.Join(lines, "\n")
	w := m.dialogWidth()
	return lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, s.Dialog.Width(w).Render(body))
}

// --- picker: a time zone ---------------------------------------------
//
// Time zones keep their own picker rather than a filtering huh.Select: huh
// redraws every matching option on each key, 7–8 ms a key over the ~500
// IANA names against 0.35 ms here (BenchmarkZoneHuhSelectFilter,
// BenchmarkZonePickerKeystroke). The search also ranks cities first, takes
// "new york" for New_York and lets a name not in the list be typed (the
// engine then says why it is wrong), which huh's substring filter cannot.

type picker struct {
	field   forms.Field
	filter  textinput.Model
	options []string
	cur     int
	list    viewport.Model // scrolls the options to the cursor
	lines   []string       // the options as drawn (only those shown)
}

func newPicker(m *Model, f forms.Field) *picker {
	p := &picker{field: f}
	p.filter = newInput(m.c.Styles)
	p.filter.Placeholder = "type to filter"
	p.filter.Prompt = "/ "
	p.filter.Focus()
	cur := m.fieldText(f)
	p.refresh()
	if i := slices.Index(p.options, cur); i >= 0 {
		p.cur = i
	} else if cur != "" {
		// The first 200 zones stop in America/: a zone past them (or one
		// not in the list) is offered first rather than Africa/Abidjan.
		p.options = append([]string{cur}, p.options...)
	}
	p.scroll(m)
	return p
}

// scroll keeps the cursor in the list's viewport and draws the options it
// shows (only those: a key costs the same however many match).
func (p *picker) scroll(m *Model) {
	s := m.c.Styles
	h := max(3, m.height-14)
	p.list.Width, p.list.Height = m.dialogWidth(), h
	off := p.list.YOffset
	if p.cur < off {
		off = p.cur
	}
	if p.cur >= off+h {
		off = p.cur - h + 1
	}
	off = max(0, min(off, len(p.options)-h))
	lines := make([]string, len(p.options))
	for i := off; i < len(p.options) && i < off+h; i++ {
		if i == p.cur {
			lines[i] = s.Selected.Render("▸ " + p.options[i])
		} else {
			lines[i] = "  " + p.options[i]
		}
	}
	p.lines = lines
	p.list.SetContent(strings.Join(lines, "\n"))
	p.list.SetYOffset(off)
}

func (p *picker) refresh() {
	p.options = forms.SearchZones(p.filter.Value(), 200)
	p.cur = min(p.cur, max(0, len(p.options)-1))
}

func (p *picker) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.dialog = nil
		return nil
	case tea.KeyUp:
		p.cur = max(0, p.cur-1)
		p.scroll(m)
		return nil
	case tea.KeyDown:
		p.cur = max(0, min(len(p.options)-1, p.cur+1))
		p.scroll(m)
		return nil
	case tea.KeyEnter:
		m.dialog = nil
		if p.cur >= 0 && p.cur < len(p.options) {
			return m.choose(p.field, p.options[p.cur])
		}
		if p.filter.Value() != "" {
			return m.choose(p.field, p.filter.Value())
		}
		return nil
	}
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(msg)
	p.refresh()
	p.scroll(m)
	return cmd
}

func (p *picker) footer() []key.Binding {
	return []key.Binding{hint("enter", "choose"), hint("esc", "cancel")}
}

func (p *picker) view(m *Model) string {
	s := m.c.Styles
	lines := []string{p.filter.View(), ""}
	off := min(p.list.YOffset, len(p.lines))
	lines = append(lines, p.lines[off:min(off+p.list.Height, len(p.lines))]...)
	if len(p.options) == 0 {
		lines = append(lines, s.Muted.Render("  no match"))
	}
	lines = append(lines, "", s.Muted.Render("enter: choose · esc: cancel"))
	return m.box(p.field.Label, lines...)
}

// --- prompt: one line of text -------------------------------------------

type prompt struct {
	title, label string
	input        textinput.Model
	done         func(m *Model, text string) tea.Cmd
}

func newPrompt(m *Model, title, label, value string, done func(m *Model, text string) tea.Cmd) *prompt {
	p := &prompt{title: title, label: label, done: done}
	p.input = newInput(m.c.Styles)
	p.input.SetValue(value)
	p.input.Focus()
	return p
}

func (p *prompt) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.dialog = nil
		return nil
	case tea.KeyEnter:
		m.dialog = nil
		return p.done(m, p.input.Value())
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return cmd
}

func (p *prompt) footer() []key.Binding {
	return []key.Binding{hint("enter", "ok"), hint("esc", "cancel")}
}

func (p *prompt) view(m *Model) string {
	return m.box(p.title, m.c.Styles.Muted.Render(p.label), p.input.View(), "", m.c.Styles.Muted.Render("enter: ok · esc: cancel"))
}

// --- confirm: y does it, anything else keeps things as they are --------

type confirmDialog struct {
	title, text string
	yes         func(m *Model) tea.Cmd
}

func (d *confirmDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	m.dialog = nil
	if msg.String() == "y" {
		return d.yes(m)
	}
	return nil
}

func (d *confirmDialog) footer() []key.Binding {
	return []key.Binding{hint("y", "yes"), hint("esc", "no")}
}

func (d *confirmDialog) view(m *Model) string {
	s := m.c.Styles
	return m.box(d.title, s.Text.Render(d.text), "", s.Key.Render("y")+" yes   "+s.Key.Render("esc")+" no")
}

// --- leaving with unsynced edits ----------------------------------------

// leaveDialog asks before leaving (esc) or quitting (q) with edits that
// have not reached the service.
type leaveDialog struct{ quit bool }

func newLeaveDialog(m *Model) *leaveDialog { return &leaveDialog{} }

func (d *leaveDialog) done() tea.Msg {
	if d.quit {
		return tea.QuitMsg{}
	}
	return leaveMsg{}
}

func (d *leaveDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "s":
		m.dialog = nil
		if m.live() {
			return m.askSend() // a live campaign's edits go only after a look
		}
		h := m.d.h
		ctx := m.c.Context()
		return m.own(func() tea.Msg {
			if err := h.Flush(ctx); err != nil {
				return flushedMsg{err: err}
			}
			return d.done()
		})
	case "l", "q":
		m.dialog = nil
		return m.own(d.done)
	case "esc", "n":
		m.dialog = nil
	}
	return nil
}

// settled closes the dialog once the sync engine has every edit on the
// service (the debounce sent them while it was open): the reason to ask is
// gone, so the editor says so and does what was asked, leaving or quitting.
func (d *leaveDialog) settled(m *Model) tea.Cmd {
	if m.dialog != d || !m.synced() {
		return nil
	}
	m.dialog = nil
	if d.quit {
		m.setNotice("All edits synced: quitting.", false)
	} else {
		m.setNotice("All edits synced.", false)
	}
	return m.own(d.done)
}

func (d *leaveDialog) footer() []key.Binding {
	if d.quit {
		return []key.Binding{hint("s", "sync, then quit"), hint("q", "quit"), hint("esc", "stay")}
	}
	return []key.Binding{hint("s", "sync, then leave"), hint("l", "leave"), hint("esc", "stay")}
}

func (d *leaveDialog) view(m *Model) string {
	s := m.c.Styles
	title, verb, key := "Leave the editor?", "leave", "l"
	if d.quit {
		title, verb, key = "Quit campaigns?", "quit", "q"
	}
	// The sync state on a line of its own: run on, it wraps and leaves its
	// "●" alone at the end of the line above.
	return m.box(title,
		s.Warning.Render("Some edits have not reached the service:"),
		m.syncText(),
		s.Text.Render("They are kept in the local journal either way and sync when you reopen the draft."),
		"",
		s.Key.Render("s")+" sync now, then "+verb+"   "+s.Key.Render(key)+" "+verb+", keep them local   "+s.Key.Render("esc")+" stay")
}

// --- event attributes for the preview -----------------------------------

func newEventDialog(m *Model) *prompt {
	var pairs []string
	for _, k := range sortedKeys(m.prev.event) {
		pairs = append(pairs, k+"="+toString(m.prev.event[k]))
	}
	return newPrompt(m, "Event attributes", "key=value, key=value (used by {{ event.key }} in the preview)", strings.Join(pairs, ", "),
		func(m *Model, text string) tea.Cmd {
			m.prev.event = map[string]any{}
			for _, p := range strings.Split(text, ",") {
				k, v, ok := strings.Cut(p, "=")
				if k = strings.TrimSpace(k); ok && k != "" {
					m.prev.event[k] = strings.TrimSpace(v)
				}
			}
			return m.schedulePreview()
		})
}

func sortedKeys[V any](mp map[string]V) []string {
	out := make([]string, 0, len(mp))
	for k := range mp {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return common.Clean(strings.TrimSpace(strings.ReplaceAll(fmtAny(v), "\n", " ")))
}
