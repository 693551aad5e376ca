package serve

import (
	"errors"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// The editor without a terminal says what to use instead, exit 2, instead
// of Bubble Tea's "could not open a new TTY".
func TestEditorWithoutATerminalPointsToTheScriptingCommands(t *testing.T) {
	e := clitest.Offline(t, NewCmdEditor)
	r := e.Do(NewCmdEditor(e.F, func(o *EditorOptions) error {
		o.Terminal = func() error { return errors.New("no terminal here") }
		return runEditor(o)
	}), "--data", t.TempDir())
	if r.Code != 2 || r.Out != "" || !strings.Contains(r.Err, "the editor needs a terminal (no terminal here)") || !strings.Contains(r.Err, "campaigns list, get") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.Code, r.Out, r.Err)
	}
}

// The editor starts on the service the flags name, with the theme, mouse
// and refresh asked for; config.toml's refresh applies unless --refresh
// is given.
func TestEditorStartsOnTheServiceAsked(t *testing.T) {
	e := clitest.Offline(t, NewCmdEditor)
	var got ui.Config
	edit := func(args ...string) clitest.Result {
		return e.Do(NewCmdEditor(e.F, func(o *EditorOptions) error {
			o.Terminal = func() error { return nil }
			o.Program = func(cfg ui.Config) error { got = cfg; return nil }
			return runEditor(o)
		}), args...)
	}
	data := t.TempDir()
	if r := edit("--data", data, "--theme", "plain", "--no-mouse", "--refresh", "0"); r.Code != 0 {
		t.Fatalf("exit %d %s", r.Code, r.Err)
	}
	if got.Service != "embedded sandbox" || got.DataDir != data || !got.NoMouse || got.Refresh != 0 || got.Editor == nil || got.Theme.Name != "plain" {
		t.Fatalf("config %+v", got)
	}
	if r := edit("--theme", "neon"); r.Code != 2 || !strings.Contains(r.Err, `unknown theme "neon"`) {
		t.Fatalf("unknown theme: exit %d %s", r.Code, r.Err)
	}
}
