package browser

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// searchTypes are the delivery types the search route filters by.
var searchTypes = []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered, model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered, model.DeliveryAPITriggered}

var searchChannels = []string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS}

const (
	rowName = iota
	rowTags
	rowIDs
	rowStatus
	rowChannel
	rowType
	rowOptions
	rowCount
)

// filterForm edits a Filter: two text fields and rows of toggles. It is a
// small hand-made form rather than huh, so that it never shares focus with
// the editor's huh forms.
type filterForm struct {
	c        *common.Common
	name     textinput.Model
	tags     textinput.Model
	ids      textinput.Model
	status   []bool
	channels []bool
	types    []bool
	options  []bool // child campaigns, archived
	row, col int
	width    int
}

func newFilterForm(c *common.Common, f Filter, width int) *filterForm {
	ti := func(placeholder, value string) textinput.Model {
		t := textinput.New()
		t.Prompt = ""
		t.Placeholder = placeholder
		t.SetValue(value)
		t.CharLimit = 200
		t.TextStyle = c.Styles.Text
		t.PlaceholderStyle = c.Styles.Muted
		t.Cursor.Style = c.Styles.Cursor
		return t
	}
	ff := &filterForm{
		c:     c,
		name:  ti("part of a campaign name", f.Name),
		tags:  ti("comma separated", strings.Join(f.Tags, ", ")),
		ids:   ti("campaign ids, comma separated", strings.Join(f.IDs, ", ")),
		width: width,
	}
	pick := func(all, chosen []string) []bool {
		out := make([]bool, len(all))
		for i, v := range all {
			out[i] = slices.Contains(chosen, v)
		}
		return out
	}
	ff.status = pick(model.Statuses, f.Status)
	ff.channels = pick(searchChannels, f.Channels)
	ff.types = pick(searchTypes, f.Types)
	ff.options = []bool{f.Children, f.Archived}
	ff.setWidth(width)
	return ff
}

func (f *filterForm) setWidth(w int) {
	f.width = w
	f.name.Width = max(min(w-16, 60), 10)
	f.tags.Width = f.name.Width
	f.ids.Width = f.name.Width
}

func (f *filterForm) init() tea.Cmd { return f.focus() }

func (f *filterForm) focus() tea.Cmd {
	f.name.Blur()
	f.tags.Blur()
	f.ids.Blur()
	switch f.row {
	case rowName:
		return f.name.Focus()
	case rowTags:
		return f.tags.Focus()
	case rowIDs:
		return f.ids.Focus()
	}
	return nil
}

func (f *filterForm) typing() bool { return f.row == rowName || f.row == rowTags || f.row == rowIDs }

func (f *filterForm) toggles(row int) []bool {
	switch row {
	case rowStatus:
		return f.status
	case rowChannel:
		return f.channels
	case rowType:
		return f.types
	case rowOptions:
		return f.options
	}
	return nil
}

// key handles one key press: done when the form closes, apply when its
// filter is to be used.
func (f *filterForm) key(msg tea.KeyMsg) (done, apply bool, cmd tea.Cmd) {
	k := f.c.Keys
	switch msg.String() {
	case "esc":
		return true, false, nil
	case "enter":
		return true, true, nil
	case "tab", "down":
		f.row = (f.row + 1) % rowCount
		f.col = min(f.col, max(len(f.toggles(f.row))-1, 0))
		return false, false, f.focus()
	case "shift+tab", "up":
		f.row = (f.row + rowCount - 1) % rowCount
		f.col = min(f.col, max(len(f.toggles(f.row))-1, 0))
		return false, false, f.focus()
	}
	if t := f.toggles(f.row); t != nil {
		switch {
		case msg.String() == "left" || msg.String() == "h":
			f.col = max(f.col-1, 0)
		case msg.String() == "right" || msg.String() == "l":
			f.col = min(f.col+1, len(t)-1)
		case key.Matches(msg, k.Select) || msg.String() == "x":
			t[f.col] = !t[f.col]
			// The service drops archived campaigns unless asked, even when
			// ARCHIVED is a chosen state: choosing it asks.
			if f.row == rowStatus && model.Statuses[f.col] == model.StatusArchived && t[f.col] {
				f.options[1] = true
			}
		}
		return false, false, nil
	}
	return false, false, f.update(msg)
}

