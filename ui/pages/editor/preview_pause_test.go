package editor

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Typing without a pause sets one preview timer, not one per key: each
// timer that fires is a message, and each message a screen drawn. The
// timer that fires while the person still types waits for the pause; the
// preview is drawn once, after it.
func TestTypingDrawsThePreviewOnceAfterThePause(t *testing.T) {
	var timers []time.Duration
	setTimer = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		timers = append(timers, d)
		return tea.Tick(d, fn)
	}
	t.Cleanup(func() { setTimer = tea.Tick })
	m := summerSale(t, 160, 48)
	m.f.PreviewDelay = time.Minute
	m.goStep(forms.StepContent)
	focusWhere(t, m, func(f forms.Field) bool { return f.Label == "Title" })
	press(m, kEnter)
	if m.edit == nil || !m.edit.Inline {
		t.Fatal("the title is not being edited")
	}
	timers = nil
	for _, k := range "hello" {
		m.Update(uitest.Key(string(k)))
	}
	if len(timers) != 1 {
		t.Fatalf("5 keys typed without a pause set %d preview timers, want 1", len(timers))
	}

	// The timer fires before the pause is over (the person typed on): it
	// sets one for the rest of the pause and draws nothing.
	drawn := m.prev.m.Version()
	m.prev.due = time.Now().Add(20 * time.Second)
	m.Update(previewTickMsg{})
	if len(timers) != 2 || timers[1] > 20*time.Second || timers[1] < 19*time.Second {
		t.Fatalf("the timer that fired while typing went on set %v, want one for the rest of the pause (20 s)", timers[1:])
	}
	if m.prev.m.Version() != drawn {
		t.Fatal("the preview was drawn while the person typed")
	}

	// After the pause the preview is drawn, and no timer is left.
	m.prev.due = time.Now()
	_, cmd := m.Update(previewTickMsg{})
	uitest.Feed(m, cmd)
	if m.prev.m.Version() == drawn {
		t.Fatal("the timer at the end of the pause did not draw the preview")
	}
	if len(timers) != 2 || m.prev.ticking {
		t.Fatalf("a timer is left after the pause")
	}
}
