package preview

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

var styles = uitest.PlainStyles

var campaign = modeltest.Decode

func view(t *testing.T, in Input, tab Tab) string {
	t.Helper()
	m := New(styles(), nil)
	m.SetSize(70, 60)
	m.Render(in)
	for m.Tab() != tab {
		m.NextTab()
	}
	return m.View()
}

func TestPushCardsShowTemplateParts(t *testing.T) {
	c := campaign(t, `{"channel":"PUSH","basic_details":{"platforms":["ANDROID","IOS"]},"campaign_content":{"content":{"push":{
		"android":{"template_type":"TIMER","basic_details":{"title":"Hi {{UserAttribute['First Name']}}","message":"<b>50%</b> off","image_url":"https://x/i.png"},
			"timer":{"personalized_value":false,"duration_hour":"2","duration_minute":"30"},"buttons":[{"btn_name":"Shop"},{"btn_name":"Later"}]},
		"ios":{"template_type":"SIMPLE_IMAGE_CAROUSEL","basic_details":{"title":"T","message":"M","image_url":"https://x/cover.png",
			"carousel_content":{"slider_transition":"MANUAL","slide_data":[{"image_url":"https://x/1.png"},{"image_url":"https://x/2.png"}]}}}}}}}`)
	out := view(t, Input{Work: c, Sel: model.Selection{Platform: "ANDROID"}, User: map[string]any{"First Name": "Ada"}}, TabMessage)
	for _, want := range []string{"Android", "Hi Ada", "50% off", "image https://x/i.png", "2h 30m left", "[ Shop ] [ Later ]", "iOS", "carousel (MANUAL), 2 slides", "slide 2 https://x/2.png", "cover https://x/cover.png"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Index(out, "Android") > strings.Index(out, "iOS") {
		t.Error("the selected platform is not drawn first")
	}
}

func TestPersonalisationErrorHasLineAndColumn(t *testing.T) {
	c := campaign(t, `{"channel":"PUSH","basic_details":{"platforms":["WEB"]},"campaign_content":{"content":{"push":{"web":{"template_type":"BASIC","basic_details":{"title":"Hi {{ user.name","message":"m"}}}}}}`)
	out := view(t, Input{Work: c, Sel: model.Selection{Platform: "WEB"}}, TabMessage)
	if !strings.Contains(out, "campaign_content.content.push.web.basic_details.title") || !strings.Contains(out, "line 1,") || !strings.Contains(out, "column 16") {
		t.Fatalf("no located error in\n%s", out)
	}
}

func TestEmailBodyRenderedAsText(t *testing.T) {
	c := campaign(t, `{"channel":"EMAIL","campaign_content":{"content":{"email":{"sender_name":"Shop","from_address":"a@b.co","subject":"Sale {{event.code}}","preview_text":"Hurry",
		"html_content":"<h1>Big sale</h1><p>Everything <b>half</b> price.</p><ul><li>Shoes</li></ul>"}}}}`)
	out := view(t, Input{Work: c, Event: map[string]any{"code": "X1"}}, TabMessage)
	for _, want := range []string{"Shop <a@b.co>", "Sale X1", "Hurry", "Big sale", "half", "Shoes"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "<h1>") || strings.Contains(out, "<b>") {
		t.Errorf("raw HTML drawn:\n%s", out)
	}
}

func TestControlSequencesAreInert(t *testing.T) {
	c := campaign(t, `{"channel":"PUSH","basic_details":{"platforms":["WEB"]},"campaign_content":{"content":{"push":{"web":{"template_type":"BASIC","basic_details":{"title":"A\u001b]0;pwned\u0007B\u001b[2J","message":"m"}}}}}}`)
	out := view(t, Input{Work: c, Sel: model.Selection{Platform: "WEB"}}, TabMessage)
	if strings.ContainsRune(out, 0x1b) || strings.ContainsRune(out, 0x07) {
		t.Fatalf("escape reached the screen: %q", out)
	}
	if !strings.Contains(out, "AB") {
		t.Fatalf("title text lost: %s", out)
	}
}

func TestJSONAndDiffTabs(t *testing.T) {
	base := campaign(t, `{"channel":"PUSH","basic_details":{"name":"Old","x_kept":1}}`)
	work := campaign(t, `{"channel":"PUSH","basic_details":{"name":"New","x_kept":1}}`)
	patch := &model.Campaign{BasicDetails: work.BasicDetails}
	js := view(t, Input{Work: work, Base: base, Patch: patch}, TabJSON)
	if !strings.Contains(js, `"name": "New"`) || !strings.Contains(js, `"x_kept": 1`) {
		t.Fatalf("json tab:\n%s", js)
	}
	diff := view(t, Input{Work: work, Base: base, Patch: patch}, TabDiff)
	if !strings.Contains(diff, `-  "name": "Old",`) || !strings.Contains(diff, `+  "name": "New",`) {
		t.Fatalf("diff tab:\n%s", diff)
	}
	none := view(t, Input{Work: work, Base: work}, TabJSON)
	if !strings.Contains(none, "Nothing to send") {
		t.Fatalf("empty patch:\n%s", none)
	}
}

func TestStaleRenderIsDropped(t *testing.T) {
	m := New(styles(), nil)
	m.SetSize(60, 20)
	c := campaign(t, `{"channel":"EMAIL","campaign_content":{"content":{"email":{"subject":"first"}}}}`)
	old := m.Refresh(context.Background(), func() Input { return Input{Work: c} })
	c2 := campaign(t, `{"channel":"EMAIL","campaign_content":{"content":{"email":{"subject":"second"}}}}`)
	cur := m.Refresh(context.Background(), func() Input { return Input{Work: c2} })
	m.Update(cur())
	m.Update(old())
	if out := m.View(); !strings.Contains(out, "second") || strings.Contains(out, "first") {
		t.Fatalf("stale render shown:\n%s", out)
	}
}

// A newer render cancels the one under way: its template work stops and
// says so (and its answer is dropped).
func TestSupersededRenderIsCancelled(t *testing.T) {
	m := New(styles(), nil)
	m.SetSize(60, 20)
	c := campaign(t, `{"channel":"EMAIL","campaign_content":{"content":{"email":{"subject":"Hi {{ user.name }}"}}}}`)
	old := m.Refresh(context.Background(), func() Input { return Input{Work: c} })
	cur := m.Refresh(context.Background(), func() Input { return Input{Work: c} })
	msg := old().(renderedMsg)
	if len(msg.out.errors) != 1 || !strings.Contains(msg.out.errors[0], "preview stopped: context canceled") {
		t.Fatalf("the superseded render ran on: %v", msg.out.errors)
	}
	m.Update(msg)
	m.Update(cur())
	if strings.Contains(m.View(), "preview stopped") {
		t.Fatalf("the current render was stopped:\n%s", m.View())
	}
	// A render past its deadline stops too.
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	msg = m.Refresh(ctx, func() Input { return Input{Work: c} })().(renderedMsg)
	if len(msg.out.errors) != 1 || !strings.Contains(msg.out.errors[0], "deadline exceeded") {
		t.Fatalf("a render past its deadline: %v", msg.out.errors)
	}
}

// The preview scrolls through bubbles/viewport: down shows later lines, and
// scrolling past the end stops at the last page.
func TestScrollStaysWithinTheBody(t *testing.T) {
	m := New(styles(), nil)
	m.SetSize(60, 8)
	var html strings.Builder
	for i := range 40 {
		fmt.Fprintf(&html, "<p>line %02d</p>", i)
	}
	c := campaign(t, `{"channel":"EMAIL","campaign_content":{"content":{"email":{"subject":"s","html_content":"`+html.String()+`"}}}}`)
	m.Render(Input{Work: c})
	first := m.View()
	m.Scroll(5)
	if m.View() == first {
		t.Fatal("scrolling changed nothing")
	}
	m.Scroll(1000)
	last := m.View()
	if !strings.Contains(last, "line 39") || len(strings.Split(last, "\n")) != 8 {
		t.Fatalf("after scrolling far:\n%s", last)
	}
	m.Scroll(-1000)
	if m.View() != first {
		t.Fatal("scrolling back did not return to the top")
	}
}

// The PATCH JSON is coloured for the session's colour profile (over SSH,
// the visitor's terminal), not a fixed 256-colour palette.
func TestJSONFollowsTheSessionsProfile(t *testing.T) {
	work := campaign(t, `{"channel":"PUSH","basic_details":{"name":"New"}}`)
	for _, tc := range []struct {
		profile termenv.Profile
		want    string // an escape only that profile uses
		not     string
	}{
		{termenv.TrueColor, "38;2;", "38;5;"},
		{termenv.ANSI256, "38;5;", "38;2;"},
	} {
		r := common.NewRenderer(os.Stdout)
		r.SetColorProfile(tc.profile)
		m := New(styles(), common.NewHighlighter(r, false))
		m.SetSize(70, 30)
		m.Render(Input{Work: work, Patch: work})
		m.NextTab()
		out := m.View()
		if !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("profile %v: JSON drawn with the wrong colours: %q", tc.profile, out)
		}
	}
}

