package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/inspector"
	tea "github.com/charmbracelet/bubbletea"
)

func TestOpenInspectorPanes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")                          // the first row
	waitFor(t, tm, "Summary", "Will it send?") // the Summary tab first
	keys(tm, "tab")
	waitFor(t, tm, "Overview", "Campaign ID", "not computed")
	r := final(t, tm)
	in := r.inspector(t)
	name := campaignName(in.Campaign())
	uitest.Golden(t, "inspect_overview", r.View())
	if r.browser().Selected() == nil || campaignName(r.browser().Selected()) != name {
		t.Fatal("the inspector shows another campaign than the one selected")
	}

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab")
	waitFor(t, tm, "Reachability")
	keys(tm, "tab")
	waitFor(t, tm, "basic_details: {")
	keys(tm, "space")
	waitFor(t, tm, "name: "+name)
	r = final(t, tm)
	uitest.Golden(t, "inspect_components", r.View())

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab", "tab", "tab")
	waitFor(t, tm, `"campaign_delivery_type":`)
	keys(tm, "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab") // round past Summary and Versions
	waitFor(t, tm, "No checks yet")
	keys(tm, "esc")
	waitFor(t, tm, "browse")
	if r := final(t, tm); len(r.stack) != 1 {
		t.Fatal("esc did not return to the browser")
	}
}

func TestInspectorWideShowsOverviewBesidePanes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, "1–")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED")
	keys(tm, "enter")
	waitFor(t, tm, "Campaign ID", "│  Will it send?", "not computed") // the Summary beside the overview
	keys(tm, "tab")
	waitFor(t, tm, "│ ▌▸ basic_details")
	keys(tm, "tab") // JSON beside the overview
	uitest.WaitForHighlighted(t, tm, `"campaign_delivery_type": "EVENT_TRIGGERED"`)
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines", n)
	}
	uitest.Golden(t, "inspect_200x60", view)
}

func TestProblemShownInTheTree(t *testing.T) {
	t.Parallel()
	_, tm := inspect(t, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "Validate “"+nameEmpty+"”: ", "problems block publishing") // the service's verdict, not the checklist's
	keys(tm, "down", "up", "enter")                                           // the first problem: basic_details.platforms
	waitFor(t, tm, "▌▸ basic_details")
	r := final(t, tm)
	in := r.inspector(t)
	if in.Pane() != "Components" || in.SelectedPath() != "basic_details" {
		t.Fatalf("pane %s, cursor on %s", in.Pane(), in.SelectedPath())
	}
}

func TestCampaignTextWithEscapesRendersInert(t *testing.T) {
	t.Parallel()
	evil := "Evil \x1b]0;pwned\x07title\x1b[2J\x1b[31m red\u009b6n"
	f := newFixture(t, &model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"), CreatedBy: sp("eve@example.com"),
		BasicDetails: &model.BasicDetails{Name: sp(evil), Tags: []string{"\x1b[5mblink"}}})
	tm := f.start(t) // drafts are listed: filter by name only
	keys(tm, "/")
	keys(tm, "evil", "enter")
	waitFor(t, tm, "Evil title red")
	keys(tm, "i") // the draft in the inspector
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab", "tab", "tab") // JSON pane
	waitFor(t, tm, `"name": "Evil`)
	out := uitest.Written(t, tm)
	r := final(t, tm)
	// The JSON pane shows the escapes as JSON text (\u001b…), which is inert;
	// what must never reach the terminal is the control bytes themselves.
	for _, bad := range []string{"\x1b]0;", "\x07", "\x1b[2J", "\x1b[31m", "\x1b[5m", "\u009b"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("the terminal received %q from campaign text", bad)
		}
		if strings.Contains(r.View(), bad) {
			t.Errorf("the view holds %q", bad)
		}
	}
}

// The inspector of a campaign the service does not have says so.
func TestInspectorOfAMissingCampaign(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	c := uitest.Common(80, 24)
	c.Client = f.Client
	in := inspector.New(c, "000000000000000000000000", nil)
	in.SetSize(80, 21)
	// Run the reads the inspector asked for and hand back their answers.
	uitest.Feed(in, in.Init())
	if !strings.Contains(in.View(), "Could not read campaign") {
		t.Fatalf("view:\n%s", in.View())
	}
}
