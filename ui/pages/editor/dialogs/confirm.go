package dialogs

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// Confirm asks a yes or no: y answers Yes, any other key closes it.
type Confirm struct {
	frame
	title, text string
	yes         tea.Msg
}

// NewConfirm asks text under title; y answers yes.
func NewConfirm(s themes.Styles, title, text string, yes tea.Msg) *Confirm {
	return &Confirm{frame: frame{s: s}, title: title, text: text, yes: yes}
}

func (d *Confirm) ID() string { return "confirm" }

func (d *Confirm) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	switch {
	case !ok:
		return nil, nil
	case k.String() == "y":
		return dialog.Close(d.yes), nil
	}
	return dialog.Close(nil), nil
}

func (d *Confirm) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("y", "yes"), dialog.Hint("esc", "no")}
}

func (d *Confirm) View() string {
	s := d.s
	return d.box(d.title, s.Text.Render(d.text), "", s.Key.Render("y")+" yes   "+s.Key.Render("esc")+" no")
}

// Prompt asks for one line of text; enter answers done(text).
type Prompt struct {
	frame
	title, label string
	input        textinput.Model
	done         func(text string) tea.Msg
}

// NewPrompt asks for a line under title, starting from value.
func NewPrompt(s themes.Styles, title, label, value string, done func(text string) tea.Msg) *Prompt {
	p := &Prompt{frame: frame{s: s}, title: title, label: label, done: done}
	p.input = newInput(s)
	p.input.SetValue(value)
	p.input.Focus()
	return p
}

func (p *Prompt) ID() string { return "prompt" }

func (p *Prompt) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch k.Type {
		case tea.KeyEsc:
			return dialog.Close(nil), nil
		case tea.KeyEnter:
			return dialog.Close(p.done(p.input.Value())), nil
		}
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return nil, cmd
}

func (p *Prompt) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("enter", "ok"), dialog.Hint("esc", "cancel")}
}

func (p *Prompt) View() string {
	return p.box(p.title, p.s.Muted.Render(p.label), p.input.View(), "", p.s.Muted.Render("enter: ok · esc: cancel"))
}
