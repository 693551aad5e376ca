package editor

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	list "github.com/campaigns-cli/campaigns/ui/components/picker"
)

// copyDialog is "Copy this content to…": a picker of the other platforms
// (the shared fields mapped: title, message, image, click action and
// value, key-value pairs), then every other locale × variation; several
// targets at once.
type copyDialog struct {
	from    forms.Selection
	targets []forms.Selection
	pick    *list.Model
}

func newCopyDialog(m *Model) *copyDialog {
	d := &copyDialog{from: m.sel, targets: forms.CopyTargets(m.d.work, m.sel)}
	items := make([]list.Item, len(d.targets))
	for i, t := range d.targets {
		items[i] = list.Item{Label: forms.TargetName(d.from, t)}
	}
	d.pick = list.New(m.c.Styles, items, list.Options{Multi: true, Placeholder: "type to find a locale or platform"})
	return d
}

func (d *copyDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	res, cmd := d.pick.Update(msg)
	switch res {
	case list.Canceled:
		m.dialog = nil
		return nil
	case list.Done:
		m.dialog = nil
		var to []forms.Selection
		for _, v := range d.pick.Values() {
			for _, t := range d.targets {
				if forms.TargetName(d.from, t) == v {
					to = append(to, t)
				}
			}
		}
		from := d.from
		out := m.change("", func(c *model.Campaign) error { return forms.CopyTo(c, from, to) })
		if m.notice == "" {
			m.setNotice("Copied to "+forms.Count(len(to), "target")+".", false)
		}
		return out
	}
	return cmd
}

func (d *copyDialog) footer() []key.Binding { return d.pick.Help() }

func (d *copyDialog) view(m *Model) string {
	w := m.dialogWidth() - 6
	return m.box("Copy this content to…", d.pick.View(w, max(5, m.height-12)))
}
