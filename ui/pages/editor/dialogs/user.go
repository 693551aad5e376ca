package dialogs

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/components/filterlist"
)

// User is one profile the preview user dialog lists.
type User struct {
	Name  string
	Who   string // the id or email the service knows it by ("" : local only)
	Local bool   // a sample profile, previewed locally only
}

// Users is the preview user: a searchable list, or any id or email.
//
// The list is the profiles the command line offers (the sandbox's demo
// users, or sample profiles); typing filters it by name, and a text no
// profile matches is taken as a user id, or an email when it has an @, for
// the service's preview route to look up.
type Users struct {
	frame
	list  *filterlist.Model
	named func(typed string) string // what a typed id or email is called
}

// NewUsers lists users, the cursor on users[cur]; named names a typed id
// or email as the preview will.
func NewUsers(s themes.Styles, users []User, cur int, named func(typed string) string) *Users {
	items := make([]filterlist.Item, len(users))
	for i, u := range users {
		items[i] = filterlist.Item{Label: common.Clean(u.Name), Value: itoa(i)}
		if u.Local {
			items[i].Detail = "local only"
		}
	}
	filter := func(q string) []filterlist.Item {
		q = strings.ToLower(strings.TrimSpace(q))
		if q == "" {
			return items
		}
		var out []filterlist.Item
		for i, u := range users {
			if strings.Contains(strings.ToLower(u.Name), q) || strings.Contains(strings.ToLower(u.Who), q) {
				out = append(out, items[i])
			}
		}
		return out
	}
	d := &Users{frame: frame{s: s}, named: named}
	d.list = filterlist.New(s, items, filterlist.Options{Filter: filter, Free: true, Placeholder: "search, or type a user id or email"})
	d.list.Select(itoa(cur))
	return d
}

func (d *Users) ID() string { return "user" }

func (d *Users) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.list.SetSize(d.inner(), max(3, h-16))
}

func (d *Users) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	typed := strings.TrimSpace(d.list.Query())
	if k.Type == tea.KeyEnter {
		// The profile under the cursor, else the text as an id or email.
		if it, ok := d.list.Current(); ok {
			return dialog.Close(UserMsg{Index: atoi(it.Value)}), nil
		}
		if typed != "" {
			return dialog.Close(UserMsg{Typed: typed}), nil
		}
		return dialog.Close(nil), nil
	}
	res, cmd := d.list.Update(k)
	switch res {
	case filterlist.Canceled:
		return dialog.Close(nil), nil
	case filterlist.Done: // tab: the typed text even when a profile matches it
		return dialog.Close(UserMsg{Typed: typed}), nil
	}
	return nil, cmd
}

func (d *Users) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("enter", "choose"), dialog.Hint("tab", "use as id/email"), dialog.Hint("esc", "cancel")}
}

func (d *Users) View() string {
	s := d.s
	empty := "no profiles"
	if typed := strings.TrimSpace(d.list.Query()); typed != "" {
		empty = "no profile matches: enter asks the service for " + common.Clean(d.named(typed))
	}
	// One line at 80 columns (it broke before "cancel").
	return d.box("Preview user",
		s.Muted.Render("The service previews for the user chosen: a profile below, or any user id or email."),
		d.list.View(empty), "", s.Muted.Render("enter: choose · tab: use as id/email · esc: cancel"))
}
