package editor

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/model"
)

func fmtAny(v any) string { return fmt.Sprint(v) }

// draftDialog asks what a new draft needs before the create route is
// called: channel, a delivery type the channel allows (never
// BROADCAST_LIVE_ACTIVITY), created_by and, for Email, the connector. It is
// a small huh form, the only one active while it is open.
type draftDialog struct {
	form               *huh.Form
	channel, delivery  string
	createdBy, name    string
	connType, connName string
	err                string
	busy               bool
	sized              bool // the form's height is set
}

// draftDialogChrome is the lines the box around the form takes: borders,
// padding, title, the esc note, room for a busy or error line, and the
// line huh draws beyond the height it is given.
const draftDialogChrome = 9

func newDraftDialog(m *Model) *draftDialog {
	d := &draftDialog{channel: model.ChannelPush, delivery: model.DeliveryOneTime, connType: model.ConnectorTypes[0],
		createdBy: m.f.Author()} // the profile's author, or the last one here: enter keeps it
	// One group per channel, instead of options computed from the channel
	// (huh computes those on another goroutine, racing the form's writes).
	details := func(channel string) *huh.Group {
		fields := []huh.Field{
			huh.NewSelect[string]().Key(keyDelivery).Title("Delivery type").Options(huh.NewOptions(createTypes(channel)...)...).Value(&d.delivery),
			huh.NewInput().Title("Created by").Placeholder(m.c.Styles.Hint("you@example.com")).Value(&d.createdBy).Validate(validEmail),
			huh.NewInput().Title("Name").Placeholder(m.c.Styles.Hint("optional")).Value(&d.name),
		}
		if channel == model.ChannelEmail {
			fields = append(fields,
				huh.NewSelect[string]().Key(keyConnType).Title("Connector type").Options(huh.NewOptions(model.ConnectorTypes...)...).Value(&d.connType),
				huh.NewInput().Title("Connector name").Placeholder(m.c.Styles.Hint("e.g. main-sendgrid")).Value(&d.connName).
					Validate(func(s string) error {
						if strings.TrimSpace(s) == "" {
							return errors.New("an Email draft needs its connector")
						}
						return nil
					}))
		}
		return huh.NewGroup(fields...).WithHideFunc(func() bool { return d.channel != channel })
	}
	d.form = huh.NewForm(
		huh.NewGroup(huh.NewSelect[string]().Key(keyChannel).Title("Channel").Options(huh.NewOptions(model.ChannelPush, model.ChannelEmail)...).Value(&d.channel)),
		details(model.ChannelPush),
		details(model.ChannelEmail),
	).WithTheme(huhTheme(m.c.Styles)).WithShowHelp(true).WithKeyMap(draftKeys())
	d.resize(m)
	return d
}

// resize fits the form in the box at the editor's size, which the editor
// learns after the dialog is made (the terminal's size first, then the
// body's): a form sized once for 24 lines had its box cut at the bottom.
func (d *draftDialog) resize(m *Model) {
	d.form.WithWidth(min(70, m.dialogWidth()-6)) // inside the box: the keys' help is not wrapped
	// The Email group is taller than a 24-line window: a set height makes
	// huh scroll to the field being filled in instead of drawing it below
	// the screen. Room is left for the box, its title and two notes. Once
	// set, a height can only be changed, not taken away.
	if h := m.height - draftDialogChrome; h < 26 || d.sized {
		d.form.WithHeight(max(h, 6))
		d.sized = true
	}
}

// draftKeys are huh's keys without the lists' filter: the lists are short,
// and its "/ filter" cut the keys' help at 80 columns before "enter select".
func draftKeys() *huh.KeyMap {
	km := huh.NewDefaultKeyMap()
	km.Select.Filter.SetEnabled(false)
	return km
}

// createTypes are the delivery types a draft of the channel can be created
// with.
func createTypes(channel string) []string {
	if channel == model.ChannelEmail {
		return model.EmailCreateDeliveryTypes
	}
	return model.PushCreateDeliveryTypes
}

func validEmail(s string) error {
	s = strings.TrimSpace(s)
	if _, err := mail.ParseAddress(s); err != nil || !strings.Contains(s, "@") {
		return errors.New("enter the author's email address")
	}
	return nil
}

