package inspector

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestMain(m *testing.M) { uitest.Main(m) }

// open is an inspector showing c, as if its reads had answered.
func open(c *model.Campaign, w, h int) *Inspector {
	in := New(uitest.Common(w, h), common.CampaignKey(c), nil)
	in.SetSize(w, h-3)
	in.Update(campaignMsg{seq: in.seq, c: c})
	// These tests start where the inspector opened before the Summary tab
	// came first: on the Overview, one tab before Components (wide windows
	// show the Overview beside, on Summary).
	if !in.wide() {
		in.pane = paneOverview
	}
	return in
}

var decode = modeltest.Decode

func TestReadOnlyCampaignShownComplete(t *testing.T) {
	c := decode(t, `{"id":"aaaaaaaaaaaaaaaaaaaaaaaa","campaign_id":"aaaaaaaaaaaaaaaaaaaaaaaa","status":"ACTIVE",
	  "channel":"SMS","campaign_delivery_type":"API_TRIGGERED","sender_name":"ACME",
	  "basic_details":{"name":"OTP codes","sms_route":"premium"},
	  "connector":{"connector_type":"TWILIO","connector_name":"main"},
	  "campaign_content":{"content":{"sms":{"message":"Your code is {{code}}"}}},
	  "brand_new_component":{"x":1}}`)
	in := open(c, 80, 24)
	in.Update(metaMsg{seq: in.metaSeq})
	if in.readOnly == "" || !strings.Contains(in.readOnly, "SMS") {
		t.Fatalf("read-only reason %q", in.readOnly)
	}
	uitest.Golden(t, "overview", styledView(in))
	in.Update(uitest.Key("tab"))
	in.Update(uitest.Text("+"))
	uitest.Golden(t, "components", styledView(in))
	view := in.View()
	for _, want := range []string{"sms_route: premium", "brand_new_component", "[unknown field, kept]", "message: Your code is {{code}}"} {
		if !strings.Contains(view, want) {
			t.Errorf("components pane lacks %q", want)
		}
	}
	if items := in.menuItems(); len(items) != 1 || items[0].action != actValidate {
		t.Fatalf("a read-only API_TRIGGERED campaign offers %v", items)
	}
}

func TestLockedFieldsMarked(t *testing.T) {
	c := decode(t, `{"campaign_id":"b","status":"ACTIVE","channel":"PUSH","campaign_delivery_type":"PERIODIC",
	  "basic_details":{"name":"Live one"},"segmentation_details":{"is_all_user_campaign":true},
	  "scheduling_details":{"delivery_type":"ASAP","start_time":"2026-01-01T00:00:00"}}`)
	in := open(c, 80, 24)
	in.Update(uitest.Key("tab"))
	in.Update(uitest.Text("+"))
	view := in.View()
	for _, want := range []string{"▾ segmentation_details [locked]", "delivery_type: ASAP [locked]", "start_time: 2026-01-01T00:00:00 [locked]"} {
		if !strings.Contains(view, want) {
			t.Errorf("locked mark missing: %q in\n%s", want, view)
		}
	}
	if strings.Contains(view, "name: Live one [locked]") {
		t.Error("basic_details.name is editable while ACTIVE but shown locked")
	}
}

func TestLongValuesShownWhole(t *testing.T) {
	long := strings.Repeat("a long message that goes on ", 12) + "THE END"
	c := decode(t, `{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"`+long+`"}}`)
	in := open(c, 80, 24)
	in.Update(uitest.Key("tab"))   // Components
	in.Update(uitest.Key("space")) // unfold basic_details
	in.Update(uitest.Key("down"))  // select name
	view := in.View()
	if !strings.Contains(view, "THE END") {
		t.Fatalf("the selected value is cut:\n%s", view)
	}
	in.Update(uitest.Key("tab")) // JSON
	if view := in.View(); !strings.Contains(view, "THE END") {
		t.Fatalf("the JSON pane cuts long lines:\n%s", view)
	}
	uitest.Fit(t, "the JSON pane", in.View(), 80)
}