func (f *filterForm) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch f.row {
	case rowName:
		f.name, cmd = f.name.Update(msg)
	case rowTags:
		f.tags, cmd = f.tags.Update(msg)
	case rowIDs:
		f.ids, cmd = f.ids.Update(msg)
	}
	return cmd
}

func (f *filterForm) filter() Filter {
	chosen := func(all []string, on []bool) []string {
		var out []string
		for i, v := range all {
			if on[i] {
				out = append(out, v)
			}
		}
		return out
	}
	list := func(s string) []string {
		var out []string
		for _, t := range strings.Split(s, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
		return out
	}
	return Filter{
		Name:     strings.TrimSpace(f.name.Value()),
		Tags:     list(f.tags.Value()),
		IDs:      list(f.ids.Value()),
		Status:   chosen(model.Statuses, f.status),
		Channels: chosen(searchChannels, f.channels),
		Types:    chosen(searchTypes, f.types),
		Children: f.options[0],
		Archived: f.options[1],
	}
}

func (f *filterForm) view(w, h int) string {
	st := f.c.Styles
	label := func(row int, text string) string {
		s := st.Muted
		if row == f.row {
			s = st.Accent
		}
		return s.Render(common.Pad(text, 10))
	}
	toggleRow := func(row int, names []string, on []bool) string {
		var items []string
		for i, n := range names {
			mark := "[ ]"
			if on[i] {
				mark = "[x]"
			}
			item := mark + " " + n
			switch {
			case row == f.row && i == f.col:
				item = st.Selected.Render(">" + item)
			case on[i]:
				item = " " + st.Text.Render(item)
			default:
				item = " " + st.Muted.Render(item)
			}
			items = append(items, item)
		}
		return wrapItems(items, max(w-14, 20), strings.Repeat(" ", 12))
	}
	field := func(row int, t textinput.Model) string {
		box := "[" + t.View() + "]"
		if row == f.row {
			return st.Accent.Render("[") + t.View() + st.Accent.Render("]")
		}
		return st.Muted.Render(box[:1]) + t.View() + st.Muted.Render("]")
	}
	lines := []string{
		" " + st.Title.Render("Filter campaigns"),
		"",
		"  " + label(rowName, "Name") + field(rowName, f.name),
		"  " + label(rowTags, "Tags") + field(rowTags, f.tags),
		"  " + label(rowIDs, "IDs") + field(rowIDs, f.ids),
		"  " + label(rowStatus, "Status") + toggleRow(rowStatus, model.Statuses, f.status),
		"  " + st.Muted.Render(common.Pad("", 10)+" none chosen: every state but drafts; archived need the toggle"),
		"  " + label(rowChannel, "Channel") + toggleRow(rowChannel, searchChannels, f.channels),
		"  " + label(rowType, "Type") + toggleRow(rowType, searchTypes, f.types),
		"  " + label(rowOptions, "Include") + toggleRow(rowOptions, []string{"child campaigns", "archived campaigns"}, f.options),
		"",
		"  " + st.Muted.Render("tab/↑↓ field · ←→ choice · space toggle · enter search · esc cancel"),
	}
	return f.c.Styles.Renderer().NewStyle().MaxWidth(w).Render(strings.Join(lines, "\n"))
}

// wrapItems joins items with spaces, starting a new (indented) line when the
// next one would pass width.
func wrapItems(items []string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, it := range items {
		iw := lipgloss.Width(it)
		if i > 0 && line+1+iw > width {
			b.WriteString("\n" + indent)
			line = 0
		} else if i > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(it)
		line += iw
	}
	return b.String()
}
