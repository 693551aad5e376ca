package ui

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
)

// updating reports -update (the flag is defined by teatest's golden package,
// which this package links).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func TestMain(m *testing.M) {
	// Goldens are drawn without colour, whatever terminal runs the tests.
	lipgloss.SetColorProfile(termenv.Ascii)
	lipgloss.SetHasDarkBackground(true)
	os.Exit(m.Run())
}

// ids hides the ObjectIds the sandbox makes up, so goldens stay stable.
var ids = regexp.MustCompile(`\b[0-9a-f]{24}\b`)

// golden compares got with testdata/ui/<name>.golden at the repository root;
// go test ./ui -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	got = ids.ReplaceAllString(got, "<objectid··············>")
	path := filepath.Join("..", "testdata", "ui", name+".golden")
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -update to create it)", err)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Fatalf("view differs from %s (go test ./ui -update rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// testCommon is a Common for screens driven directly (no program, no
// service).
func testCommon(w, h int) *Common {
	return &Common{
		Width: w, Height: h,
		Styles:    themes.New(themes.Plain(), nil),
		Keys:      DefaultKeyMap(),
		Service:   "test",
		Workspace: "TEST",
		Highlight: NewHighlighter(nil, true),
	}
}

func sp(s string) *string { return &s }

// fakeRows makes n campaigns for views that need no service.
func fakeRows(n int) []*model.Campaign {
	types := []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered}
	var out []*model.Campaign
	for i := range n {
		v := int64(1 + i%3)
		out = append(out, &model.Campaign{
			ID:                   sp(fmt.Sprintf("%024x", i+1)),
			CampaignID:           sp(fmt.Sprintf("%024x", i+1)),
			VersionNumber:        &v,
			Status:               sp(model.Statuses[1+i%6]),
			Channel:              sp([]string{model.ChannelPush, model.ChannelEmail}[i%2]),
			CampaignDeliveryType: sp(types[i%3]),
			UpdatedAt:            sp(fmt.Sprintf("2026-11-%02dT10:%02d:00Z", 1+i%20, i)),
			BasicDetails:         &model.BasicDetails{Name: sp(fmt.Sprintf("Campaign number %d with a long name", i+1))},
		})
	}
	return out
}

func lipglossWidth(s string) int { return lipgloss.Width(s) }
