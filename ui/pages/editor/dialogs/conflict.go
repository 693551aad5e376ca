package dialogs

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// Conflict shows each conflicting component side by side, mine and the
// service's, and resolves it: keep mine, take theirs, or edit by hand (a
// Merge dialog on top of it).
type Conflict struct {
	frame
	items  []drafts.Conflict
	mine   [][]string // pretty JSON lines, computed once when opened
	theirs [][]string
	i      int
	// The two sides scroll together.
	left, right viewport.Model
}

// NewConflict shows items (at least one).
func NewConflict(s themes.Styles, items []drafts.Conflict) *Conflict {
	d := &Conflict{frame: frame{s: s}, items: items}
	for _, it := range items {
		d.mine = append(d.mine, prettyLines(it.Local))
		d.theirs = append(d.theirs, prettyLines(it.Remote))
	}
	return d
}

func (d *Conflict) ID() string { return ConflictID }

func (d *Conflict) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.fit()
}

// fit sizes the two sides to the window and the conflict shown, from its
// top.
func (d *Conflict) fit() {
	colW := max(20, (d.w-8)/2)
	rows := min(max(4, d.h-10), max(len(d.mine[d.i]), len(d.theirs[d.i])))
	for _, side := range []struct {
		vp    *viewport.Model
		lines []string
	}{{&d.left, d.mine[d.i]}, {&d.right, d.theirs[d.i]}} {
		cut := make([]string, len(side.lines))
		for i, l := range side.lines {
			cut[i] = common.Truncate(l, colW-2)
		}
		side.vp.Width, side.vp.Height = colW-2, rows
		side.vp.SetContent(strings.Join(cut, "\n"))
		side.vp.GotoTop()
	}
}

func prettyLines(v any) []string {
	if v == nil {
		return []string{"(absent)"}
	}
	var b []byte
	if s, ok := v.(*string); ok {
		b, _ = json.Marshal(s)
	} else {
		b = model.Encode(v)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return []string{common.Clean(string(b))}
	}
	return strings.Split(common.CleanBlock(out.String()), "\n")
}

func (d *Conflict) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	it := d.items[d.i]
	switch k.String() {
	case "esc":
		return dialog.Close(nil), nil
	case "m":
		return dialog.Close(ResolveMsg{Component: it.Component, Choice: drafts.KeepMine}), nil
	case "t":
		return dialog.Close(ResolveMsg{Component: it.Component, Choice: drafts.TakeTheirs}), nil
	case "e":
		m := newMerge(d.s, it.Component, strings.Join(d.mine[d.i], "\n"))
		return dialog.OpenMsg{Dialog: m}, nil
	case "left", "h":
		d.i = max(0, d.i-1)
		d.fit()
	case "right", "l":
		d.i = min(len(d.items)-1, d.i+1)
		d.fit()
	case "down", "j":
		d.left.ScrollDown(1)
		d.right.ScrollDown(1)
	case "up", "k":
		d.left.ScrollUp(1)
		d.right.ScrollUp(1)
	}
	return nil, nil
}

func (d *Conflict) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("m", "keep mine"), dialog.Hint("t", "take theirs"), dialog.Hint("e", "edit"), dialog.Hint("esc", "later")}
}

func (d *Conflict) View() string {
	s := d.s
	it := d.items[d.i]
	colW := max(20, (d.w-8)/2)
	col := func(title string, vp viewport.Model) string {
		return s.Pane.Width(colW).Render(s.Subtitle.Render(title) + "\n" + vp.View())
	}
	head := s.Title.Render("Conflict in "+it.Component) + s.Muted.Render("  "+strconv.Itoa(d.i+1)+" of "+strconv.Itoa(len(d.items)))
	help := s.Key.Render("m") + " keep mine  " + s.Key.Render("t") + " take theirs  " + s.Key.Render("e") + " edit by hand  " + s.Key.Render("←/→") + " other conflict  " + s.Key.Render("esc") + " later"
	return strings.Join([]string{head, s.Muted.Render("Someone changed this component on the service after you loaded it."),
		lipgloss.JoinHorizontal(lipgloss.Top, col("Mine (local)", d.left), " ", col("Theirs (service)", d.right)), help}, "\n")
}

// Merge edits a component's JSON by hand; ctrl+s resolves the conflict
// with it, esc goes back to the conflict.
type Merge struct {
	frame
	component string
	area      textarea.Model
	err       string
}

func newMerge(s themes.Styles, component, text string) *Merge {
	d := &Merge{frame: frame{s: s}, component: component}
	d.area = newArea(s)
	d.area.CharLimit = 0
	d.area.SetValue(text)
	d.area.Focus()
	return d
}

func (d *Merge) ID() string { return "merge" }

func (d *Merge) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.area.SetWidth(max(30, w-8))
	d.area.SetHeight(max(5, h-8))
}

// SetText replaces the JSON being edited.
func (d *Merge) SetText(s string) { d.area.SetValue(s) }

func (d *Merge) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch k.String() {
		case "esc":
			return dialog.Close(nil), nil
		case "ctrl+s":
			text := d.area.Value()
			if !json.Valid([]byte(text)) {
				if _, err := model.Parse([]byte(text)); err != nil {
					d.err = err.Error()
				}
				return nil, nil
			}
			// Resolved: the conflict under it closes too.
			return dialog.CloseMsg{ID: ConflictID, Result: ResolveMsg{Component: d.component, Choice: drafts.Merge, Merged: []byte(text)}}, nil
		}
	}
	var cmd tea.Cmd
	d.area, cmd = d.area.Update(msg)
	return nil, cmd
}

func (d *Merge) ShortHelp() []key.Binding {
	return []key.Binding{dialog.Hint("ctrl+s", "use this version"), dialog.Hint("esc", "back")}
}

func (d *Merge) View() string {
	s := d.s
	lines := []string{s.Title.Render("Merge " + d.component + " by hand"), d.area.View(), s.Muted.Render("ctrl+s: use this version · esc: back")}
	if d.err != "" {
		lines = append(lines, s.Error.Render(common.Clean(d.err)))
	}
	return strings.Join(lines, "\n")
}