// Every piece of campaign text in every pane goes through Clean: with
// colours off, no escape or control byte at all may reach the view.
func TestNoControlBytesFromAnyCampaignField(t *testing.T) {
	e := `\u001b[31m\u001b]0;x\u0007\u009b2J`
	c := decode(t, `{"id":"i`+e+`","campaign_id":"c","status":"STOPPED`+e+`","channel":"SMS`+e+`",
	  "campaign_delivery_type":"ODD`+e+`","created_by":"a`+e+`","created_at":"t`+e+`","flow_id":"f`+e+`","flow_name":"n`+e+`",
	  "parent_id":"p`+e+`","sender_name":"s`+e+`","connector":{"connector_type":"T`+e+`","connector_name":"N`+e+`"},
	  "basic_details":{"name":"N`+e+`","tags":["t`+e+`"],"platforms":["P`+e+`"],"k`+e+`":"v`+e+`"}}`)
	in := open(c, 120, 40)
	in.Update(metaMsg{seq: in.metaSeq, row: &api.MetaRow{CampaignID: "c", RejectionComment: "r" + "\x1b[31m\x07"}})
	views := map[string]string{}
	for p := range paneCount {
		in.pane = p
		in.Update(uitest.Text("+"))
		views[paneNames[p]] = in.View()
	}
	in.menu = newMenu(in.menuItems())
	views["menu"] = in.View()
	for name, v := range views {
		for _, r := range v {
			if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
				t.Fatalf("%s: control character %U in the view:\n%q", name, r, v)
			}
		}
	}
}

func TestInspectorDropsLateAnswersAndScrollsWithTheWheel(t *testing.T) {
	c := decode(t, `{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Now"}}`)
	old := decode(t, `{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Before"}}`)
	in := New(uitest.Common(80, 10), "c", nil)
	in.SetSize(80, 7)
	in.seq = 2
	in.Update(campaignMsg{seq: 2, c: c})
	in.Update(campaignMsg{seq: 1, c: old}) // an earlier read answering late
	// Another inspector's read never reaches this one: the root delivers by
	// address (ui.TestAddressedAnswersReachTheirOwnerOnly).
	if common.CampaignName(in.Campaign()) != "Now" {
		t.Fatalf("a late answer replaced the campaign: %s", common.CampaignName(in.Campaign()))
	}
	in.Update(uitest.Key("tab")) // overview
	in.Update(uitest.Key("tab")) // components
	in.Update(uitest.Key("tab")) // JSON, longer than 5 lines
	in.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if in.win[paneJSON].Top == 0 {
		t.Fatal("the wheel did not scroll the JSON")
	}
	in.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if in.win[paneJSON].Top != 0 {
		t.Fatal("the wheel did not scroll back")
	}
}

func TestReReadKeepsWhatWasUnfolded(t *testing.T) {
	c := decode(t, `{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"N","platform_specific_details":{"ios":{"send_to_all_eligible_device":true}}}}`)
	in := open(c, 80, 24)
	in.Update(uitest.Key("tab"))
	in.Update(uitest.Text("+"))
	in.Update(uitest.Key("down"))
	in.Update(uitest.Key("down"))
	before := in.View()
	in.Update(campaignMsg{seq: in.seq, c: model.Clone(c)}) // r: the same campaign read again
	if after := in.View(); after != before {
		t.Fatalf("a re-read changed the tree:\n%s\n---\n%s", before, after)
	}
	if !strings.Contains(before, "send_to_all_eligible_device: true") {
		t.Fatalf("nested field not unfolded:\n%s", before)
	}
}

func TestJumpToADeepTargetUnfoldsItsAncestors(t *testing.T) {
	c := decode(t, `{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"N","platform_specific_details":{"ios":{"send_to_all_eligible_device":true}}},
	  "campaign_content":{"content":{"push":{"android":{"buttons":[{"btn_name":"a"},{"btn_name":"b"}]}}}}}`)
	in := open(c, 80, 24)
	for target, want := range map[string]string{
		"basic_details.platform_specific_details.ios.send_to_all_eligible_device": "basic_details.platform_specific_details.ios.send_to_all_eligible_device",
		"campaign_content.content.push.android.buttons[1].click_action_type":      "campaign_content.content.push.android.buttons[1]",
		"scheduling_details": "", // absent: the tree opens without a move
	} {
		in.tcursor = 0
		in.jumpTo(target)
		got := visible(in.roots)[in.tcursor].path
		if want != "" && got != want {
			t.Errorf("jump to %s selected %s", target, got)
		}
		if in.pane != paneComponents {
			t.Errorf("jump to %s left the pane at %d", target, in.pane)
		}
	}
}

