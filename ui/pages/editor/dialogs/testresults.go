package dialogs

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/components/testresults"
)

// TestRun is one test send as the results show it.
type TestRun struct {
	At      time.Time
	Mode    string // "inline" or "saved draft"
	Sent    []api.SentTest
	Message string // the service's own words ("Test campaign processed")
}

// TestResults is what one test sent, to whom, scrolled in a viewport; esc
// goes back to what is under it (the test dialog it came from, or the
// editor).
type TestResults struct {
	frame
	run  *TestRun
	back bool // opened on the test dialog
	keys common.KeyMap
	vp   viewport.Model
	drew int // the width the lines were drawn for
}

// NewTestResults shows run; back: it opens on the test dialog.
func NewTestResults(s themes.Styles, keys common.KeyMap, run *TestRun, back bool) *TestResults {
	return &TestResults{frame: frame{s: s}, run: run, back: back, keys: keys}
}

func (v *TestResults) ID() string { return "test-results" }

// SetSize draws the results for the dialog's width (again after a resize).
func (v *TestResults) SetSize(w, h int) {
	v.frame.SetSize(w, h)
	iw := v.inner()
	v.vp.Width, v.vp.Height = iw, max(3, h-12)
	if iw != v.drew {
		v.drew = iw
		v.vp.SetContent(strings.Join(testresults.Lines(v.s, v.run.Sent, iw), "\n"))
	}
}

func (v *TestResults) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	switch {
	case k.Type == tea.KeyEsc, key.Matches(k, v.keys.Results):
		return dialog.Close(nil), nil
	case key.Matches(k, v.keys.Up):
		v.vp.ScrollUp(1)
	case key.Matches(k, v.keys.Down):
		v.vp.ScrollDown(1)
	case key.Matches(k, v.keys.Editor.PageUp), k.Type == tea.KeyPgUp:
		v.vp.PageUp()
	case key.Matches(k, v.keys.Editor.PageDown), k.Type == tea.KeyPgDown, k.Type == tea.KeySpace:
		v.vp.PageDown()
	}
	return nil, nil
}

func (v *TestResults) ShortHelp() []key.Binding {
	back := "close"
	if v.back {
		back = "back to the test"
	}
	return []key.Binding{dialog.Hint("↑/↓", "scroll"), dialog.Hint("pgdn", "page"), dialog.Hint("esc", back)}
}

func (v *TestResults) View() string {
	s := v.s
	head := fmt.Sprintf("%s test · %s", v.run.Mode, v.run.At.Format("15:04:05"))
	if v.run.Message != "" {
		head += " · " + common.Clean(v.run.Message)
	}
	lines := []string{s.Muted.Render(head), v.vp.View()}
	if !v.vp.AtBottom() {
		lines = append(lines, s.Muted.Render(fmt.Sprintf("↓ more (%d%%)", int(v.vp.ScrollPercent()*100))))
	} else {
		lines = append(lines, "")
	}
	back := "esc close"
	if v.back {
		back = "esc back to the test"
	}
	lines = append(lines, s.Muted.Render(back+" · ctrl+r reopens it"))
	return v.box("What the test sent", lines...)
}
