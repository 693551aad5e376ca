package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
	"github.com/campaigns-cli/campaigns/ui/pages/inspector"
)

// startReadOnly runs the program as a read-only profile would: an editor
// is plugged in to prove it is not used (the stack is checked below).
func (f *fixture) startReadOnly(t *testing.T) *teatest.TestModel {
	t.Helper()
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(),
		Profile: "prod", ProfileColor: "#ff0000", ReadOnly: true, Editor: newEditor(t, f.Client)})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

func TestReadOnlyProfileHidesWrites(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startReadOnly(t)
	waitFor(t, tm, "profile prod read-only", "1–")
	keys(tm, "n")
	waitFor(t, tm, "no new draft: the profile prod is read-only")

	// A live campaign: the actions menu offers Validate and nothing that writes.
	selectRow(t, tm, f.listed(t, false), nameOneTime)
	keys(tm, "enter")
	waitFor(t, tm, "Overview", "read-only: the profile prod is read-only")
	keys(tm, "a")
	waitFor(t, tm, "Actions for", "Validate", "Only validating: the profile prod is read-only")
	keys(tm, "s", "y")
	r := final(t, tm)
	if strings.Contains(r.View(), "Stop “") {
		t.Fatalf("stop offered on a read-only profile:\n%s", r.View())
	}
	for _, a := range r.inspector(t).Actions() {
		if a != "VALIDATE" {
			t.Errorf("read-only menu offers %s", a)
		}
	}
	if got := f.status(t, nameOneTime); got != model.StatusScheduled {
		t.Fatalf("a read-only profile changed the campaign: %s", got)
	}
	for _, b := range r.browser().ShortHelp() {
		if b.Help().Desc == r.c.Keys.New.Help().Desc {
			t.Errorf("the footer offers %q on a read-only profile", b.Help().Desc)
		}
	}

	// A draft opens in the inspector, read-only with the reason, not in the editor.
	tm = f.startReadOnly(t)
	f.openByName(t, tm, nameEmpty, true)
	r = final(t, tm)
	if !strings.Contains(r.View(), "read-only: the profile prod is read-only") {
		t.Errorf("the draft's inspector does not say why it is read-only:\n%s", r.View())
	}
	if _, ok := r.stack[1].(*inspector.Inspector); !ok {
		t.Fatalf("a draft on a read-only profile opened %T", r.stack[1])
	}
	for _, a := range r.inspector(t).Actions() {
		if a == "PUBLISH" {
			t.Error("publish offered on a read-only profile")
		}
	}
}

// The header names the profile; a writable profile is not marked read-only.
func TestHeaderShowsProfile(t *testing.T) {
	t.Parallel()
	r := New(Config{Service: "test", Workspace: "T", Theme: themes.Plain()}).(*root)
	r.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	c := r.c
	c.Profile = "staging"
	r.stack = []common.Screen{browser.New(c)}
	h := r.header()
	if !strings.Contains(h, "profile staging") || strings.Contains(h, "read-only") {
		t.Fatalf("header %q", h)
	}
	c.ReadOnly = "the profile staging is read-only"
	if h := r.header(); !strings.Contains(h, "profile staging read-only") {
		t.Fatalf("header %q", h)
	}
}

// A read-only profile still reads everything: e in the inspector opens the
// campaign in the editor's view mode, with the Review summary; a typed key
// changes nothing and nothing is sent.
func TestReadOnlyProfileViewsInTheEditor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startReadOnly(t)
	f.openByName(t, tm, nameOneTime, false)
	waitFor(t, tm, "Overview", "e view in the editor")
	keys(tm, "e")
	waitFor(t, tm, "View mode: read-only, the profile prod is read-only")
	keys(tm, "8")
	waitFor(t, tm, "Review")
	keys(tm, "E")
	waitFor(t, tm, "Read-only: the profile prod is read-only.")
	r := final(t, tm)
	if _, ok := r.stack[len(r.stack)-1].(*editor.Model); !ok {
		t.Fatalf("e opened %T", r.stack[len(r.stack)-1])
	}
	if got := f.status(t, nameOneTime); got != model.StatusScheduled {
		t.Fatalf("a read-only profile changed the campaign: %s", got)
	}
}
