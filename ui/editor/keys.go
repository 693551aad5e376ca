package editor

import "github.com/charmbracelet/bubbles/key"

// keyMap holds the editor's bindings, each with its help text.
type keyMap struct {
	Up, Down, PageUp, PageDown   key.Binding
	Edit, Done, Cancel           key.Binding
	Left, Right, Toggle          key.Binding
	NextStep, PrevStep           key.Binding
	NextPane, PrevPane           key.Binding
	Sync, Test, PreviewTab, User key.Binding
	EventAttrs, Back, Conflicts  key.Binding
	Step                         key.Binding
}

func newKeys() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Up:         b("↑/k", "up", "up", "k"),
		Down:       b("↓/j", "down", "down", "j"),
		PageUp:     b("pgup", "page up", "pgup"),
		PageDown:   b("pgdn", "page down", "pgdown"),
		Edit:       b("enter", "edit/choose", "enter"),
		Done:       b("enter", "done", "enter"),
		Cancel:     b("esc", "done", "esc"),
		Left:       b("←", "previous value", "left", "h"),
		Right:      b("→", "next value", "right", "l"),
		Toggle:     b("space", "toggle/cycle", " "),
		NextStep:   b("]", "next step", "]", "ctrl+n"),
		PrevStep:   b("[", "previous step", "[", "ctrl+p"),
		NextPane:   b("tab", "next pane", "tab"),
		PrevPane:   b("shift+tab", "previous pane", "shift+tab"),
		Sync:       b("ctrl+s", "sync now", "ctrl+s"),
		Test:       b("ctrl+t", "test send", "ctrl+t"),
		PreviewTab: b("p", "preview tab", "p"),
		User:       b("u", "preview user", "u"),
		EventAttrs: b("e", "event attributes", "e"),
		Conflicts:  b("c", "conflicts", "c"),
		Back:       b("esc", "leave editor", "esc"),
		Step:       b("1-8", "go to step", "1", "2", "3", "4", "5", "6", "7", "8"),
	}
}
