// Package uitest holds what the screens' tests share: one golden helper on
// x/exp/golden, waiting on teatest.WaitFor, named key presses, a Common for
// screens driven directly, and made-up rows. It is linked into tests only
// (the import-rule test checks that no program package imports it). The real
// sandbox the flows run against is api/sandbox/sandboxtest: nothing under ui/
// imports the sandbox.
package uitest

import (
	"context"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// objectIDs hides the ObjectIds the sandbox makes up, so goldens stay
// stable; one may follow a colour (…195m69cd…), where \b sees no boundary.
var objectIDs = regexp.MustCompile(`(\x1b\[[0-9;]*m|\b)[0-9a-f]{24}\b`)

// Golden compares got, colours and all, with
// testdata/<TestName>/<name>.golden beside the package being tested
// (x/exp/golden, which shows escape sequences as text in a diff; -update
// rewrites the files). Sandbox ObjectIds are masked. Draw got with
// ColourRenderer (or a Common from StyledCommon) so a change of colour
// alone fails.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	got = objectIDs.ReplaceAllString(got, "${1}<objectid··············>")
	if name == "" { // a subtest is named already: testdata/<Test>/<subtest>.golden
		golden.RequireEqual(t, got)
		return
	}
	golden.RequireEqual(named{t, t.Name() + "/" + name}, got)
}

// named is t under another name: golden.RequireEqual reads
// testdata/<Name()>.golden, relative to the package being tested.
type named struct {
	testing.TB
	name string
}

func (n named) Name() string { return n.name }

// Plain draws without colour whatever terminal runs the tests: the
// default renderer's output is compared as text. Call it from TestMain.
func Plain() {
	lipgloss.SetColorProfile(termenv.Ascii)
	lipgloss.SetHasDarkBackground(true)
}

// Main runs a package's tests with the default renderer plain (Plain):
// func TestMain(m *testing.M) { uitest.Main(m) }.
func Main(m *testing.M) {
	Plain()
	os.Exit(m.Run())
}

// ColourRenderer draws in 256 colours on a dark background whatever
// terminal runs the tests: goldens keep their colours, so a change of
// colour alone fails them.
func ColourRenderer() *common.Renderer {
	r := common.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	r.SetHasDarkBackground(true)
	return r
}

// StyledCommon is Common in the default theme's colours (ColourRenderer):
// for goldens.
func StyledCommon(w, h int) *common.Common {
	c := Common(w, h)
	c.Styles = themes.New(themes.Default(), ColourRenderer())
	return c
}

// PlainStyles are the plain theme's styles without colour, whatever
// terminal runs the tests: views compared as text.
func PlainStyles() themes.Styles {
	r := common.NewRenderer(os.Stdout)
	r.SetColorProfile(termenv.Ascii)
	return themes.New(themes.Plain(), r)
}

// Common is a Common for screens driven directly (no program, no service).
func Common(w, h int) *common.Common {
	return &common.Common{
		Width: w, Height: h,
		Styles:    PlainStyles(),
		Keys:      common.DefaultKeyMap(),
		Service:   "test",
		Workspace: "TEST",
		Ctx:       context.Background(),
		Highlight: common.NewHighlighter(nil, true),
		Now:       func() time.Time { return Now },
		Local:     time.UTC,
	}
}

// Now is the clock of every screen a test builds with Common: what depends
// on the time (a send window past or ahead) reads the same on any day.
var Now = time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)

// Clock is Now as a clock (ui.Config.Now).
func Clock() time.Time { return Now }

// Key is the key press named k: "enter", "esc", "tab", "shift+tab",
// "down", "up", "left", "right", "space", "backspace", "ctrl+c", "ctrl+s",
// "ctrl+t", "ctrl+u", "ctrl+a", "ctrl+n", "ctrl+r", "ctrl+z", "ctrl+k", "ctrl+d", "pgup", "pgdown",
// "alt+X" (X with the alt modifier); anything else is typed as runes (in
// one message).
func Key(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "ctrl+s":
		return tea.KeyMsg{Type: tea.KeyCtrlS}
	case "ctrl+t":
		return tea.KeyMsg{Type: tea.KeyCtrlT}
	case "ctrl+u":
		return tea.KeyMsg{Type: tea.KeyCtrlU}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "ctrl+a":
		return tea.KeyMsg{Type: tea.KeyCtrlA}
	case "ctrl+n":
		return tea.KeyMsg{Type: tea.KeyCtrlN}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case "ctrl+z":
		return tea.KeyMsg{Type: tea.KeyCtrlZ}
	case "ctrl+k":
		return tea.KeyMsg{Type: tea.KeyCtrlK}
	case "ctrl+d":
		return tea.KeyMsg{Type: tea.KeyCtrlD}
	}
	if r, ok := strings.CutPrefix(k, "alt+"); ok && r != "" {
		return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(r), Alt: true}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Text is s typed as runes in one message, whatever it spells ("up" is
// the letters u and p here, not the arrow key).
func Text(s string) tea.KeyMsg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// Keys sends named key presses (see Key) to the program.
func Keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(Key(k))
	}
}

// Type types s into the program, one key press per character as a
// terminal sends them: a space is the space key, and a character of more
// than one byte is one key (teatest's TestModel.Type sends bytes).
func Type(tm *teatest.TestModel, s string) {
	for _, r := range s {
		if r == ' ' {
			tm.Send(Key("space"))
			continue
		}
		tm.Send(Text(string(r)))
	}
}

// RunBatch runs a command and the commands of any batch it returns, except
// spinner ticks, and collects their messages (addressed ones as they are).
func RunBatch(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, RunBatch(c)...)
		}
		return out
	case spinner.TickMsg:
		return nil
	case common.AddressedMsg:
		if _, ok := m.Msg.(spinner.TickMsg); ok {
			return nil
		}
		return []tea.Msg{m}
	default:
		return []tea.Msg{m}
	}
}

// Feed runs cmd (see RunBatch) and hands the answers addressed to s, and
// unaddressed ones, to s, as the root would while s is on top.
func Feed(s common.Screen, cmd tea.Cmd) {
	for _, m := range RunBatch(cmd) {
		if a, ok := m.(common.AddressedMsg); ok {
			if a.To != s {
				continue
			}
			m = a.Msg
		}
		s.Update(m)
	}
}

// Lines splits a view into its lines.
func Lines(view string) []string { return strings.Split(view, "\n") }

// Fit fails t when a line of view is wider than w cells (what names the
// view in the failure) and returns the view's lines.
func Fit(t testing.TB, what, view string, w int) []string {
	t.Helper()
	lines := Lines(view)
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Fatalf("%s: line %d is %d cells, wider than %d: %q", what, i, n, w, l)
		}
	}
	return lines
}
