package common

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every binding of the program, each with its help text. Screens
// list the subset that applies to them in ShortHelp and FullHelp.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	Open, Inspect, Back, Filter, New key.Binding
	// Duplicate copies the campaign under the cursor (browser) or shown
	// (inspector) into a new draft and opens it in the editor.
	Duplicate             key.Binding
	Refresh               key.Binding
	NextPane, PrevPane    key.Binding
	Help, Quit, ForceQuit key.Binding
	// Mouse hands the mouse to the terminal (select text) and back;
	// CopyID and CopyReport put the campaign's id or a plain-text report on
	// the clipboard (OSC 52).
	Mouse, CopyID, CopyReport key.Binding

	// Browser.
	NextPage, PrevPage           key.Binding
	ToggleDrafts, ToggleChildren key.Binding
	ToggleArchived               key.Binding
	ClearFilter                  key.Binding
	// Unsynced lists the drafts with edits not yet on the service.
	Unsynced key.Binding

	// Inspector.
	Actions, Validate, Edit key.Binding
	OpenParent, ShowInTree  key.Binding
	Toggle, ExpandAll       key.Binding
	CollapseAll             key.Binding
	// Versions pane: Mark picks a version to compare, Diff compares.
	Mark, Diff key.Binding

	// Dialogs.
	Confirm, Cancel, Select key.Binding

	// Draft editor, while a name is typed and after a test send: Complete
	// takes the suggested name, OtherName chooses another, Results reopens
	// the last test's results.
	Complete, OtherName, Results key.Binding

	// Editor holds the draft editor's bindings.
	Editor EditorKeys
}

// EditorKeys are the draft editor's own bindings (it shares Up, Down,
// NextPane, PrevPane and Help with every screen).
type EditorKeys struct {
	PageUp, PageDown            key.Binding
	Edit, Done, Cancel          key.Binding
	Left, Right, Toggle         key.Binding
	NextStep, PrevStep          key.Binding
	Sync, Test, PreviewTab      key.Binding
	User, EventAttrs, Conflicts key.Binding
	Back, Step                  key.Binding
	// NextField and PrevField finish a field being typed in and go on to
	// the next (previous) one, ready to type over; Clear empties a text
	// row and types into it; Fill goes to the next field that needs a
	// value; Link keeps a push message's platforms in step or unlinks one.
	NextField, PrevField, Clear, Fill, Link key.Binding
	// UndoLink puts back what the last edit of a linked platform wrote to
	// the others.
	UndoLink key.Binding
	// AddItem adds another item to the list under the cursor (a button, a
	// filter, a slide, a goal), as its Add row does.
	AddItem key.Binding
	// Android, IOS and Web show that platform's content, keeping the
	// locale, variation and field (alt+ on a text or choice row).
	Android, IOS, Web key.Binding
	// NextSection and PrevSection go to the first field of the next
	// (previous) heading's section.
	NextSection, PrevSection key.Binding
	// Unlock edits a live campaign shown in view mode (asked once).
	Unlock key.Binding
}

// DefaultKeyMap is the one keymap of the program.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "ctrl+u"),
		PageDown: b("pgdn", "page down", "pgdown", "ctrl+d"),
		Top:      b("g", "top", "home", "g"),
		Bottom:   b("G", "bottom", "end", "G"),

		Open:      b("enter", "open", "enter"),
		Inspect:   b("i", "inspect", "i"),
		Back:      b("esc", "back", "esc"),
		Filter:    b("/", "filter", "/"),
		New:       b("n", "new draft", "n"),
		Duplicate: b("D", "duplicate", "D"),
		Refresh:   b("r", "refresh", "r"),
		NextPane:  b("tab", "next pane", "tab"),
		PrevPane:  b("shift+tab", "previous pane", "shift+tab"),
		Help:      b("?", "help", "?"),
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit", "ctrl+c"),

		Mouse:      b("M", "mouse on/off", "M"),
		CopyID:     b("y", "copy id", "y"),
		CopyReport: b("Y", "copy report", "Y"),

		NextPage:       b("]/→", "next page", "]", "right", "l"),
		PrevPage:       b("[/←", "previous page", "[", "left", "h"),
		ToggleDrafts:   b("d", "drafts", "d"),
		ToggleChildren: b("c", "child campaigns", "c"),
		ToggleArchived: b("a", "archived", "a"),
		ClearFilter:    b("x", "clear filters", "x"),
		Unsynced:       b("u", "unsynced drafts", "u"),

		Actions:     b("a", "actions", "a"),
		Validate:    b("v", "validate", "v"),
		Edit:        b("e", "edit", "e"),
		OpenParent:  b("p", "open parent", "p"),
		ShowInTree:  b("enter", "show problem in tree", "enter"),
		Toggle:      b("space", "fold/unfold", " ", "enter"),
		ExpandAll:   b("+", "unfold all", "+", "="),
		CollapseAll: b("-", "fold all", "-"),
		Mark:        b("space", "mark to compare", " "),
		Diff:        b("d", "compare", "d"),

		Complete:  b("tab", "take suggestion", "tab", "ctrl+e"),
		OtherName: b("ctrl+n/p", "other suggestion", "ctrl+n", "ctrl+p"),
		Results:   b("ctrl+r", "test results", "ctrl+r"),

		Confirm: b("y", "confirm", "y"),
		Cancel:  b("n/esc", "cancel", "n", "esc"),
		Select:  b("space", "toggle", " "),

		Editor: EditorKeys{
			PageUp:      b("pgup", "page up", "pgup"),
			PageDown:    b("pgdn", "page down", "pgdown"),
			Edit:        b("enter", "edit/choose", "enter"),
			Done:        b("enter", "done", "enter"),
			Cancel:      b("esc", "done", "esc"),
			Left:        b("←", "previous value", "left", "h"),
			Right:       b("→", "next value", "right", "l"),
			Toggle:      b("space", "toggle/cycle", " "),
			NextStep:    b("]", "next step", "]", "ctrl+n"),
			PrevStep:    b("[", "previous step", "[", "ctrl+p"),
			Sync:        b("ctrl+s", "sync now", "ctrl+s"),
			Test:        b("ctrl+t", "test send", "ctrl+t"),
			PreviewTab:  b("p", "preview tab", "p"),
			User:        b("u", "preview user", "u"),
			EventAttrs:  b("e", "event attributes", "e"),
			Conflicts:   b("c", "conflicts", "c"),
			Back:        b("esc", "leave editor", "esc"),
			Step:        b("1-8", "go to step", "1", "2", "3", "4", "5", "6", "7", "8"),
			NextField:   b("tab", "next field", "tab"),
			PrevField:   b("shift+tab", "previous field", "shift+tab"),
			Clear:       b("⌫", "clear and type", "backspace", "delete"),
			Fill:        b("n", "next to fill", "n"),
			Link:        b("space", "link/unlink platform", " "),
			UndoLink:    b("alt+z", "undo a linked write", "alt+z", "ctrl+z"), // ctrl+z never reaches a program over SSH
			AddItem:     b("+", "add another (button, filter, goal)", "+"),
			Android:     b("a", "Android content", "a"),
			IOS:         b("i", "iOS content", "i"),
			Web:         b("w", "Web content", "w"),
			NextSection: b("}", "next section", "}"),
			PrevSection: b("{", "previous section", "{"),
			Unlock:      b("E", "edit live campaign", "E"),
		},
	}
}
