package dialogs

import (
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/components/filterlist"
)

// Copy is "Copy this content to…": the other platforms (the shared fields
// mapped: title, message, image, click action and value, key-value pairs),
// then every other locale × variation; several targets at once.
type Copy struct {
	frame
	from    forms.Selection
	targets []forms.Selection
	list    *filterlist.Model
}

// NewCopy offers the targets the content of from can be copied to.
func NewCopy(s themes.Styles, from forms.Selection, targets []forms.Selection) *Copy {
	d := &Copy{frame: frame{s: s}, from: from, targets: targets}
	items := make([]filterlist.Item, len(targets))
	for i, t := range targets {
		items[i] = filterlist.Item{Label: forms.TargetName(from, t), Value: itoa(i)}
	}
	d.list = filterlist.New(s, items, filterlist.Options{Multi: true, Placeholder: "type to find a locale or platform"})
	return d
}

func (d *Copy) ID() string { return "copy" }

func (d *Copy) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.list.SetSize(d.inner(), max(5, h-12)-2)
}

func (d *Copy) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	res, cmd := d.list.Update(k)
	switch res {
	case filterlist.Canceled:
		return dialog.Close(nil), nil
	case filterlist.Done:
		var to []forms.Selection
		for _, v := range d.list.Values() {
			to = append(to, d.targets[atoi(v)])
		}
		return dialog.Close(CopyMsg{From: d.from, To: to}), nil
	}
	return nil, cmd
}

func (d *Copy) ShortHelp() []key.Binding { return d.list.Help() }

func (d *Copy) View() string { return d.box("Copy this content to…", d.list.View("")) }

func itoa(n int) string { return strconv.Itoa(n) }

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