// With colours on, an empty value still renders to escape codes: such rows
// must not appear as a label with nothing after it.
func TestEmptyValuesLeaveNoBareLabels(t *testing.T) {
	com := uitest.StyledCommon(120, 40)
	c := uitest.FakeRows(1)[0] // no parent, no flow, no tags
	in := New(com, "c", nil)
	in.SetSize(120, 37)
	in.Update(campaignMsg{seq: in.seq, c: c})
	for _, l := range strings.Split(ansi.Strip(in.View()), "\n") {
		if f := strings.Fields(l); len(f) == 1 && (f[0] == "Parent" || f[0] == "Tags" || f[0] == "Flow") {
			t.Fatalf("bare label %q", l)
		}
	}
}

func TestOpeningAnOlderVersionSaysTheNewestIsShown(t *testing.T) {
	rows := uitest.FakeRows(1)
	v1 := int64(1)
	in := New(uitest.Common(80, 24), common.CampaignKey(rows[0]), &v1)
	in.SetSize(80, 21)
	newest := model.Clone(rows[0])
	v2 := int64(2)
	newest.VersionNumber = &v2
	in.Update(campaignMsg{seq: in.seq, c: newest})
	if !strings.Contains(in.View(), "showing version 2, the newest (the list row was version 1)") {
		t.Fatalf("no word about the version:\n%s", in.View())
	}
}

// The outcome of a confirmed action is worth telling after its inspector
// closed (the root shows OrphanNotice; ui.TestActionOutcomeToldAfterItsScreenClosed).
func TestActionOutcomeHasAnOrphanNotice(t *testing.T) {
	n := actionDoneMsg{action: model.ActionStop, name: "Summer"}.OrphanNotice()
	if n.Text != "Stopped “Summer”" || n.Err {
		t.Fatalf("notice %+v", n)
	}
	n = actionDoneMsg{action: actValidate, valid: api.ValidateResult{Valid: true}, name: "Summer"}.OrphanNotice()
	if !strings.Contains(n.Text, "ready to publish") {
		t.Fatalf("notice %+v", n)
	}
}

// While the action menu or a confirmation is open the inspector has the
// keys: the root must not take q as quit there.
func TestDialogsHoldTheKeys(t *testing.T) {
	c := decode(t, `{"campaign_id":"c","status":"SCHEDULED","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"N"}}`)
	in := open(c, 80, 24)
	if in.Typing() {
		t.Fatal("typing with no dialog open")
	}
	in.Update(uitest.Key("a"))
	if in.menu == nil || !in.Typing() {
		t.Fatal("the open action menu does not hold the keys")
	}
	in.Update(uitest.Key("s"))
	if in.confirm == nil || !in.Typing() {
		t.Fatal("the open confirmation does not hold the keys")
	}
	in.Update(uitest.Key("q"))
	if in.confirm == nil {
		t.Fatal("q closed the confirmation")
	}
	in.Update(uitest.Key("esc"))
	if in.confirm != nil || in.Typing() {
		t.Fatal("esc left the confirmation open")
	}
}

