package common

import tea "github.com/charmbracelet/bubbletea"

// Navigation messages: screens ask the root to move; the root owns the stack
// and builds the pages, so no page imports another.
type (
	// PushMsg opens a screen on top of the current one.
	PushMsg struct{ Screen Screen }
	// PopMsg closes the current screen and returns to the one below.
	PopMsg struct{}
	// OpenInspectorMsg opens the inspector on a campaign. Version is the
	// version of the list row it was opened from (nil: none), so the
	// inspector can say when the service shows a newer one.
	OpenInspectorMsg struct {
		CampaignID string
		Version    *int64
	}
	// OpenEditorMsg opens the draft editor on a campaign; an empty
	// CampaignID asks for a new draft.
	OpenEditorMsg struct{ CampaignID string }
	// DuplicateMsg copies a campaign into a new draft and opens it.
	DuplicateMsg struct{ CampaignID string }
	// NoticeMsg shows a line in the status bar (Err set: as an error).
	NoticeMsg struct {
		Text string
		Err  bool
	}
	// FocusMsg is sent to a screen when it becomes the top screen again.
	// Left names the campaign of the screen just closed ("" for none): the
	// screen below puts its cursor there.
	FocusMsg struct{ Left string }
	// CampaignChangedMsg tells every screen that a campaign changed (status
	// action, publish, edit) so they re-read it. It is broadcast.
	CampaignChangedMsg struct{ CampaignID string }
)

func (PushMsg) forRoot()            {}
func (PopMsg) forRoot()             {}
func (OpenInspectorMsg) forRoot()   {}
func (OpenEditorMsg) forRoot()      {}
func (DuplicateMsg) forRoot()       {}
func (NoticeMsg) forRoot()          {}
func (CampaignChangedMsg) forRoot() {}

// Push returns a command that opens s.
func Push(s Screen) tea.Cmd { return func() tea.Msg { return PushMsg{s} } }

// Pop returns a command that closes the current screen.
func Pop() tea.Cmd { return func() tea.Msg { return PopMsg{} } }

// OpenInspector returns a command that opens the inspector on id.
func OpenInspector(id string, version *int64) tea.Cmd {
	return func() tea.Msg { return OpenInspectorMsg{CampaignID: id, Version: version} }
}

// Duplicate returns a command that asks the root to copy campaign id into
// a new draft and open it in the editor.
func Duplicate(id string) tea.Cmd {
	return func() tea.Msg { return DuplicateMsg{CampaignID: id} }
}

// OpenEditor returns a command that opens the editor on id ("": a new draft).
func OpenEditor(id string) tea.Cmd {
	return func() tea.Msg { return OpenEditorMsg{CampaignID: id} }
}

// Notice returns a command that shows text in the status line.
func Notice(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return NoticeMsg{Text: text, Err: isErr} }
}

// CampaignChanged returns a command that tells every screen id changed.
func CampaignChanged(id string) tea.Cmd {
	return func() tea.Msg { return CampaignChangedMsg{CampaignID: id} }
}
