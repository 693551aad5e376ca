package inspector

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api/refserver"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// TestInspectorReadsTheReferenceExamples opens the real service's own GET
// and meta examples (served verbatim): the schedule reads in words from the
// read form, and an API-triggered campaign says this tool leaves it out
// rather than that the service cannot stop it (C5).
func TestInspectorReadsTheReferenceExamples(t *testing.T) {
	client := refserver.Start(t).Client(t)
	for id, wants := range map[string][]string{
		refserver.ScheduledPush: {"Schedule", "from Thu 28 Nov 2024 12:00 UTC", "18,182 users"},
		refserver.PeriodicEmail: {"Schedule", "weekly at 09:00:00 America/New_York", "Children", "12"},
		refserver.APITriggered:  {"This tool leaves API-triggered campaigns out"},
	} {
		c := uitest.Common(120, 40)
		c.Client = client
		in := New(c, id, nil)
		in.SetSize(120, 37)
		uitest.Feed(in, in.Init())
		view := ansi.Strip(in.View()) // the Summary tab
		in.Update(uitest.Key("tab"))
		view += ansi.Strip(in.View()) // the Overview
		flat := strings.Join(strings.Fields(view), " ")
		for _, w := range wants {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the inspector lacks %q:\n%s", id, w, view)
			}
		}
	}
}
