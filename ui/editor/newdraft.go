package editor

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"campaigns/model"
)

func fmtAny(v any) string { return fmt.Sprint(v) }

// draftDialog asks what a new draft needs before the create route is
// called: channel, a delivery type the channel allows (never
// BROADCAST_LIVE_ACTIVITY), created_by and, for Email, the connector.
type draftDialog struct {
	channel, delivery, connType int
	inputs                      map[string]*textinput.Model
	row                         int
	err                         string
	busy                        bool
}

var channels = []string{model.ChannelPush, model.ChannelEmail}

func newDraftDialog(m *Model) *draftDialog {
	d := &draftDialog{inputs: map[string]*textinput.Model{}}
	for _, k := range []string{"created_by", "name", "connector_name"} {
		ti := textinput.New()
		ti.Prompt = ""
		d.inputs[k] = &ti
	}
	d.inputs["created_by"].Placeholder = "you@example.com"
	d.inputs["name"].Placeholder = "optional"
	d.inputs["connector_name"].Placeholder = "e.g. main-sendgrid"
	return d
}

func (d *draftDialog) deliveryTypes() []string {
	if channels[d.channel] == model.ChannelEmail {
		return model.EmailCreateDeliveryTypes
	}
	return model.PushCreateDeliveryTypes
}

// rows lists the dialog's rows for the chosen channel.
func (d *draftDialog) rows() []string {
	r := []string{"channel", "delivery", "created_by", "name"}
	if channels[d.channel] == model.ChannelEmail {
		r = append(r, "connector_type", "connector_name")
	}
	return append(r, "create")
}

func (d *draftDialog) focus() tea.Cmd {
	for _, ti := range d.inputs {
		ti.Blur()
	}
	if ti := d.inputs[d.rows()[d.row]]; ti != nil {
		return ti.Focus()
	}
	return nil
}

func (d *draftDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	if d.busy {
		return nil
	}
	rows := d.rows()
	row := rows[d.row]
	cycle := func(i *int, n, step int) { *i = ((*i+step)%n + n) % n }
	switch msg.Type {
	case tea.KeyEsc:
		m.dialog = nil
		return func() tea.Msg { return leaveMsg{} }
	case tea.KeyUp, tea.KeyShiftTab:
		d.row = max(0, d.row-1)
		return d.focus()
	case tea.KeyDown, tea.KeyTab:
		d.row = min(len(rows)-1, d.row+1)
		return d.focus()
	case tea.KeyLeft, tea.KeyRight:
		step := 1
		if msg.Type == tea.KeyLeft {
			step = -1
		}
		switch row {
		case "channel":
			cycle(&d.channel, len(channels), step)
			d.delivery = 0
			return nil
		case "delivery":
			cycle(&d.delivery, len(d.deliveryTypes()), step)
			return nil
		case "connector_type":
			cycle(&d.connType, len(model.ConnectorTypes), step)
			return nil
		}
	case tea.KeyEnter:
		if row != "create" {
			d.row = min(len(rows)-1, d.row+1)
			return d.focus()
		}
		return d.submit(m)
	}
	if ti := d.inputs[row]; ti != nil {
		var cmd tea.Cmd
		*ti, cmd = ti.Update(msg)
		return cmd
	}
	return nil
}

func (d *draftDialog) submit(m *Model) tea.Cmd {
	by := strings.TrimSpace(d.inputs["created_by"].Value())
	if _, err := mail.ParseAddress(by); err != nil || !strings.Contains(by, "@") {
		d.err = "created_by: enter the email address of the author."
		return nil
	}
	ch, dt := channels[d.channel], d.deliveryTypes()[d.delivery]
	body := &model.Campaign{Channel: &ch, CampaignDeliveryType: &dt, CreatedBy: &by}
	if name := strings.TrimSpace(d.inputs["name"].Value()); name != "" {
		body.BasicDetails = &model.BasicDetails{Name: &name}
	}
	if ch == model.ChannelEmail {
		cn := strings.TrimSpace(d.inputs["connector_name"].Value())
		if cn == "" {
			d.err = "connector.connector_name: an Email draft needs its connector."
			return nil
		}
		ct := model.ConnectorTypes[d.connType]
		body.Connector = &model.Connector{ConnectorType: &ct, ConnectorName: &cn}
	}
	d.err, d.busy = "", true
	cr := m.f.Creator
	ctx := m.ctx()
	return func() tea.Msg {
		id, err := cr.CreateDraft(ctx, body)
		return createdMsg{id: id, err: err}
	}
}

func (d *draftDialog) view(m *Model) string {
	s := m.c.Styles
	var lines []string
	for i, r := range d.rows() {
		var label, val string
		switch r {
		case "channel":
			label, val = "Channel", "‹ "+channels[d.channel]+" ›"
		case "delivery":
			label, val = "Delivery type", "‹ "+d.deliveryTypes()[d.delivery]+" ›"
		case "created_by":
			label, val = "Created by", d.inputs[r].View()
		case "name":
			label, val = "Name", d.inputs[r].View()
		case "connector_type":
			label, val = "Connector type", "‹ "+model.ConnectorTypes[d.connType]+" ›"
		case "connector_name":
			label, val = "Connector name", d.inputs[r].View()
		case "create":
			label = "[ Create draft ]"
		}
		line := fmt.Sprintf("%-16s %s", label, val)
		if i == d.row {
			line = s.Selected.Render("▸ " + line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	lines = append(lines, "")
	if d.busy {
		lines = append(lines, s.Muted.Render("Creating…"))
	}
	if d.err != "" {
		lines = append(lines, s.Error.Render(d.err))
	}
	lines = append(lines, s.Muted.Render("↑/↓ move · ←/→ choose · enter next/create · esc cancel"))
	return m.box("New draft", lines...)
}

var _ = slices.Contains[[]string]
