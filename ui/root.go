// Package ui is the editor's shell: the root model that owns the screen
// stack, routes keys and messages, and draws the header, status line and
// help footer around the top page. Pages (ui/pages/...) and components
// (ui/components/...) share ui/common and never import this package.
package ui

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
	"github.com/campaigns-cli/campaigns/ui/pages/inspector"
)

// Config is what main (or the SSH server) gives New.
type Config struct {
	Client    *api.Client
	Service   string // header label: "embedded sandbox" or the base URL
	Workspace string
	// Renderer is the SSH session's renderer; nil means the default one.
	Renderer *common.Renderer
	Theme    themes.Theme
	// DataDir is where the sync journal lives.
	DataDir string
	// Editor builds the draft editor's pages (editor.Open).
	Editor *editor.Factory
	// Profile names the profile in use, in the header in ProfileColor
	// (#rrggbb or 0-255; "" for the theme's accent).
	Profile, ProfileColor string
	// Author is the person editing, sent as updated_by on every write
	// ("" for none: the service names the credential). Over SSH it is the
	// visitor's, from their authorized_keys line.
	Author string
	// ReadOnly: a read-only profile. Nothing is written: campaigns open in
	// the inspector with the reason, write actions are hidden, and no draft
	// editor is offered (leave Editor nil).
	ReadOnly bool
	// Output is the terminal drawn on, where the clipboard is written (nil:
	// no clipboard).
	Output io.Writer
	// NoMouse leaves the mouse to the terminal, so text can be selected
	// (M toggles it while running).
	NoMouse bool
	// Refresh is how often lists re-read on their own (at least
	// MinRefresh); 0 never. The command line's default is DefaultRefresh.
	Refresh time.Duration
	// Local is the reader's zone; ServerTime says it is the server's
	// (an SSH client that sent no TZ).
	Local      *time.Location
	ServerTime bool
	// Now is the clock (nil: time.Now); tests fix it.
	Now func() time.Time
}

// DefaultRefresh is how often the browser and the inspector re-read while
// on show: once a minute is far under the search and meta limits.
const DefaultRefresh = 60 * time.Second

// MinRefresh keeps a configured refresh under the service's limits.
const MinRefresh = 5 * time.Second

// root is the program's model: it owns the screen stack, the header, the
// status line and the help footer. It routes by one contract:
//   - keys and mouse go to the top screen only, and q and ? are commands
//     only while the top screen is not Typing (the focus gate);
//   - an AddressedMsg goes to the screen it names, or nowhere when that
//     screen was closed;
//   - window size and CampaignChangedMsg are broadcast to every screen;
//   - anything else goes to the top screen.
type root struct {
	c        *common.Common
	editor   *editor.Factory
	cancel   context.CancelFunc
	stack    []common.Screen
	help     help.Model
	fullHelp bool
	notice   string
	noticeEr bool
	// mouse: the program captures the mouse (wheel scrolls); off, the
	// terminal keeps it and text can be selected.
	mouse bool
	// frame is the screen drawn last, kept until a message that is not
	// inert (common.Inert) arrives: drawing is most of a key press's cost.
	frame string
}

