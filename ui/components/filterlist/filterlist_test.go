package filterlist

import (
	"bytes"
	"slices"
	"strings"
	"testing"

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

// press types ks: a named key (enter, down, ctrl+a …) or a character.
func press(m *Model, ks ...string) Result {
	var res Result
	for _, k := range ks {
		msg := uitest.Text(k)
		if len([]rune(k)) > 1 {
			msg = uitest.Key(k)
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
	m.SetSize(60, 4)
	if v := m.View(""); !strings.Contains(v, "Carla Martin") || strings.Contains(v, "Ana Silva") {
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
	m.SetSize(60, 4)
	v := m.View("")
	if !strings.Contains(v, "▸ Ben Okafor") {
		t.Fatalf("the cursor is not visible without colour:\n%s", v)
	}
}

// The window follows the cursor only as far as it must: going back up a
// long list does not jump its top to the cursor.
func TestWindowFollowsTheCursor(t *testing.T) {
	var items []Item
	for _, l := range strings.Fields("a b c d e f g h") {
		items = append(items, Item{Label: "item " + l})
	}
	m := New(styles(), items, Options{})
	m.SetSize(40, 3)
	press(m, "down", "down", "down", "down")
	if v := m.View(""); !strings.Contains(v, "item c") || !strings.Contains(v, "▸ item e") || strings.Contains(v, "item b") {
		t.Fatalf("down to e:\n%s", v)
	}
	m.Update(uitest.Key("up"))
	if v := m.View(""); !strings.Contains(v, "item c") || !strings.Contains(v, "▸ item d") || !strings.Contains(v, "item e") {
		t.Fatalf("up to d moved the window:\n%s", v)
	}
}

// A list whose query comes from outside (the names suggested while a field
// is typed) has no search line, no item under the cursor until one is
// chosen, and goes round.
func TestExternalQuery(t *testing.T) {
	names := []string{"cart_viewed", "cart_emptied", "checkout"}
	m := New(styles(), nil, Options{External: true, Filter: func(q string) []Item {
		var out []Item
		for _, n := range names {
			if strings.HasPrefix(n, q) {
				out = append(out, Item{Label: n})
			}
		}
		return out
	}})
	m.SetQuery("cart")
	if _, ok := m.Current(); ok || len(m.Shown()) != 2 {
		t.Fatalf("after typing: cursor %d, shown %v", m.Cursor(), m.Shown())
	}
	m.Move(-1)
	if it, _ := m.Current(); it.Label != "cart_emptied" {
		t.Fatalf("up from none: %q", it.Label)
	}
	m.Move(1)
	if it, _ := m.Current(); it.Label != "cart_viewed" {
		t.Fatalf("down from the last goes round: %q", it.Label)
	}
	if r := press(m, "x", "enter"); r != Done || m.Query() != "cart" || !slices.Equal(m.Values(), []string{"cart_viewed"}) {
		t.Fatalf("a letter typed into an external list: %v, query %q, values %v", r, m.Query(), m.Values())
	}
}
