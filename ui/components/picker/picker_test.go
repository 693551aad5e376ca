package picker

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func styles() themes.Styles {
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.Ascii)
	return themes.New(themes.Plain(), r)
}

func press(m *Model, ks ...string) Result {
	var res Result
	for _, k := range ks {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = uitest.Key("enter")
		case "esc":
			msg = uitest.Key("esc")
		case "down":
			msg = uitest.Key("down")
		case "space":
			msg = uitest.Key("space")
		case "tab":
			msg = uitest.Key("tab")
		case "ctrl+a":
			msg = uitest.Key("ctrl+a")
		default:
			msg = uitest.Text(k)
		}
		res, _ = m.Update(msg)
	}
	return res
}

var users = []Item{
	{Label: "Ana Silva", Value: "user-001", Detail: "Lisbon"},
	{Label: "Ben Okafor", Value: "user-002", Detail: "Lagos"},
	{Label: "Carla Martin", Value: "user-003", Detail: "Madrid"},
}

func TestSearchByNameOrIDAndChoose(t *testing.T) {
	m := New(styles(), users, Options{Free: true})
	if r := press(m, "c", "a", "r", "enter"); r != Done || !slices.Equal(m.Values(), []string{"user-003"}) {
		t.Fatalf("by name: %v %v", r, m.Values())
	}
	m = New(styles(), users, Options{Free: true})
	if r := press(m, "0", "0", "2", "enter"); r != Done || !slices.Equal(m.Values(), []string{"user-002"}) {
		t.Fatalf("by id: %v %v", r, m.Values())
	}
	m = New(styles(), users, Options{Free: true})
	press(m, "m", "a", "d")
	if v := m.View(60, 6); !strings.Contains(v, "Carla Martin") || strings.Contains(v, "Ana Silva") {
		t.Fatalf("filter by detail:\n%s", v)
	}
}

func TestAnyIDCanBeTyped(t *testing.T) {
	m := New(styles(), users, Options{Free: true})
	if r := press(m, "u", "-", "9", "enter"); r != Done || !slices.Equal(m.Values(), []string{"u-9"}) {
		t.Fatalf("free value: %v %v", r, m.Values())
	}
	// A typed prefix of an item: enter takes the item, tab the text.
	m = New(styles(), users, Options{Free: true})
	if r := press(m, "u", "s", "e", "r", "tab"); r != Done || !slices.Equal(m.Values(), []string{"user"}) {
		t.Fatalf("tab: %v %v", r, m.Values())
	}
	m = New(styles(), users, Options{})
	if r := press(m, "z", "z", "enter"); r != Pending {
		t.Fatalf("a closed list took %q", m.Values())
	}
}

func TestMultiChoice(t *testing.T) {
	m := New(styles(), []Item{{Label: "iOS"}, {Label: "Web"}, {Label: "es · variation 1 · Android"}}, Options{Multi: true})
	if r := press(m, "space", "down", "down", "space", "enter"); r != Done || !slices.Equal(m.Values(), []string{"iOS", "es · variation 1 · Android"}) {
		t.Fatalf("multi: %v %v", r, m.Values())
	}
	m = New(styles(), []Item{{Label: "iOS"}, {Label: "Web"}}, Options{Multi: true})
	if r := press(m, "ctrl+a", "enter"); r != Done || len(m.Values()) != 2 {
		t.Fatalf("all: %v", m.Values())
	}
	m = New(styles(), []Item{{Label: "iOS"}, {Label: "Web"}}, Options{Multi: true})
	if r := press(m, "down", "enter"); r != Done || !slices.Equal(m.Values(), []string{"Web"}) {
		t.Fatalf("enter with nothing ticked takes the item under the cursor: %v", m.Values())
	}
	if r := press(New(styles(), users, Options{}), "esc"); r != Canceled {
		t.Fatal("esc")
	}
}

func TestCursorShownWithoutColour(t *testing.T) {
	m := New(styles(), users, Options{})
	press(m, "down")
	v := m.View(60, 6)
	if !strings.Contains(v, "▸ Ben Okafor") {
		t.Fatalf("the cursor is not visible without colour:\n%s", v)
	}
}
