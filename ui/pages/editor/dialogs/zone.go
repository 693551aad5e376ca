package dialogs

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/components/filterlist"
)

// Zone is the time-zone search of a Zone row.
//
// Time zones keep a search of their own rather than a filtering huh.Select:
// huh redraws every matching option on each key, 7–8 ms a key over the
// ~500 IANA names against well under 1 ms here
// (BenchmarkZoneHuhSelectFilter, BenchmarkZonePickerKeystroke). The search
// also ranks cities first, takes "new york" for New_York and lets a name
// not in the list be typed (the engine then says why it is wrong), which
// huh's substring filter cannot.
type Zone struct {
	frame
	field forms.Field
	list  *filterlist.Model
}

// NewZone searches the zones for field, whose value is cur.
func NewZone(s themes.Styles, field forms.Field, cur string) *Zone {
	first := true
	filter := func(q string) []filterlist.Item {
		zones := forms.SearchZones(q, 200)
		items := make([]filterlist.Item, 0, len(zones)+1)
		if first && cur != "" && !slices.Contains(zones, cur) {
			// The first 200 zones stop in America/: a zone past them (or
			// one not in the list) is offered first rather than
			// Africa/Abidjan.
			items = append(items, filterlist.Item{Label: cur})
		}
		first = false
		for _, z := range zones {
			items = append(items, filterlist.Item{Label: z})
		}
		return items
	}
	d := &Zone{frame: frame{s: s}, field: field}
	d.list = filterlist.New(s, nil, filterlist.Options{Filter: filter, Free: true, Placeholder: "type to filter"})
	d.list.Select(cur)
	return d
}

func (d *Zone) ID() string { return "zone" }

func (d *Zone) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.list.SetSize(dialog.Width(w), max(3, h-14))
}

func (d *Zone) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	if k.Type == tea.KeyTab {
		return nil, nil // not "as typed": enter takes a name no zone matches
	}
	res, cmd := d.list.Update(k)
	switch res {
	case filterlist.Canceled:
		return dialog.Close(nil), nil
	case filterlist.Done:
		return dialog.Close(ChooseMsg{Field: d.field, Value: d.list.Values()[0]}), nil
	}
	return nil, cmd
}

func (d *Zone) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("enter", "choose"), dialog.Hint("esc", "cancel")}
}

func (d *Zone) View() string {
	return d.box(d.field.Label, d.list.View(""), "", d.s.Muted.Render("enter: choose · esc: cancel"))
}
