package editor

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/model"
)

// The new-draft dialog's lists pick by letter as the editor's choice rows
// do (pick.go): a letter moves to the next choice it begins ("e"
// EVENT_TRIGGERED) and, when only one choice begins with it, goes on to
// the next field as enter would.

// Keys of the dialog's lists (huh field keys).
const (
	keyChannel  = "channel"
	keyDelivery = "delivery"
	keyConnType = "conn_type"
)

// pickKey handles a letter on one of the dialog's lists. ok reports a key
// it took; other letters (huh's own keys) go to the form.
func (d *draftDialog) pickKey(m *Model, msg tea.KeyMsg) (tea.Cmd, bool) {
	letter, ok := letterOf(msg)
	if !ok {
		return nil, false
	}
	f := d.form.GetFocusedField()
	if f == nil {
		return nil, false
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
		return nil, false
	}
	var match []int
	for i, o := range opts {
		if strings.HasPrefix(strings.ToLower(o), letter) {
			match = append(match, i)
		}
	}
	if len(match) == 0 {
		return nil, false
	}
	at := slices.Index(opts, cur)
	to := match[0]
	for _, i := range match { // the next one after the cursor, round
		if i > at {
			to = i
			break
		}
	}
	var cmds []tea.Cmd
	for ; at < to; at++ {
		cmds = append(cmds, d.take(m, tea.KeyMsg{Type: tea.KeyDown}))
	}
	for ; at > to; at-- {
		cmds = append(cmds, d.take(m, tea.KeyMsg{Type: tea.KeyUp}))
	}
	if len(match) == 1 {
		cmds = append(cmds, d.take(m, tea.KeyMsg{Type: tea.KeyEnter}))
	}
	return tea.Batch(cmds...), true
}