// New builds the root model for one program (one SSH session).
func New(cfg Config) tea.Model {
	ctx, cancel := context.WithCancel(context.Background())
	c := &common.Common{
		Width: 80, Height: 24,
		Styles:    themes.New(cfg.Theme, cfg.Renderer),
		Keys:      common.DefaultKeyMap(),
		Client:    cfg.Client,
		Service:   cfg.Service,
		Workspace: cfg.Workspace,
		DataDir:   cfg.DataDir,
		Ctx:       ctx,
		Highlight: common.NewHighlighter(cfg.Renderer, cfg.Theme.Plain),
		Profile:   cfg.Profile, ProfileColor: cfg.ProfileColor,
	}
	c.Output, c.Local, c.Now = cfg.Output, cfg.Local, cfg.Now
	if cfg.ServerTime {
		c.LocalLabel = "server time"
	}
	if cfg.Refresh > 0 {
		c.Refresh = max(cfg.Refresh, MinRefresh)
	}
	r := &root{c: c, editor: cfg.Editor, cancel: cancel, help: help.New(), mouse: !cfg.NoMouse}
	c.IsTop = func(s common.Screen) bool { return r.top() == s }
	if cfg.ReadOnly {
		c.ReadOnly = "the profile " + cfg.Profile + " is read-only"
		if r.editor != nil {
			r.editor.ReadOnly = c.ReadOnly // view mode only: the Review and the preview, nothing that writes
		}
	}
	if r.editor != nil && r.editor.Drafts != nil && !cfg.ReadOnly {
		c.Journal = r.editor.Journal() // a read-only profile sends no kept edits
	}
	if cfg.Editor != nil && cfg.Editor.Core != nil {
		c.Core = cfg.Editor.Core // one core for the editor and every other screen
	} else if cfg.Client != nil {
		c.Core = ops.New(cfg.Client, ops.Options{Target: ops.Target{Service: cfg.Service, Workspace: cfg.Workspace, Profile: cfg.Profile}, Author: cfg.Author})
	}
	r.help.ShortSeparator = " · "
	r.help.Styles.ShortKey = c.Styles.Key
	r.help.Styles.FullKey = c.Styles.Key
	r.help.Styles.ShortDesc = c.Styles.Muted
	r.help.Styles.FullDesc = c.Styles.Muted
	r.help.Styles.ShortSeparator = c.Styles.Muted
	r.help.Styles.FullSeparator = c.Styles.Muted
	r.help.Styles.Ellipsis = c.Styles.Muted
	r.stack = []common.Screen{browser.New(c)}
	r.layout()
	return r
}

func (r *root) Init() tea.Cmd {
	if !r.mouse {
		return r.top().Init()
	}
	return tea.Batch(tea.EnableMouseCellMotion, r.top().Init())
}

// toggleMouse hands the mouse to the terminal (to select text) or takes it
// back.
func (r *root) toggleMouse() tea.Cmd {
	r.mouse = !r.mouse
	if r.mouse {
		return tea.Batch(tea.EnableMouseCellMotion, common.Notice("Mouse on: the wheel scrolls. M gives it back to the terminal.", false))
	}
	return tea.Batch(tea.DisableMouse, common.Notice("Mouse off: select text with it. M takes it back.", false))
}

func (r *root) top() common.Screen { return r.stack[len(r.stack)-1] }

// Body size: the window minus header, status line and footer.
func (r *root) bodySize() (int, int) {
	return r.c.Width, max(r.c.Height-3, 1)
}

func (r *root) layout() {
	w, h := r.bodySize()
	r.help.Width = w - 2
	for _, s := range r.stack {
		s.SetSize(w, h)
	}
}

// quitGuard is a screen that may hold q: GuardQuit returns nil when the
// program may quit now, or the command of the question it asks instead.
type quitGuard interface{ GuardQuit() tea.Cmd }

// letterTaker is a screen where a plain letter is text or a choice right
// now (the editor on an empty text row or a choice row): q goes to it,
// not to quit; ? still opens the help.
type letterTaker interface{ TakesLetters() bool }

func takesLetters(s common.Screen, msg tea.KeyMsg) bool {
	t, ok := s.(letterTaker)
	return ok && msg.Type == tea.KeyRunes && !msg.Alt && t.TakesLetters()
}

