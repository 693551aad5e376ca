package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/model"
)

// createForm is the small new-draft dialog used when no editor is plugged in
// (Config.NewEditor is nil): channel, delivery type, created_by, name and,
// for Email, the connector. The draft opens in the inspector once created.
type createForm struct {
	c         *Common
	channel   int // index in createChannels
	dtype     int // index in the channel's delivery types
	connType  int
	createdBy textinput.Model
	name      textinput.Model
	connName  textinput.Model
	row       int
	busy      bool
	err       string
}

var createChannels = []string{model.ChannelPush, model.ChannelEmail}

const (
	cRowChannel = iota
	cRowType
	cRowCreatedBy
	cRowName
	cRowConnType
	cRowConnName
)

// createdMsg is the answer to a create, addressed to the browser that asked.
type createdMsg struct {
	owner *Browser
	id    string
	err   error
}

func newCreateForm(c *Common) *createForm {
	ti := func(placeholder string) textinput.Model {
		t := textinput.New()
		t.Prompt = ""
		t.Placeholder = placeholder
		t.CharLimit = 200
		t.Width = 40
		t.TextStyle = c.Styles.Text
		t.PlaceholderStyle = c.Styles.Muted
		t.Cursor.Style = c.Styles.Cursor
		return t
	}
	return &createForm{
		c: c, createdBy: ti("you@example.com"), name: ti("campaign name"), connName: ti("connector name"),
		row: cRowChannel,
	}
}

func (f *createForm) init() tea.Cmd { return f.focus() }

func (f *createForm) types() []string {
	if createChannels[f.channel] == model.ChannelEmail {
		return model.EmailCreateDeliveryTypes
	}
	return model.PushCreateDeliveryTypes
}

func (f *createForm) rows() int {
	if createChannels[f.channel] == model.ChannelEmail {
		return cRowConnName + 1
	}
	return cRowName + 1
}

func (f *createForm) input() *textinput.Model {
	switch f.row {
	case cRowCreatedBy:
		return &f.createdBy
	case cRowName:
		return &f.name
	case cRowConnName:
		return &f.connName
	}
	return nil
}

func (f *createForm) focus() tea.Cmd {
	f.createdBy.Blur()
	f.name.Blur()
	f.connName.Blur()
	if in := f.input(); in != nil {
		return in.Focus()
	}
	return nil
}

func (f *createForm) typing() bool { return f.input() != nil }

func (f *createForm) shortHelp(k KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "create")),
		key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←→", "choose")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

func (f *createForm) body() *model.Campaign {
	s := func(v string) *string { return &v }
	ch := createChannels[f.channel]
	c := &model.Campaign{
		Channel:              s(ch),
		CampaignDeliveryType: s(f.types()[f.dtype]),
		CreatedBy:            s(strings.TrimSpace(f.createdBy.Value())),
	}
	if n := strings.TrimSpace(f.name.Value()); n != "" {
		c.BasicDetails = &model.BasicDetails{Name: s(n)}
	}
	if ch == model.ChannelEmail {
		c.Connector = &model.Connector{ConnectorType: s(model.ConnectorTypes[f.connType]), ConnectorName: s(strings.TrimSpace(f.connName.Value()))}
	}
	return c
}

func (f *createForm) update(msg tea.Msg) tea.Cmd {
	if in := f.input(); in != nil {
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		return cmd
	}
	return nil
}

func (b *Browser) updateCreate(msg tea.KeyMsg) tea.Cmd {
	f := b.create
	if f.busy {
		return nil
	}
	switch msg.String() {
	case "esc":
		b.create = nil
		return nil
	case "tab", "down":
		f.row = (f.row + 1) % f.rows()
		return f.focus()
	case "shift+tab", "up":
		f.row = (f.row + f.rows() - 1) % f.rows()
		return f.focus()
	case "enter":
		if strings.TrimSpace(f.createdBy.Value()) == "" {
			f.err = "created_by is required: the e-mail address of the author"
			f.row = cRowCreatedBy
			return f.focus()
		}
		f.busy, f.err = true, ""
		body, client, ctx := f.body(), b.c.Client, b.c.Ctx
		return func() tea.Msg {
			res, err := client.Create(ctx, body)
			return createdMsg{owner: b, err: err, id: res.ID}
		}
	}
	step := 0
	switch msg.String() {
	case "left":
		step = -1
	case "right", " ":
		step = 1
	}
	switch f.row {
	case cRowChannel:
		if step != 0 {
			f.channel = (f.channel + len(createChannels) + step) % len(createChannels)
			f.dtype = 0
		}
		return nil
	case cRowType:
		if step != 0 {
			f.dtype = (f.dtype + len(f.types()) + step) % len(f.types())
		}
		return nil
	case cRowConnType:
		if step != 0 {
			f.connType = (f.connType + len(model.ConnectorTypes) + step) % len(model.ConnectorTypes)
		}
		return nil
	}
	return f.update(msg)
}

func (b *Browser) created(msg createdMsg) tea.Cmd {
	f := b.create
	if f == nil {
		return nil
	}
	f.busy = false
	if msg.err != nil {
		f.err = errorText(msg.err)
		return nil
	}
	b.create = nil
	// The create answer gives the document id; the inspector reads by
	// campaign_id, which is the same for a fresh draft.
	return tea.Batch(Push(NewInspector(b.c, msg.id)), Notice("Draft created", false), b.load(b.page))
}

func (f *createForm) view(w, h int) string {
	st := f.c.Styles
	label := func(row int, text string) string {
		if row == f.row {
			return st.Accent.Render("> " + pad(text, 14))
		}
		return st.Muted.Render("  " + pad(text, 14))
	}
	choice := func(row int, v string) string {
		if row == f.row {
			return st.Selected.Render("‹ " + v + " ›")
		}
		return st.Text.Render("  " + v)
	}
	lines := []string{
		" " + st.Title.Render("New draft"), "",
		" " + label(cRowChannel, "Channel") + choice(cRowChannel, createChannels[f.channel]),
		" " + label(cRowType, "Delivery type") + choice(cRowType, f.types()[f.dtype]),
		" " + label(cRowCreatedBy, "Created by") + "  " + f.createdBy.View(),
		" " + label(cRowName, "Name") + "  " + f.name.View(),
	}
	if createChannels[f.channel] == model.ChannelEmail {
		lines = append(lines,
			" "+label(cRowConnType, "Connector")+choice(cRowConnType, model.ConnectorTypes[f.connType]),
			" "+label(cRowConnName, "Connector name")+"  "+f.connName.View())
	}
	lines = append(lines, "")
	switch {
	case f.busy:
		lines = append(lines, " "+st.Muted.Render("creating…"))
	case f.err != "":
		lines = append(lines, " "+st.Error.Render("✗ "+Clean(f.err)))
	default:
		lines = append(lines, " "+st.Muted.Render("tab/↑↓ field · ←→ choose · enter create · esc cancel"))
	}
	return strings.Join(lines, "\n")
}
