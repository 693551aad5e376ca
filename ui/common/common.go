// Package common is what every screen and component of the editor shares:
// the per-session context (Common), the screen contract (Screen), the one
// keymap, the navigation messages, addressing of asynchronous answers, and
// text helpers (cleaning, widths) built on x/ansi. It imports no screen.
package common

import (
	"context"
	"io"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/themes"
)

// Writer is the core every write of a screen goes through: Core, or one
// on Client named by Service, Workspace and Profile (screens built in tests).
func (c *Common) Writer() *ops.Core {
	if c.Core == nil && c.Client != nil {
		service := c.Service
		if c.Profile != "" {
			service = "profile " + c.Profile
		}
		c.Core = ops.New(c.Client, ops.Options{Target: ops.Target{Service: service, Workspace: c.Workspace, Profile: c.Profile}})
	}
	return c.Core
}

// Common is built once per program (per SSH session) and handed to every
// screen: size, styles for this session's renderer, the keymap and the
// service.
type Common struct {
	// Width and Height are the size of the whole window.
	Width, Height int
	Styles        themes.Styles
	Keys          KeyMap
	// Client talks to the service (the embedded sandbox or a real one):
	// reads. Every write goes through Core (Writer).
	Client *api.Client
	// Core is the one core this program's writes go through (api/ops):
	// target, author, checks by state, pacing. nil: Writer builds one.
	Core *ops.Core
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
	// Highlight colours JSON for this session's renderer, cached by content.
	Highlight *Highlighter
	// Journal is the drafts kept on this computer (nil: none).
	Journal Journal

	// Local is the reader's time zone and LocalLabel names it ("your
	// time", or "server time" over SSH when the client sent no TZ); nil:
	// the machine's. Now is the clock (nil: time.Now).
	Local      *time.Location
	LocalLabel string
	Now        func() time.Time
	// Output is the terminal the program draws on (the SSH session over
	// SSH): the clipboard is written there (OSC 52). nil: no clipboard.
	Output io.Writer
	// Refresh is how often visible lists re-read on their own (0: never).
	Refresh time.Duration
	// PageWait is how long a browser page stays on show before its
	// campaigns' versions are asked for (0: the browser's default); tests
	// that run commands in line shorten it.
	PageWait time.Duration
	// IsTop reports whether s is the screen on show (nil: always).
	IsTop func(s Screen) bool
}

// Context is Ctx, or a background context when none was set (tests).
func (c *Common) Context() context.Context {
	if c.Ctx != nil {
		return c.Ctx
	}
	return context.Background()
}

// Screen is the one contract of every screen and component: a tea.Model that
// accepts its size and reports its key bindings. Typing is the focus gate:
// it reports that a text field or a dialog has the keys, so the root does not
// treat q or ? as commands. Every screen with a field or a dialog must
// answer it truthfully.
type Screen interface {
	tea.Model
	SetSize(w, h int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	Typing() bool
}

// Titled is implemented by screens that name themselves in the header.
type Titled interface{ Title() string }