func (r *root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if common.Inert(msg) {
		return r, nil
	}
	r.frame = ""
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.c.Width, r.c.Height = max(msg.Width, 1), max(msg.Height, 1)
		r.layout()
		return r, nil
	case tea.KeyMsg:
		if runes, ok := r.burst(msg); ok {
			return r, r.typeEach(runes)
		}
		if key.Matches(msg, r.c.Keys.ForceQuit) {
			r.cancel()
			return r, tea.Quit
		}
		if !r.top().Typing() {
			switch {
			case r.fullHelp && (key.Matches(msg, r.c.Keys.Help) || key.Matches(msg, r.c.Keys.Back)):
				r.fullHelp = false
				return r, nil
			case key.Matches(msg, r.c.Keys.Help):
				r.fullHelp = true
				return r, nil
			case key.Matches(msg, r.c.Keys.Mouse) && !takesLetters(r.top(), msg):
				return r, r.toggleMouse()
			case key.Matches(msg, r.c.Keys.Quit) && !takesLetters(r.top(), msg):
				// A screen holding work not yet safe (the editor's unsent
				// edits) asks first, as esc does.
				if g, ok := r.top().(quitGuard); ok {
					if cmd := g.GuardQuit(); cmd != nil {
						return r, cmd
					}
				}
				r.cancel()
				return r, tea.Quit
			}
		}
		if r.fullHelp {
			return r, nil
		}
		r.notice = ""
		return r, r.updateTop(msg)
	case tea.MouseMsg:
		if r.fullHelp {
			return r, nil
		}
		return r, r.updateTop(msg)
	case common.PushMsg:
		return r, r.push(msg.Screen)
	case common.OpenInspectorMsg:
		return r, r.push(inspector.New(r.c, msg.CampaignID, msg.Version))
	case common.OpenEditorMsg:
		if r.editor == nil {
			return r, common.Notice("The draft editor is not available here.", true)
		}
		return r, r.push(r.editor.New(r.c, msg.CampaignID))
	case common.DuplicateMsg:
		return r, r.duplicate(msg.CampaignID)
	case duplicatedMsg:
		return r, r.duplicated(msg)
	case common.PopMsg:
		if len(r.stack) == 1 {
			return r, nil
		}
		var left string
		if c, ok := r.top().(interface{ CampaignID() string }); ok {
			left = c.CampaignID()
		}
		r.stack = r.stack[:len(r.stack)-1]
		return r, r.updateTop(common.FocusMsg{Left: left})
	case common.NoticeMsg:
		r.notice, r.noticeEr = msg.Text, msg.Err
		return r, nil
	case common.AddressedMsg:
		return r, r.deliver(msg)
	case common.CampaignChangedMsg:
		var cmds []tea.Cmd
		for i, s := range r.stack {
			m, cmd := s.Update(msg)
			r.stack[i] = m.(common.Screen)
			cmds = append(cmds, cmd)
		}
		return r, tea.Batch(cmds...)
	}
	return r, r.updateTop(msg)
}

func (r *root) push(s common.Screen) tea.Cmd {
	w, h := r.bodySize()
	s.SetSize(w, h)
	r.stack = append(r.stack, s)
	return s.Init()
}

// deliver hands an answer to the screen that asked, if it is still open.
// When it was left, the answer is dropped, but the outcome of an action the
// user confirmed is still told.
func (r *root) deliver(msg common.AddressedMsg) tea.Cmd {
	for i, s := range r.stack {
		if s == msg.To {
			m, cmd := s.Update(msg.Msg)
			r.stack[i] = m.(common.Screen)
			return cmd
		}
	}
	if o, ok := msg.Msg.(common.OrphanNotice); ok {
		n := o.OrphanNotice()
		r.notice, r.noticeEr = n.Text, n.Err
		return r.updateTop(common.CampaignChangedMsg{})
	}
	return nil
}

// maxBurst is the longest run of characters taken as separate key presses
// while a field has focus; longer runs are pastes and go to the field whole.
const maxBurst = 16

