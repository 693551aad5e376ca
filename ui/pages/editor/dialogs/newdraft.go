package dialogs

import (
	"errors"
	"net/mail"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// NewDraft asks what a new draft needs before the create route is called:
// channel, a delivery type the channel allows (never
// BROADCAST_LIVE_ACTIVITY), created_by and, for Email, the connector. It is
// a small huh form, the only one active while it is open; it answers
// CreateMsg, and esc answers LeaveMsg (there is no draft to go back to).
//
// Its lists pick by letter as the editor's choice rows do: a letter moves
// to the next choice it begins ("e" EVENT_TRIGGERED) and, when only one
// choice begins with it, goes on to the next field as enter would.
type NewDraft struct {
	frame
	form               *huh.Form
	channel, delivery  string
	createdBy, name    string
	connType, connName string
	err                string
	busy               bool
	sized              bool // the form's height is set
}

// Keys of the dialog's lists (huh field keys).
const (
	keyChannel  = "channel"
	keyDelivery = "delivery"
	keyConnType = "conn_type"
)

// draftChrome is the lines the box around the form takes: borders,
// padding, title, the esc note, room for a busy or error line, and the
// line huh draws beyond the height it is given.
const draftChrome = 9

// NewNewDraft asks for a new draft; author is the "Created by" it starts
// with (the profile's author, or the last one here: enter keeps it).
func NewNewDraft(s themes.Styles, author string) *NewDraft {
	d := &NewDraft{frame: frame{s: s}, channel: model.ChannelPush, delivery: model.DeliveryOneTime, connType: model.ConnectorTypes[0], createdBy: author}
	d.build()
	return d
}

// build makes the form over the dialog's answers (again after a refused
// create: a finished huh form takes no more keys).
func (d *NewDraft) build() {
	s := d.s
	// Each list is given the theme before its options: huh measures a list
	// as its options are set, building its own default theme anew each
	// time when none is set (a tenth of opening the dialog).
	theme := common.HuhTheme(s)
	list := func() *huh.Select[string] {
		l := huh.NewSelect[string]()
		l.WithTheme(theme)
		return l
	}
	// One group per channel, instead of options computed from the channel
	// (huh computes those on another goroutine, racing the form's writes).
	details := func(channel string) *huh.Group {
		fields := []huh.Field{
			list().Key(keyDelivery).Title("Delivery type").Options(huh.NewOptions(createTypes(channel)...)...).Value(&d.delivery),
			huh.NewInput().Title("Created by").Placeholder(s.Hint("you@example.com")).Value(&d.createdBy).Validate(validEmail),
			huh.NewInput().Title("Name").Placeholder(s.Hint("optional")).Value(&d.name),
		}
		if channel == model.ChannelEmail {
			fields = append(fields,
				list().Key(keyConnType).Title("Connector type").Options(huh.NewOptions(model.ConnectorTypes...)...).Value(&d.connType),
				huh.NewInput().Title("Connector name").Placeholder(s.Hint("e.g. main-sendgrid")).Value(&d.connName).
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
		huh.NewGroup(list().Key(keyChannel).Title("Channel").Options(huh.NewOptions(model.ChannelPush, model.ChannelEmail)...).Value(&d.channel)),
		details(model.ChannelPush),
		details(model.ChannelEmail),
	).WithTheme(theme).WithShowHelp(true).WithKeyMap(draftKeys())
	if d.w > 0 { // sized already: a form built again after a refused create
		d.sized = false
		d.SetSize(d.w, d.h)
	}
}

func (d *NewDraft) ID() string { return NewDraftID }

// Init starts the form.
func (d *NewDraft) Init() tea.Cmd { return d.form.Init() }

// SetSize fits the form in the box at the editor's size, which the editor
// learns after the dialog is made (the terminal's size first, then the
// body's): a form sized once for 24 lines had its box cut at the bottom.
func (d *NewDraft) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.form.WithWidth(min(70, dialog.Width(w)-6)) // inside the box: the keys' help is not wrapped
	// The Email group is taller than a 24-line window: a set height makes
	// huh scroll to the field being filled in instead of drawing it below
	// the screen. Room is left for the box, its title and two notes. Once
	// set, a height can only be changed, not taken away.
	if fh := h - draftChrome; fh < 26 || d.sized {
		d.form.WithHeight(max(fh, 6))
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

func (d *NewDraft) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case CreateFailedMsg:
		// Refused: the answers stay, in a fresh form, to try again.
		d.busy = false
		d.err = msg.Err.Error()
		d.build()
		return nil, d.form.Init()
	case tea.KeyMsg:
		if d.busy {
			return nil, nil
		}
		if msg.Type == tea.KeyEsc {
			return dialog.Close(LeaveMsg{}), nil
		}
		if out, cmd, ok := d.pickKey(msg); ok {
			return out, cmd
		}
	}
	return d.take(msg)
}

// take feeds the form any message (huh moves between fields with its own).
func (d *NewDraft) take(msg tea.Msg) (tea.Msg, tea.Cmd) {
	f, cmd := d.form.Update(msg)
	d.form = f.(*huh.Form)
	// Once sent, more messages (a cursor blink) find the form still
	// completed: that must not create a second draft.
	if d.form.State == huh.StateCompleted && !d.busy {
		return d.submit(), nil
	}
	return nil, cmd
}

func (d *NewDraft) submit() tea.Msg {
	by := strings.TrimSpace(d.createdBy)
	if err := validEmail(by); err != nil {
		d.err = "created_by: " + err.Error()
		return nil
	}
	ch, dt := d.channel, d.delivery
	body := &model.Campaign{Channel: &ch, CampaignDeliveryType: &dt, CreatedBy: &by}
	out := CreateMsg{Body: body, By: by}
	if name := strings.TrimSpace(d.name); name != "" {
		// A basic_details sent for a location- or business-event-triggered
		// draft must already hold its geofence or business event; the name
		// is then set as the first edit in the editor instead.
		if dt == model.DeliveryLocationTriggered || dt == model.DeliveryBusinessEvent {
			out.Name = name
		} else {
			body.BasicDetails = &model.BasicDetails{Name: &name}
		}
	}
	if ch == model.ChannelEmail {
		ct, cn := d.connType, strings.TrimSpace(d.connName)
		body.Connector = &model.Connector{ConnectorType: &ct, ConnectorName: &cn}
	}
	d.err, d.busy = "", true
	return out
}

// pickKey handles a letter on one of the dialog's lists. ok reports a key
// it took; other letters (huh's own keys) go to the form.
func (d *NewDraft) pickKey(msg tea.KeyMsg) (tea.Msg, tea.Cmd, bool) {
	letter, ok := rowform.LetterOf(msg)
	f := d.form.GetFocusedField()
	if !ok || f == nil {
		return nil, nil, false
	}
	var opts []string
	var cur string
	switch f.GetKey() {
	case keyChannel:
		opts, cur = []string{model.ChannelPush, model.ChannelEmail}, d.channel
	case keyDelivery:
		opts, cur = createTypes(d.channel), d.delivery
	case keyConnType:
		opts, cur = model.ConnectorTypes, d.connType
	default:
		return nil, nil, false
	}
	var match []int
	for i, o := range opts {
		if strings.HasPrefix(strings.ToLower(o), letter) {
			match = append(match, i)
		}
	}
	if len(match) == 0 {
		return nil, nil, false
	}
	at := slices.Index(opts, cur)
	to := match[0]
	for _, i := range match { // the next one after the cursor, round
		if i > at {
			to = i
			break
		}
	}
	var keys []tea.KeyMsg
	for ; at < to; at++ {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyDown})
	}
	for ; at > to; at-- {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyUp})
	}
	if len(match) == 1 {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyEnter})
	}
	var cmds []tea.Cmd
	for _, k := range keys {
		out, cmd := d.take(k)
		cmds = append(cmds, cmd)
		if out != nil {
			return out, tea.Batch(cmds...), true
		}
	}
	return nil, tea.Batch(cmds...), true
}

func (d *NewDraft) typing() bool {
	f := d.form.GetFocusedField()
	if f == nil {
		return false
	}
	_, typed := f.(*huh.Input)
	return typed
}

func (d *NewDraft) ShortHelp() []key.Binding {
	if d.typing() {
		// A remembered author is cleared in one key (it took 22 ⌫).
		return []key.Binding{dialog.Hint("enter", "next"), dialog.Hint("ctrl+u", "clear"), dialog.Hint("shift+tab", "back"), dialog.Hint("esc", "cancel")}
	}
	return []key.Binding{dialog.Hint("enter", "next"), dialog.Hint("shift+tab", "back"), dialog.Hint("a–z", "pick"), dialog.Hint("esc", "cancel")}
}

func (d *NewDraft) View() string {
	s := d.s
	lines := []string{d.form.View()}
	if d.busy {
		lines = append(lines, s.Muted.Render("Creating…"))
	}
	if d.err != "" {
		lines = append(lines, s.Error.Render(d.err))
	}
	note := "esc: cancel"
	if d.typing() {
		note = "ctrl+u: clear · esc: cancel"
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
	return d.box(title, lines...)
}