func (d *draftDialog) init() tea.Cmd { return d.form.Init() }

func (d *draftDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	if d.busy {
		return nil
	}
	if msg.Type == tea.KeyEsc {
		m.dialog = nil
		return m.own(func() tea.Msg { return leaveMsg{} })
	}
	if cmd, ok := d.pickKey(m, msg); ok {
		return cmd
	}
	return d.take(m, msg)
}

// take feeds the form any message (huh moves between fields with its own).
func (d *draftDialog) take(m *Model, msg tea.Msg) tea.Cmd {
	f, cmd := d.form.Update(msg)
	d.form = f.(*huh.Form)
	// Once sent, more messages (a cursor blink) find the form still
	// completed: that must not create a second draft.
	if d.form.State == huh.StateCompleted && !d.busy {
		return d.submit(m)
	}
	return cmd
}

func (d *draftDialog) submit(m *Model) tea.Cmd {
	by := strings.TrimSpace(d.createdBy)
	if err := validEmail(by); err != nil {
		d.err = "created_by: " + err.Error()
		return nil
	}
	ch, dt := d.channel, d.delivery
	body := &model.Campaign{Channel: &ch, CampaignDeliveryType: &dt, CreatedBy: &by}
	if name := strings.TrimSpace(d.name); name != "" {
		// A basic_details sent for a location- or business-event-triggered
		// draft must already hold its geofence or business event; the name
		// is then set as the first edit in the editor instead.
		if dt == model.DeliveryLocationTriggered || dt == model.DeliveryBusinessEvent {
			m.pendingName = name
		} else {
			body.BasicDetails = &model.BasicDetails{Name: &name}
		}
	}
	if ch == model.ChannelEmail {
		ct, cn := d.connType, strings.TrimSpace(d.connName)
		body.Connector = &model.Connector{ConnectorType: &ct, ConnectorName: &cn}
	}
	d.err, d.busy = "", true
	cr, au := m.f.Creator, m.f.author
	ctx := m.c.Context()
	return m.own(func() tea.Msg {
		id, err := cr.CreateDraft(ctx, body)
		if err == nil {
			au.used(by)
		}
		return createdMsg{id: id, err: err}
	})
}

// failed shows a refused create and lets the user try again.
func (d *draftDialog) failed(m *Model, err error) tea.Cmd {
	d.busy = false
	d.err = err.Error()
	// The form is finished; a fresh one keeps the answers.
	old := *d
	nd := newDraftDialog(m)
	nd.channel, nd.delivery, nd.createdBy, nd.name, nd.connType, nd.connName, nd.err = old.channel, old.delivery, old.createdBy, old.name, old.connType, old.connName, old.err
	m.dialog = nd
	return nd.init()
}

func (d *draftDialog) footer() []key.Binding {
	if f := d.form.GetFocusedField(); f != nil {
		if _, typed := f.(*huh.Input); typed {
			// A remembered author is cleared in one key (it took 22 ⌫).
			return []key.Binding{hint("enter", "next"), hint("ctrl+u", "clear"), hint("shift+tab", "back"), hint("esc", "cancel")}
		}
	}
	return []key.Binding{hint("enter", "next"), hint("shift+tab", "back"), hint("a–z", "pick"), hint("esc", "cancel")}
}

func (d *draftDialog) view(m *Model) string {
	s := m.c.Styles
	lines := []string{d.form.View()}
	if d.busy {
		lines = append(lines, s.Muted.Render("Creating…"))
	}
	if d.err != "" {
		lines = append(lines, s.Error.Render(d.err))
	}
	note := "esc: cancel"
	if f := d.form.GetFocusedField(); f != nil {
		if _, typed := f.(*huh.Input); typed {
			note = "ctrl+u: clear · esc: cancel"
		}
	}
	lines = append(lines, s.Muted.Render(note))
	// The choices made stay on screen in the title: in a short window the
	// form scrolls to the field being filled in, and the delivery type
	// chosen above went out of sight.
	title := "New draft"
	if f := d.form.GetFocusedField(); f != nil && f.GetKey() != keyChannel {
		title += " · " + d.channel
		if f.GetKey() != keyDelivery {
			title += " · " + d.delivery
		}
	}
	return m.box(title, lines...)
}
