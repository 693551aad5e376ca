package editor

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// --- the preview user: a searchable list, or any id or email ------------
//
// The list is the profiles the command line offers (the sandbox's demo
// users, or sample profiles); typing filters it by name, and a text no
// profile matches is taken as a user id, or an email when it has an @, for
// the service's preview route to look up. Choosing goes through chooseUser.

type userDialog struct {
	filter textinput.Model
	shown  []int // indexes into m.prev.users
	cur    int
}

func newUserDialog(m *Model) *userDialog {
	d := &userDialog{}
	d.filter = newInput(m.c.Styles)
	d.filter.Placeholder = "search, or type a user id or email"
	d.filter.Prompt = "/ "
	d.filter.Focus()
	d.refresh(m)
	for i, u := range d.shown {
		if u == m.prev.user {
			d.cur = i
		}
	}
	return d
}

func (d *userDialog) refresh(m *Model) {
	q := strings.ToLower(strings.TrimSpace(d.filter.Value()))
	d.shown = d.shown[:0]
	for i, u := range m.prev.users {
		if q == "" || strings.Contains(strings.ToLower(u.Name), q) || (u.Who != nil && strings.Contains(strings.ToLower(u.Who.Value), q)) {
			d.shown = append(d.shown, i)
		}
	}
	d.cur = min(d.cur, max(0, len(d.shown)-1))
}

func (d *userDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.dialog = nil
		return nil
	case tea.KeyUp:
		d.cur = max(0, d.cur-1)
		return nil
	case tea.KeyDown:
		d.cur = max(0, min(len(d.shown)-1, d.cur+1))
		return nil
	case tea.KeyTab:
		// The typed text as an id or email even when a profile matches it.
		if typed := strings.TrimSpace(d.filter.Value()); typed != "" {
			m.dialog = nil
			return m.chooseUser(typedUser(typed))
		}
		return nil
	case tea.KeyEnter:
		m.dialog = nil
		if d.cur < len(d.shown) {
			return m.chooseUser(m.prev.users[d.shown[d.cur]])
		}
		if typed := strings.TrimSpace(d.filter.Value()); typed != "" {
			return m.chooseUser(typedUser(typed))
		}
		return nil
	}
	var cmd tea.Cmd
	d.filter, cmd = d.filter.Update(msg)
	d.refresh(m)
	return cmd
}

// typedUser is a user named by what was typed: an email when it has an @,
// else a user id. The service has the profile; locally it is empty.
func typedUser(s string) PreviewUser {
	if strings.Contains(s, "@") {
		return PreviewUser{Name: s, Who: &api.UserIdentification{Type: "EMAIL", Value: s}}
	}
	return PreviewUser{Name: "user " + s, Who: &api.UserIdentification{Type: "USER_ATTRIBUTE_UNIQUE_ID", Value: s}}
}

// chooseUser makes u the preview's user (added to the list when typed).
func (m *Model) chooseUser(u PreviewUser) tea.Cmd {
	i := -1
	for j, o := range m.prev.users {
		if o.Name == u.Name && sameWho(o.Who, u.Who) {
			i = j
		}
	}
	if i < 0 {
		m.prev.users = append(m.prev.users, u)
		i = len(m.prev.users) - 1
	}
	m.prev.user = i
	return m.schedulePreview()
}

func sameWho(a, b *api.UserIdentification) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func (d *userDialog) footer() []key.Binding {
	return []key.Binding{hint("enter", "choose"), hint("tab", "use as id/email"), hint("esc", "cancel")}
}

func (d *userDialog) view(m *Model) string {
	s := m.c.Styles
	lines := []string{s.Muted.Render("The service previews for the user chosen: a profile below, or any user id or email."), d.filter.View(), ""}
	h := max(3, m.height-16)
	start := max(0, d.cur-h+1)
	for i := start; i < len(d.shown) && i < start+h; i++ {
		u := m.prev.users[d.shown[i]]
		text := common.Clean(u.Name)
		if u.Who == nil {
			text += s.Muted.Render("  local only")
		}
		if i == d.cur {
			lines = append(lines, s.Selected.Render("▸ ")+text)
		} else {
			lines = append(lines, "  "+text)
		}
	}
	if len(d.shown) == 0 {
		if typed := strings.TrimSpace(d.filter.Value()); typed != "" {
			lines = append(lines, s.Muted.Render("  no profile matches: enter asks the service for "+common.Clean(typedUser(typed).Name)))
		} else {
			lines = append(lines, s.Muted.Render("  no profiles"))
		}
	}
	// One line at 80 columns (it broke before "cancel").
	lines = append(lines, "", s.Muted.Render("enter: choose · tab: use as id/email · esc: cancel"))
	return m.box("Preview user", lines...)
}