// TestHeadWrapsInANarrowPane: the line naming the locale, variation and
// preview user was cut at the pane's edge (120 columns: "as Ana Silva (use").
func TestHeadWrapsInANarrowPane(t *testing.T) {
	c := campaign(t, `{"channel":"PUSH","basic_details":{"platforms":["ANDROID"]},"campaign_content":{"content":{"push":{
		"android":{"template_type":"BASIC","basic_details":{"title":"T","message":"M"}}}}}}`)
	m := New(styles(), nil)
	m.SetSize(41, 30)
	m.Render(Input{Work: c, UserName: "Ana Silva (user-001)"})
	out := m.View()
	for _, want := range []string{"(user-001)", "p tab"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if w := lipgloss.Width(l); w > 41 {
			t.Errorf("line of %d cells in a pane of 41: %q", w, l)
		}
	}
}

// TestJSONTabWrapsAtThePaneEdge: the PATCH JSON tab cut its lines at the
// pane's edge: "Nothing to send: the service has every ch" at 120 columns,
// and a long value's end.
func TestJSONTabWrapsAtThePaneEdge(t *testing.T) {
	long := strings.Repeat("word ", 20) + "END"
	work := campaign(t, `{"channel":"PUSH","basic_details":{"name":"`+long+`"}}`)
	m := New(styles(), nil)
	m.SetSize(41, 40)
	for _, in := range []Input{{Work: work, Base: work}, {Work: work, Patch: &model.Campaign{BasicDetails: work.BasicDetails}}} {
		m.Render(in)
		for m.Tab() != TabJSON {
			m.NextTab()
		}
		out := m.View()
		for _, want := range []string{"change.", "END"} {
			if in.Patch == nil && want == "END" || in.Patch != nil && want == "change." {
				continue
			}
			if !strings.Contains(out, want) {
				t.Errorf("%q cut off the pane:\n%s", want, out)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if w := lipgloss.Width(l); w > 41 {
				t.Errorf("a line of %d cells in a pane of 41: %q", w, l)
			}
		}
		m.NextTab()
	}
}
