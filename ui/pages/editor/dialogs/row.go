package dialogs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// Row is a row's huh form drawn as a dialog (long text, a choice, a list
// of ticks), with the field's problems and the draft's others, live: the
// dialog covers the form and the problems panel. It answers the form's
// answers; Finish closes it.
type Row struct {
	frame
	form  *rowform.Model
	probs RowProblemsMsg
}

// RowProblemsMsg is the problems the row dialog shows, sent by the editor
// after every change: the field's own, the draft's others, and the
// draft's check in words.
type RowProblemsMsg struct {
	Own, Others []string
	Check       string
}

// NewRow shows form as a dialog.
func NewRow(s themes.Styles, form *rowform.Model) *Row { return &Row{frame: frame{s: s}, form: form} }

func (d *Row) ID() string { return RowID }

func (d *Row) SetSize(w, h int) {
	d.frame.SetSize(w, h)
	d.form.SetSize(d.inner(), h)
}

func (d *Row) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case RowProblemsMsg:
		d.probs = msg
	case tea.KeyMsg:
		out, cmd := d.form.Update(msg)
		if f, ok := out.(rowform.Finish); ok {
			return dialog.Close(f), cmd
		}
		return out, cmd
	}
	return nil, nil
}

// ShortHelp lists the keys of a dialog row form.
func (d *Row) ShortHelp() []key.Binding {
	switch d.form.Field.Kind {
	case forms.Multi:
		return []key.Binding{dialog.Hint("space", "toggle"), dialog.Hint("a–z", "tick"), dialog.Hint("enter", "done"), dialog.Hint("esc", "cancel")}
	case forms.LongText:
		return []key.Binding{dialog.Hint("esc", "done"), dialog.Hint("tab", "next field"), dialog.Hint("ctrl+s", "sync now")}
	}
	return []key.Binding{dialog.Hint("enter", "choose"), dialog.Hint("esc", "cancel")}
}

// View draws the field, its problems live and the keys. It fits the
// screen's height: the draft's other problems give way first (at 80×24 a
// long list and four of them pushed the keys and the box's bottom off the
// screen).
func (d *Row) View() string {
	s, w, f := d.s, d.inner(), d.form.Field
	var lines []string
	if f.IsValue() {
		// The field with its context ("Excluded filter 1 operator"), not
		// its JSON path: the row's detail line keeps that.
		if l := forms.Label(f.Path); l != "" && l != f.Label {
			lines = append(lines, s.Muted.Render(common.Truncate(l, w)))
		}
	}
	lines = append(lines, d.form.View(), "")
	if d.form.Replace {
		lines = append(lines, s.Muted.Render(common.Truncate("selected: typing replaces it, ⌫ clears it, ← → keep it", w)), "")
	}
	for _, p := range d.probs.Own {
		// Whole, wrapped: a cut problem could not be read here.
		for j, l := range strings.Split(ansi.Wrap(common.Clean(p), max(10, w-2), ""), "\n") {
			mark := "✗ "
			if j > 0 {
				mark = "  "
			}
			lines = append(lines, s.Error.Render(mark+l))
		}
	}
	others := slices.DeleteFunc(slices.Clone(d.probs.Others), func(o string) bool { return slices.Contains(d.probs.Own, o) })
	switch {
	case len(d.probs.Own) == 0:
		lines = append(lines, d.probs.Check)
	case len(others) == 0:
		// "1 to fix" under the field's own ✗, with no list, reads as a
		// problem that is not shown.
		lines = append(lines, s.Muted.Render("nothing else to fix before publishing"))
	default:
		lines = append(lines, s.Warning.Render(fmt.Sprintf("and %d more to fix before publishing", len(others))))
	}
	// Room for the others: the screen's height less the box (borders,
	// padding, title), the lines so far and the keys' two.
	room := min(4, d.h-6-lipgloss.Height(strings.Join(lines, "\n"))-2)
	for i, o := range others {
		if i == room-1 && len(others) > room {
			lines = append(lines, s.Muted.Render(fmt.Sprintf("  … %d more", len(others)-i)))
			break
		}
		if i == room {
			break
		}
		lines = append(lines, s.Muted.Render(common.Truncate("  · "+common.Clean(o), w)))
	}
	var help []string
	for _, b := range d.ShortHelp() {
		help = append(help, b.Help().Key+": "+b.Help().Desc)
	}
	lines = append(lines, "", s.Muted.Render(strings.Join(help, " · ")))
	return d.box(f.Label, lines...)
}