// burst reports a run of characters that arrived in one read (fast typing,
// tmux, an SSH link that batches keys) but stands for separate key presses.
// Bubble Tea delivers it as one KeyMsg whose String() is the text itself, so
// typing "jj" would move nothing and "up" typed into a field would match the
// up arrow and vanish.
func (r *root) burst(msg tea.KeyMsg) ([]rune, bool) {
	if msg.Type != tea.KeyRunes || msg.Paste || msg.Alt || len(msg.Runes) < 2 {
		return nil, false
	}
	if len(msg.Runes) > maxBurst && r.top().Typing() {
		return nil, false
	}
	return msg.Runes, true
}

// typeEach handles runes as one key press each, in order.
func (r *root) typeEach(runes []rune) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(runes))
	for _, c := range runes {
		k := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}
		if c == ' ' {
			k.Type = tea.KeySpace // what a lone space press is
		}
		_, cmd := r.Update(k)
		cmds = append(cmds, cmd)
	}
	return tea.Sequence(cmds...)
}

func (r *root) updateTop(msg tea.Msg) tea.Cmd {
	i := len(r.stack) - 1
	m, cmd := r.stack[i].Update(msg)
	r.stack[i] = m.(common.Screen)
	return cmd
}

func (r *root) View() string {
	if r.frame == "" {
		r.frame = r.draw()
	}
	return r.frame
}

// draw draws the screen: the header, the top screen's body, the notice and
// the keys.
func (r *root) draw() string {
	st := r.c.Styles
	w, h := r.bodySize()
	var body string
	if r.fullHelp {
		body = st.Title.Render("Keys") + "\n\n" + r.fullHelpView(r.top().FullHelp(), w-2, h-3)
		body = r.c.Styles.Renderer().NewStyle().Padding(0, 1).Render(body)
	} else {
		body = r.top().View()
	}
	status := ""
	if r.notice != "" {
		// A notice longer than the line ends in "…" so it is seen to go
		// on (the whole text is where the screen shows its details).
		text := ansi.Truncate(common.Clean(r.notice), max(w-4, 1), "…")
		if r.noticeEr {
			status = st.Error.Render("✗ " + text)
		} else {
			status = st.OK.Render("✓ " + text)
		}
	}
	var footer string
	if r.fullHelp {
		footer = r.help.ShortHelpView([]key.Binding{r.c.Keys.Help, r.c.Keys.ForceQuit})
	} else {
		footer = r.help.ShortHelpView(r.top().ShortHelp())
	}
	return common.Fit(strings.Join([]string{
		r.header(),
		common.Fit(body, w, h),
		common.Fit(" "+status, w, 1),
		common.Fit(st.Footer.Render(footer), w, 1),
	}, "\n"), r.c.Width, r.c.Height)
}

func (r *root) header() string {
	st := r.c.Styles
	left := st.Title.Render("campaigns")
	if t, ok := r.top().(common.Titled); ok && t.Title() != "" {
		left += st.Muted.Render(" › ") + st.Subtitle.Render(common.Clean(t.Title()))
	}
	right := st.HeaderKey.Render("service ") + st.Text.Render(common.Clean(r.c.Service)) +
		st.HeaderKey.Render("  workspace ") + st.Text.Render(common.Clean(r.c.Workspace))
	if r.c.Profile != "" {
		p := st.Profile(r.c.ProfileColor).Render(common.Clean(r.c.Profile))
		if r.c.ReadOnly != "" {
			p += st.Locked.Render(" read-only")
		}
		right = st.HeaderKey.Render("profile ") + p + "  " + right
	}
	gap := r.c.Width - 2 - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 2 {
		// Narrow: the service and workspace matter more than the title,
		// and one space would run a campaign name into "service".
		left = ansi.Truncate(left, max(r.c.Width-2-lipgloss.Width(right)-2, 0), "…")
		gap = r.c.Width - 2 - lipgloss.Width(left) - lipgloss.Width(right)
	}
	line := " " + left + strings.Repeat(" ", max(gap, 1)) + right
	return common.Fit(line, r.c.Width, 1)
}
