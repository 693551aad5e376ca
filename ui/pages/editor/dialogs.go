package editor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// The editor's side of its dialogs: it opens them on its dialog stack with
// what they show, and acts on what they answer. The dialogs themselves
// (package dialogs) never change the editor.

// open puts d on the dialog stack, over the form.
func (m *Model) open(d dialog.Dialog) { m.dialogs.Update(dialog.OpenMsg{Dialog: d}) }

// toDialogs hands msg to the top dialog and acts on its answer at once:
// the key typed after enter finds the dialog closed and its result applied.
func (m *Model) toDialogs(msg tea.Msg) tea.Cmd {
	out, cmd := m.dialogs.Update(msg)
	if out == nil {
		return cmd
	}
	return tea.Batch(cmd, m.route(out))
}

// Messages of the confirms and prompts the editor opens.
type (
	publishMsg    struct{}
	editLiveMsg   struct{}
	eventAttrsMsg struct{ text string }
	runActionMsg  struct {
		f   forms.Field
		arg string
	}
)

// answered acts on a dialog's answer; ok is false for any other message.
func (m *Model) answered(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	if cmd, ok := m.rowAnswered(msg); ok {
		return cmd, true
	}
	switch msg := msg.(type) {
	case dialogs.ChooseMsg:
		return m.choose(msg.Field, msg.Value), true
	case dialogs.UserMsg:
		if msg.Typed != "" {
			return m.chooseUser(typedUser(msg.Typed)), true
		}
		return m.chooseUser(m.prev.users[msg.Index]), true
	case dialogs.CopyMsg:
		out := m.change("", func(c *model.Campaign) error { return forms.CopyTo(c, msg.From, msg.To) })
		if m.notice == "" {
			m.setNotice("Copied to "+forms.Count(len(msg.To), "target")+".", false)
		}
		return out, true
	case dialogs.ResolveMsg:
		h := m.d.h
		return m.own(func() tea.Msg {
			return resolvedMsg{component: msg.Component, err: h.Resolve(msg.Component, msg.Choice, msg.Merged)}
		}), true
	case dialogs.LeaveMsg:
		return m.leaveAnswered(msg), true
	case dialogs.SendLiveMsg:
		if m.d.h == nil {
			return nil, true
		}
		h, ctx := m.d.h, m.c.Context()
		m.setNotice("Sending to the live campaign…", false)
		return m.own(func() tea.Msg { return flushedMsg{err: h.Send(ctx, msg.Force)} }), true
	case dialogs.SendTestMsg:
		return m.sendTest(msg), true
	case dialogs.WantResultsMsg:
		if m.lastTest != nil {
			m.open(dialogs.NewTestResults(m.c.Styles, m.c.Keys, m.lastTest, true))
		}
		return nil, true
	case dialogs.CreateMsg:
		m.pendingName = msg.Name
		cr, au, ctx := m.f.Creator, m.f.author, m.c.Context()
		return m.own(func() tea.Msg {
			id, err := cr.CreateDraft(ctx, msg.Body)
			if err == nil {
				au.used(msg.By)
			}
			return createdMsg{id: id, err: err}
		}), true
	case publishMsg:
		return m.publish(), true
	case runActionMsg:
		return m.run(msg.f, msg.arg), true
	case editLiveMsg:
		m.d.viewOnly, m.editingLive = false, true
		m.setNotice("Editing the live campaign: nothing is sent until ctrl+s, which shows the changes first.", false)
		return nil, true
	case eventAttrsMsg:
		m.prev.event = map[string]any{}
		for _, p := range strings.Split(msg.text, ",") {
			k, v, ok := strings.Cut(p, "=")
			if k = strings.TrimSpace(k); ok && k != "" {
				m.prev.event[k] = strings.TrimSpace(v)
			}
		}
		return m.schedulePreview(), true
	}
	return nil, false
}

// created takes the answer to the new draft's create: the editor opens it,
// or the dialog shows why it was refused.
func (m *Model) created(msg createdMsg) tea.Cmd {
	if msg.err != nil {
		return m.toDialogs(dialogs.CreateFailedMsg{Err: msg.err})
	}
	m.id = msg.id
	m.dialogs.Close(dialogs.NewDraftID)
	return m.load()
}

// openNewDraft asks what a new draft needs; its form starts with Init.
func (m *Model) openNewDraft() {
	d := dialogs.NewNewDraft(m.c.Styles, m.f.Author())
	m.open(d)
	m.start = d.Init()
}

func (m *Model) openUsers() {
	users := make([]dialogs.User, len(m.prev.users))
	for i, u := range m.prev.users {
		users[i] = dialogs.User{Name: u.Name, Local: u.Who == nil}
		if u.Who != nil {
			users[i].Who = u.Who.Value
		}
	}
	m.open(dialogs.NewUsers(m.c.Styles, users, m.prev.user, func(typed string) string { return typedUser(typed).Name }))
}

func (m *Model) openEventAttrs() {
	var pairs []string
	for _, k := range sortedKeys(m.prev.event) {
		pairs = append(pairs, k+"="+toString(m.prev.event[k]))
	}
	m.open(dialogs.NewPrompt(m.c.Styles, "Event attributes", "key=value, key=value (used by {{ event.key }} in the preview)", strings.Join(pairs, ", "),
		func(text string) tea.Msg { return eventAttrsMsg{text: text} }))
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return common.Clean(strings.TrimSpace(strings.ReplaceAll(fmt.Sprint(v), "\n", " ")))
}

// openZone opens the time-zone search of row f, ready to type.
func (m *Model) openZone(f forms.Field) { m.open(dialogs.NewZone(m.c.Styles, f, m.fieldText(f))) }

// confirm asks a yes or no; y answers yes.
func (m *Model) confirm(title, text string, yes tea.Msg) {
	m.open(dialogs.NewConfirm(m.c.Styles, title, text, yes))
}

// prompt asks for one line for action f, then runs it with the line.
func (m *Model) prompt(f forms.Field) tea.Cmd {
	m.open(dialogs.NewPrompt(m.c.Styles, f.Label, f.Prompt, "", func(text string) tea.Msg {
		return runActionMsg{f: f, arg: strings.TrimSpace(text)}
	}))
	return textinput.Blink
}

func sortedKeys[V any](mp map[string]V) []string {
	out := make([]string, 0, len(mp))
	for k := range mp {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
