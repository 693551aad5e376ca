package browser

import (
	"regexp"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// searchTypes are the delivery types the search route filters by.
var searchTypes = []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered, model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered, model.DeliveryAPITriggered}

var searchChannels = []string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS}

const (
	optChildren = "child campaigns"
	optArchived = "archived campaigns"
)

// filterForm edits a Filter: a huh form of three text fields and four
// choices, in the session's theme. It is the only form while it is open (the
// root gives keys to the top screen only), so it shares focus with nothing.
// enter searches from any field and esc cancels; tab moves between fields.
type filterForm struct {
	c    *common.Common
	form *huh.Form
	w, h int

	name, tags, ids                   string
	status, channels, types, includes []string
	// last is the filter in use when the form opened fresh: ctrl+r
	// brings its text back.
	last Filter
}

// filterFormChrome is the lines around the form: title, blank, keys line.
const filterFormChrome = 4

func newFilterForm(c *common.Common, f Filter, w, h int) *filterForm {
	ff := &filterForm{
		c: c, name: f.Name, tags: strings.Join(f.Tags, ", "), ids: strings.Join(f.IDs, ", "),
		status: slices.Clone(f.Status), channels: slices.Clone(f.Channels), types: slices.Clone(f.Types),
	}
	if f.Children {
		ff.includes = append(ff.includes, optChildren)
	}
	if f.Archived {
		ff.includes = append(ff.includes, optArchived)
	}
	choice := func(title, desc string, all []string, v *[]string) huh.Field {
		return huh.NewMultiSelect[string]().Title(title).Description(desc).
			Options(huh.NewOptions(all...)...).Value(v).Filterable(false)
	}
	input := func(title, placeholder string, v *string) huh.Field {
		return huh.NewInput().Title(title).Placeholder(c.Styles.Hint(placeholder)).CharLimit(200).Value(v)
	}
	ff.form = huh.NewForm(huh.NewGroup(
		input("Name", "part of a campaign name, or a campaign id", &ff.name),
		input("Tags", "comma separated", &ff.tags),
		input("IDs", "campaign ids, comma separated", &ff.ids),
		choice("Status", "none chosen: every state but drafts; archived need the toggle", model.Statuses, &ff.status),
		choice("Channel", "", searchChannels, &ff.channels),
		choice("Type", "", searchTypes, &ff.types),
		choice("Include", "", []string{optChildren, optArchived}, &ff.includes),
	)).WithTheme(common.HuhTheme(c.Styles)).WithKeyMap(filterKeys()).WithShowHelp(false).WithShowErrors(false)
	ff.setSize(w, h)
	return ff
}

// filterKeys are huh's keys less those the browser takes: enter searches
// and esc cancels from any field, tab moves (key), quitting is the root's.
func filterKeys() *huh.KeyMap {
	km := huh.NewDefaultKeyMap()
	for _, b := range []*key.Binding{&km.Quit, &km.Input.Submit, &km.Input.Next, &km.Input.Prev,
		&km.MultiSelect.Submit, &km.MultiSelect.Next, &km.MultiSelect.Prev, &km.MultiSelect.Filter} {
		b.SetEnabled(false)
	}
	km.MultiSelect.Toggle = key.NewBinding(key.WithKeys(" ", "x"), key.WithHelp("space", "toggle"))
	return km
}

// setSize fits the form to the body; the same size again changes nothing
// (huh would lay the form out anew and lose its scroll to the focused field).
func (f *filterForm) setSize(w, h int) {
	if w == f.w && h == f.h {
		return
	}
	f.w, f.h = w, h
	f.form = f.form.WithWidth(max(min(w-4, 80), 20)).WithHeight(max(h-filterFormChrome, 6))
}

func (f *filterForm) init() tea.Cmd { return f.form.Init() }

// key handles one key press: done when the form closes, apply when its
// filter is to be used.
func (f *filterForm) key(msg tea.KeyMsg) (done, apply bool, cmd tea.Cmd) {
	_, onInput := f.form.GetFocusedField().(*huh.Input)
	switch {
	case msg.Type == tea.KeyEsc:
		return true, false, nil
	case msg.Type == tea.KeyEnter:
		return true, true, nil
	case msg.Type == tea.KeyCtrlR:
		// The last filter's text, one key away (the form opens fresh).
		last := f.last
		*f = *newFilterForm(f.c, last, f.w, f.h)
		f.last = last
		return false, false, f.form.Init()
	// Moving is done here, at once: huh's own moves arrive as later
	// messages, and keys typed meanwhile would land in the field left.
	case msg.Type == tea.KeyTab, onInput && msg.Type == tea.KeyDown:
		return false, false, f.form.NextField()
	case msg.Type == tea.KeyShiftTab, onInput && msg.Type == tea.KeyUp:
		return false, false, f.form.PrevField()
	}
	return false, false, f.update(msg)
}

// update feeds the form any message (huh moves between fields with its own).
func (f *filterForm) update(msg tea.Msg) tea.Cmd {
	m, cmd := f.form.Update(msg)
	f.form = m.(*huh.Form)
	return cmd
}

func (f *filterForm) filter() Filter {
	list := func(s string) []string {
		var out []string
		for _, t := range strings.Split(s, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
		return out
	}
	// Choices in the order the lists show them.
	ordered := func(all, chosen []string) []string {
		var out []string
		for _, v := range all {
			if slices.Contains(chosen, v) {
				out = append(out, v)
			}
		}
		return out
	}
	// A campaign id typed or pasted in any text field finds that campaign:
	// the words around it ("see 6b04… please") are not a filter.
	name, nameIDs := takeIDs(f.name)
	tags, tagIDs := takeIDs(f.tags)
	if len(nameIDs) > 0 {
		name = ""
	}
	if len(tagIDs) > 0 {
		tags = ""
	}
	flt := Filter{
		Name:     strings.TrimSpace(name),
		Tags:     list(tags),
		IDs:      append(append(list(f.ids), nameIDs...), tagIDs...),
		Status:   ordered(model.Statuses, f.status),
		Channels: ordered(searchChannels, f.channels),
		Types:    ordered(searchTypes, f.types),
		Children: slices.Contains(f.includes, optChildren),
		Archived: slices.Contains(f.includes, optArchived),
	}
	// The service drops archived campaigns unless asked, even when ARCHIVED
	// is a chosen state: choosing it asks.
	if slices.Contains(flt.Status, model.StatusArchived) {
		flt.Archived = true
	}
	return flt
}

func (f *filterForm) view() string {
	st := f.c.Styles
	keys := "tab next field · space toggle · enter search · esc cancel"
	if f.last.Name != "" || len(f.last.Tags) > 0 || len(f.last.IDs) > 0 {
		keys = "ctrl+r last filter · " + keys
	}
	return " " + st.Title.Render("Filter campaigns") + "\n\n" + f.form.View() + "\n" +
		" " + st.Muted.Render(keys)
}

// objectID is a campaign id: 24 hexadecimal digits, standing alone.
var objectID = regexp.MustCompile(`(?i)(^|[^0-9a-f])([0-9a-f]{24})($|[^0-9a-f])`)

// takeIDs takes the campaign ids out of s: what is left and the ids, in
// lower case.
func takeIDs(s string) (rest string, ids []string) {
	for {
		m := objectID.FindStringSubmatchIndex(s)
		if m == nil {
			return s, ids
		}
		ids = append(ids, strings.ToLower(s[m[4]:m[5]]))
		s = s[:m[4]] + s[m[5]:]
	}
}