// TestActionsExplainWhatIsNotPossible: s on an active event-triggered
// campaign says why it cannot be stopped (it did nothing); the pause
// confirmation does not promise an editable audience; an SMS campaign's
// actions name the channel as the reason.
func TestActionsExplainWhatIsNotPossible(t *testing.T) {
	c := decode(t, `{"id":"bbbbbbbbbbbbbbbbbbbbbbbb","campaign_id":"bbbbbbbbbbbbbbbbbbbbbbbb","status":"ACTIVE",
	  "channel":"PUSH","campaign_delivery_type":"EVENT_TRIGGERED","basic_details":{"name":"Welcome"}}`)
	in := open(c, 100, 30)
	key := func(k string) tea.Cmd {
		_, cmd := in.Update(uitest.Text(k))
		return cmd
	}
	key("a")
	cmd := key("s")
	if cmd == nil {
		t.Fatal("s on an active event-triggered campaign did nothing")
	}
	note, ok := cmd().(common.NoticeMsg)
	if !ok || !note.Err || !strings.Contains(note.Text, "cannot be stopped") || !strings.Contains(note.Text, "pause it instead") {
		t.Fatalf("s gave %+v", note)
	}
	key("a")
	key("p")
	view := ansi.Strip(in.View())
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, "the audience") || strings.Contains(flat, "Content and audience can still be edited") {
		t.Fatalf("pause confirmation:\n%s", view)
	}

	sms := decode(t, `{"id":"cccccccccccccccccccccccc","campaign_id":"cccccccccccccccccccccccc","status":"ACTIVE",
	  "channel":"SMS","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"OTP"}}`)
	in = open(sms, 100, 30)
	flat = strings.Join(strings.Fields(ansi.Strip(in.View())), " ")
	if strings.Contains(flat, "none in this state") || !strings.Contains(flat, "SMS campaigns can be read but not") {
		t.Fatalf("SMS actions:\n%s", in.View())
	}
}

// TestReachabilityOfADraftSaysWhen: an event-triggered draft read "not
// computed: only for scheduled one-time, event and business-event
// campaigns", as if it never would be.
func TestReachabilityOfADraftSaysWhen(t *testing.T) {
	for _, tc := range []struct{ status, delivery, want string }{
		{"DRAFT", "EVENT_TRIGGERED", "once the campaign is published"},
		{"SCHEDULED", "ONE_TIME", "once a day"},
		{"ACTIVE", "DEVICE_TRIGGERED", "only for scheduled one-time, event and business-event"},
	} {
		c := decode(t, `{"id":"aaaaaaaaaaaaaaaaaaaaaaaa","campaign_id":"aaaaaaaaaaaaaaaaaaaaaaaa","status":"`+tc.status+`",
		  "channel":"PUSH","campaign_delivery_type":"`+tc.delivery+`","basic_details":{"name":"N"}}`)
		in := open(c, 120, 36)
		in.Update(metaMsg{seq: in.metaSeq})
		if view := in.View(); !strings.Contains(view, tc.want) {
			t.Errorf("%s %s: reachability lacks %q:\n%s", tc.status, tc.delivery, tc.want, view)
		}
	}
}

// TestChecksInPlainWords: the Checks pane listed each problem as a JSON
// path over a message repeating it ("basic_details.platforms" /
// "basic_details.platforms is required for publish: …"). It words it as the
// editor does, the field by its label, and keeps the path on a muted line.
func TestChecksInPlainWords(t *testing.T) {
	c := decode(t, `{"id":"aaaaaaaaaaaaaaaaaaaaaaaa","campaign_id":"aaaaaaaaaaaaaaaaaaaaaaaa","status":"DRAFT",
	  "channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"N"}}`)
	in := open(c, 80, 24)
	in.checks = []check{{title: "Validate “N”", problems: []api.ErrorDetail{
		{Target: "basic_details.platforms", Message: "basic_details.platforms is required for publish: name the platforms (ANDROID, IOS, WEB) the campaign goes to."},
	}}}
	in.rebuildChecks()
	got := strings.Join(in.checkLines, "\n")
	if !strings.Contains(got, "Platforms: choose at least one") || strings.Count(got, "basic_details.platforms") != 1 {
		t.Errorf("the problem is not in plain words, with its path once:\n%s", got)
	}
}

// styledView is in's view in the default theme's colours, for goldens.
func styledView(in *Inspector) string {
	plain := in.c.Styles
	defer func() { in.c.Styles = plain }()
	in.c.Styles = uitest.StyledCommon(in.c.Width, in.c.Height).Styles
	return in.View()
}
