package editor

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/resume"
)

// A draft reopens where it was left: step, content cell (locale, variation,
// platform) and field. The position is written to the data directory
// (resume.Book) whenever it changes, off the UI goroutine, so a quit, a
// crash or a kill -9 keeps it; loading the draft puts the cursor back.

// resumeState is what the editor last recorded.
type resumeState struct {
	last     resume.Position // At left zero: compared by place only
	restored bool
}

// position is where the cursor is now.
func (m *Model) position() resume.Position {
	p := resume.Position{Step: int(m.step), Locale: m.sel.Locale, Variation: m.sel.Variation, Platform: m.sel.Platform,
		Unlinked: m.links.offText()}
	if l := &m.list; l.cur >= 0 && l.cur < len(l.rows) {
		p.Path = rowName(l.rows[l.cur])
	}
	return p
}

// rowName names a row for the book: its target, or its label when it has
// none (a heading or an action).
func rowName(f forms.Field) string {
	if f.Path != "" {
		return f.Path
	}
	return "label:" + f.Label
}

// remember records the position when it moved since the last record.
func (m *Model) remember() tea.Cmd {
	b := m.f.Positions
	if b == nil || !m.d.loaded || m.id == "" || !m.resume.restored {
		return nil
	}
	p := m.position()
	if p == m.resume.last {
		return nil
	}
	m.resume.last = p
	p.At = time.Now() // taken here, in order: the book keeps the newest
	b.Note(m.id, p)   // at once: a quit right after the move keeps it (saved at close)
	return func() tea.Msg {
		_ = b.Save() // a position is a convenience: a failure costs nothing
		return nil
	}
}

// restore puts the cursor where the draft was left, when the book has it.
// It runs once, when the draft is loaded.
func (m *Model) restore() {
	if m.resume.restored {
		return
	}
	m.resume.restored = true
	b := m.f.Positions
	if b == nil {
		return
	}
	p, ok := b.Get(m.id)
	if !ok || p.Step < 0 || p.Step >= len(forms.Steps) {
		m.resume.last = m.position()
		return
	}
	m.links.setOff(p.Unlinked)
	m.sel = forms.Selection{Locale: p.Locale, Variation: p.Variation, Platform: p.Platform}
	m.goStep(forms.Step(p.Step)) // fixes a selection or step that no longer applies
	for i, f := range m.list.rows {
		if rowName(f) == p.Path && f.Focusable() {
			m.list.cur = i
			break
		}
	}
	m.resume.last = m.position()
}

// localLabel names the time the Review shows beside the campaign's own.
func (f *Factory) localLabel() string {
	if f.ServerTime {
		return "server time"
	}
	return "your time"
}
