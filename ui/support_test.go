package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// startSupport runs the program at 80×24 on the fixture, its clipboard
// written to clip.
func (f *fixture) startSupport(t *testing.T, clip *uitest.Clipboard) *teatest.TestModel {
	t.Helper()
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), Output: clip, Now: uitest.Clock, Local: time.UTC})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

// Support finds a campaign by name and reads why it does not send on the
// Summary tab, then hands the report off through the clipboard.
func TestSupportFindsWhyItDoesNotSendAndHandsItOff(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	clip := &uitest.Clipboard{}
	tm := f.startSupport(t, clip)
	waitFor(t, tm, "page 1 · 1–")
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "abandonment", "enter")
	waitFor(t, tm, `name: "abandonment"`, nameEvent, "page 1 of 1 · 1–1 of 1")
	keys(tm, "enter")
	// The Summary tab first: the state, who paused it and when, in words.
	waitFor(t, tm, "Summary", "Will it send?", "✗ state: PAUSED: it sends nothing until it is resumed", "✗ changed by: paused by", "Trigger")
	keys(tm, "Y")
	waitFor(t, tm, "Copied a report on “"+nameEvent+"”")
	copied := clip.Copied(t)
	if len(copied) != 1 {
		t.Fatalf("%d copies, want the report", len(copied))
	}
	for _, want := range []string{"Campaign: " + nameEvent, "ID: " + f.IDs[nameEvent], "State: PAUSED · PUSH EVENT_TRIGGERED", "Will it send?", "✗ state: PAUSED", "✗ changed by: paused by"} {
		if !strings.Contains(copied[0], want) {
			t.Errorf("the report lacks %q:\n%s", want, copied[0])
		}
	}
	keys(tm, "y")
	waitFor(t, tm, "Copied the campaign id "+f.IDs[nameEvent])
	if copied := clip.Copied(t); len(copied) != 2 || copied[1] != f.IDs[nameEvent] {
		t.Fatalf("the copies after y: %q", copied)
	}
	_ = final(t, tm)
}

// A campaign id pasted anywhere in the filter finds that campaign; / opens
// a fresh filter, and ctrl+r brings the last one back.
func TestFilterFindsAPastedIDAndOpensFresh(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startSupport(t, &uitest.Clipboard{})
	waitFor(t, tm, "page 1 · 1–")
	id := f.IDs[namePeriodic]
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "see "+id+" please", "enter")
	waitFor(t, tm, "ids: "+id, namePeriodic, "1–1 of 1")
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns", "ctrl+r last filter")
	r := final(t, tm)
	if v := r.View(); strings.Contains(v, "see please") || strings.Contains(v, id) {
		t.Fatalf("the filter did not open fresh:\n%s", v)
	}

	tm = f.startSupport(t, &uitest.Clipboard{})
	waitFor(t, tm, "page 1 · 1–")
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "Weekly", "enter")
	waitFor(t, tm, `name: "Weekly"`)
	keys(tm, "/")
	waitFor(t, tm, "ctrl+r last filter")
	keys(tm, "ctrl+r")
	keys(tm, "enter")
	waitFor(t, tm, `name: "Weekly"`, namePeriodic)
	if got := final(t, tm).browser().Filter().Name; got != "Weekly" {
		t.Fatalf("ctrl+r brought back %q", got)
	}
}

// The Versions tab lists every version with its state, author and time,
// compares two in words and as a diff, and opens an old one read-only; the
// browser marks the superseded row.
func TestVersionsListedComparedAndOpened(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	id := f.IDs[namePeriodic]
	name := namePeriodic + " (renamed)"
	by := "lead@example.com"
	if _, err := f.Client.Patch(context.Background(), id, &model.Campaign{UpdatedBy: &by, BasicDetails: mustBasic(t, f, id, name)}); err != nil {
		t.Fatal(err)
	}
	tm := f.startSupport(t, &uitest.Clipboard{})
	waitFor(t, tm, "page 1 · 1–")
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "Weekly", "enter") // both versions: v1 is still "Weekly picks"
	waitFor(t, tm, `name: "Weekly"`, "· superseded by v2  PUSH", "1–2 of 2")
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "renamed", "enter")
	waitFor(t, tm, `name: "renamed"`, name)
	keys(tm, "enter")
	waitFor(t, tm, "Will it send?")
	keys(tm, "shift+tab") // Versions, the last tab
	waitFor(t, tm, "v2", by, "newest", "v1", "superseded by v2")
	keys(tm, "d")
	waitFor(t, tm, "v1 → v2: 1 component differs", "basic_details.name: “"+namePeriodic+"” → “"+name+"”", "As a diff")
	keys(tm, "j", "enter")
	waitFor(t, tm, "v1 · superseded by v2 · read-only")
	keys(tm, "a")
	waitFor(t, tm, "Read-only: v1 · superseded by v2")
	r := final(t, tm)
	if in := r.inspector(t); in.Campaign().VersionNumber == nil || *in.Campaign().VersionNumber != 1 {
		t.Fatal("the version opened is not v1")
	}
}

// mustBasic is the campaign's basic_details renamed (the whole component,
// as a PATCH sends it).
func mustBasic(t *testing.T, f *fixture, id, name string) *model.BasicDetails {
	t.Helper()
	c, err := f.Client.Get(context.Background(), id)
	if err != nil || c.BasicDetails == nil {
		t.Fatalf("read %s: %v", id, err)
	}
	b := *c.BasicDetails
	b.Name = &name
	return &b
}

// M hands the mouse to the terminal (to select text) and takes it back;
// --no-mouse starts without it.
func TestMouseCanBeTurnedOff(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := New(Config{Client: f.Client, Theme: themes.Plain(), NoMouse: true}).(*root)
	if r.mouse {
		t.Fatal("NoMouse started with the mouse captured")
	}
	_, cmd := r.Update(uitest.Key("M"))
	var notice string
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			notice = n.Text
		}
	}
	if !r.mouse || !strings.Contains(notice, "Mouse on") {
		t.Fatalf("M did not take the mouse: %v %q", r.mouse, notice)
	}
	_, cmd = r.Update(uitest.Key("M"))
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			notice = n.Text
		}
	}
	if r.mouse || !strings.Contains(notice, "Mouse off: select text with it") {
		t.Fatalf("M did not give the mouse back: %v %q", r.mouse, notice)
	}
}
