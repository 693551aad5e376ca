// Package ui is the editor's shell: the root model that routes keys and
// messages, the campaign browser and the live-campaign inspector. Every
// screen gets one shared Common and implements Screen.
package ui

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/themes"
)

// Common is built once per program (per SSH session) and handed to every
// screen: size, styles for this session's renderer, the keymap and the
// service.
type Common struct {
	// Width and Height are the size of the whole window.
	Width, Height int
	Styles        themes.Styles
	Keys          KeyMap
	// Client talks to the service (the embedded sandbox or a real one).
	Client *api.Client
	// Service is the header label: "embedded sandbox" or the base URL.
	Service   string
	Workspace string
	// DataDir is where the sync journal lives.
	DataDir string
	// Profile is the profile in use ("" for none), drawn in the header in
	// ProfileColor.
	Profile, ProfileColor string
	// ReadOnly is why nothing may be written ("" when writes are allowed):
	// a read-only profile. Screens hide their write actions and say why.
	ReadOnly string
	// Ctx is cancelled when the program ends; requests use it.
	Ctx context.Context
	// Editor opens the draft editor (Config.NewEditor); nil when there is none.
	// An empty campaignID asks the editor for a new draft.
	Editor func(c *Common, campaignID string) Screen
	// Highlight colours JSON for this session's renderer, cached by content.
	Highlight *Highlighter
}

// Screen is the one contract of every screen and component: a tea.Model that
// accepts its size and reports its key bindings. Typing reports that a text
// field has focus, so the root does not treat q or ? as commands.
type Screen interface {
	tea.Model
	SetSize(w, h int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	Typing() bool
}

// Config is what main (or the SSH server) gives New.
type Config struct {
	Client    *api.Client
	Service   string // header label: "embedded sandbox" or the base URL
	Workspace string
	// Profile names the profile in use, in the header in ProfileColor
	// (#rrggbb or 0-255; "" for the theme's accent).
	Profile, ProfileColor string
	// ReadOnly: a read-only profile. Nothing is written: campaigns open in
	// the inspector with the reason, write actions are hidden, and no draft
	// editor is offered (leave NewEditor nil).
	ReadOnly bool
	// Renderer is the SSH session's renderer; nil means the default one.
	Renderer *lipgloss.Renderer
	Theme    themes.Theme
	// DataDir is where the sync journal lives.
	DataDir string
	// NewEditor opens a campaign in the draft editor. nil: drafts open in the
	// inspector and n offers a small create dialog.
	NewEditor func(c *Common, campaignID string) Screen
}

// Nav messages: screens ask the root to move; the root owns the stack.
type (
	// PushMsg opens a screen on top of the current one.
	PushMsg struct{ Screen Screen }
	// PopMsg closes the current screen and returns to the one below.
	PopMsg struct{}
	// NoticeMsg shows a line in the status bar (Err set: as an error).
	NoticeMsg struct {
		Text string
		Err  bool
	}
	// CampaignChangedMsg tells the screens below that a campaign changed
	// (status action, publish, edit) so they re-read it.
	CampaignChangedMsg struct{ CampaignID string }
)

// Push returns a command that opens s.
func Push(s Screen) tea.Cmd { return func() tea.Msg { return PushMsg{s} } }

// Pop returns a command that closes the current screen.
func Pop() tea.Cmd { return func() tea.Msg { return PopMsg{} } }

// Notice returns a command that shows text in the status line.
func Notice(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return NoticeMsg{Text: text, Err: isErr} }
}
