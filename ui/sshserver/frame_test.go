package sshserver

import (
	"io"
	"os/exec"
	"reflect"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestFilterDropsSuspendAndExecAndNotesActivity(t *testing.T) {
	t.Parallel()
	s := &session{log: log.New(io.Discard)}
	s.lastInput.Store(time.Now().Add(-time.Hour).UnixNano())
	for name, msg := range map[string]tea.Msg{
		"ctrl+z":      uitest.Key("ctrl+z"),
		"tea.Suspend": tea.Suspend(),
		"tea.Exec":    tea.ExecProcess(exec.Command("sh"), nil)(),
	} {
		if got := s.filter(nil, msg); got != nil {
			t.Errorf("%s passed the filter as %#v", name, got)
		}
	}
	if s.idleFor() > time.Minute {
		t.Error("a key press did not count as activity")
	}
	for _, msg := range []tea.Msg{uitest.Key("z"), uitest.Key("ctrl+c"), tea.WindowSizeMsg{Width: 1}} {
		if got := s.filter(nil, msg); !reflect.DeepEqual(got, msg) {
			t.Errorf("%#v was dropped", msg)
		}
	}
}

func TestHuman(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		15 * time.Minute:          "15m",
		90 * time.Minute:          "1h30m",
		4 * time.Hour:             "4h",
		10 * time.Second:          "10s",
		300 * time.Millisecond:    "less than a second",
		time.Minute + time.Second: "1m1s",
	} {
		if got := human(d); got != want {
			t.Errorf("human(%v) = %q, want %q", d, got, want)
		}
	}
}
