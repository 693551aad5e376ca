package auth

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func typeText(tm *teatest.TestModel, s string) {
	tm.Send(uitest.Text(s))
}

func enter(tm *teatest.TestModel) { tm.Send(uitest.Key("enter")) }

// auth login's form, with real key presses: every answer lands in the
// profile, the key is masked on screen, a bad service is refused in place.
func TestAuthLoginForm(t *testing.T) {
	p := profile.Profile{}
	lf := newLoginForm(&p)
	lf.form.SubmitCmd = tea.Quit // Run sets it; a bare model needs it set
	tm := teatest.NewTestModel(t, lf.form, teatest.WithInitialTermSize(80, 40))
	waitOut := func(want string) {
		t.Helper()
		uitest.WaitFor(t, tm, want)
	}
	// Each step waits for the focus to move: huh moves it with a command,
	// and keys sent earlier would land in the field before.
	waitOut("┃ Profile name")
	tm.Send(uitest.Key("ctrl+u")) // clear the suggested "default"
	typeText(tm, "prod")
	enter(tm)
	waitOut("┃ Service")
	typeText(tm, "ftp://x")
	enter(tm)
	waitOut("not an http(s) URL")
	tm.Send(uitest.Key("ctrl+u"))
	typeText(tm, "02")
	enter(tm)
	waitOut("┃ Workspace id")
	typeText(tm, "W1")
	enter(tm)
	waitOut("┃ API key")
	typeText(tm, "s3cret-key")
	enter(tm)
	waitOut("┃ Read-only?")
	typeText(tm, "y") // yes, and on to the next field
	waitOut("┃ Header colour")
	typeText(tm, "#00ff00")
	enter(tm)
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if lf.form.State != huh.StateCompleted {
		t.Fatalf("form state %v", lf.form.State)
	}
	key := lf.apply(&p)
	want := profile.Profile{Name: "prod", DC: "02", WorkspaceID: "W1", ReadOnly: true, Color: "#00ff00"}
	if p != want || key != "s3cret-key" {
		t.Fatalf("got %+v key %q, want %+v", p, key, want)
	}
	if bytes.Contains(uitest.Written(t, tm), []byte("s3cret")) {
		t.Fatal("the API key was drawn on the screen")
	}
}
