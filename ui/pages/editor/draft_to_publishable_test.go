package editor_test

import (
	"context"
	"os"
	"strings"
	gosync "sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// env is the embedded sandbox on loopback, a client and a journal directory.
type env struct {
	client *api.Client
	dir    string
	stop   func() error
	author string // the profile's `author` (main passes it to SetAuthor)
}

func newEnv(t *testing.T) *env {
	t.Helper()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	var once gosync.Once
	stopOnce := func() error { once.Do(func() { _ = stop() }); return nil }
	t.Cleanup(func() { _ = stopOnce() })
	ws := sandbox.DefaultWorkspace()
	c, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	return &env{client: c, dir: t.TempDir(), stop: stopOnce}
}

// run starts the whole program (shell + editor) on a fresh sync engine.
func (e *env) run(t *testing.T, debounce time.Duration) (*teatest.TestModel, func()) {
	t.Helper()
	return e.runAt(t, debounce, 160, 48)
}

// runAt is run in a window of w×h cells.
func (e *env) runAt(t *testing.T, debounce time.Duration, w, h int) (*teatest.TestModel, func()) {
	t.Helper()
	f, closeF, err := editor.Open(e.client, e.dir, editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
		Debounce:   debounce,
		Author:     e.author, // updated_by, as main passes the profile's author
	})
	if err != nil {
		t.Fatal(err)
	}
	f.PreviewDelay = time.Millisecond
	f.SetAuthor(e.author)
	root := ui.New(ui.Config{Client: e.client, Service: "test sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), DataDir: e.dir, Editor: f})
	tm := teatest.NewTestModel(t, root, teatest.WithInitialTermSize(w, h))
	stopped := false
	return tm, func() {
		if !stopped {
			stopped = true
			_ = tm.Quit()
			tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
			_ = closeF()
		}
	}
}

// waitFor waits until the screen output (read since the last wait) holds
// every string.
var waitFor = uitest.WaitFor

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(uitest.Key(k))
	}
}

func down(tm *teatest.TestModel, n int) {
	for range n {
		keys(tm, "down")
	}
}

// newDraft goes through the new-draft dialog from the browser.
func newDraft(t *testing.T, tm *teatest.TestModel, email bool, name string) {
	t.Helper()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	// huh moves between fields with its own messages: wait for each field
	// to take focus before typing into it.
	if email {
		keys(tm, "down")
	}
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter") // the first delivery type, ONE_TIME
	waitFor(t, tm, "┃ Created by")
	tm.Send(uitest.Key("ctrl+u")) // the author last used here, if any
	tm.Type("ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	tm.Type(name)
	keys(tm, "enter")
	if email {
		waitFor(t, tm, "┃ Connector type")
		keys(tm, "enter") // the first connector type
		waitFor(t, tm, "┃ Connector name")
		tm.Type("main-sendgrid")
		keys(tm, "enter")
	}
	waitFor(t, tm, name, "DRAFT", "Basic details")
}

// findDraft returns the campaign_id of the draft with this name.
func findDraft(t *testing.T, c *api.Client, name string) *model.Campaign {
	t.Helper()
	for _, st := range []string{model.StatusDraft} {
		r, err := c.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1, CampaignFields: &api.SearchFields{Status: []string{st}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, camp := range r.Campaigns {
			if camp.BasicDetails != nil && camp.BasicDetails.Name != nil && *camp.BasicDetails.Name == name {
				full, err := c.Get(context.Background(), *camp.CampaignID)
				if err != nil {
					t.Fatal(err)
				}
				return full
			}
		}
	}
	t.Fatalf("no draft named %q on the service", name)
	return nil
}

func TestPushDraftToPublishable(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Push flow")

	// Basic details: platforms through the picker.
	down(tm, 4)
	keys(tm, "enter")
	waitFor(t, tm, "[ ] ANDROID")
	keys(tm, "space", "enter")
	waitFor(t, tm, "{ANDROID}")

	// Content: template, title, message.
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 5)
	keys(tm, "right")
	waitFor(t, tm, "‹ BASIC ›")
	keys(tm, "down", "enter")
	tm.Type("Hello {{ UserAttribute['First Name'] }}")
	keys(tm, "enter", "down", "enter")
	tm.Type("Spring is here")
	keys(tm, "esc")             // the message is edited in a multi-line editor
	waitFor(t, tm, "Hello Ada") // the preview personalises for the sample user

	// Audience and schedule.
	keys(tm, "3", "right")
	keys(tm, "5", "right")
	waitFor(t, tm, "‹ ASAP ›", "ready to publish")

	// A problem appears as the title is erased and goes as it is retyped.
	keys(tm, "2")
	down(tm, 6)
	keys(tm, "enter")
	for range len("Hello {{ UserAttribute['First Name'] }}") {
		keys(tm, "backspace")
	}
	waitFor(t, tm, "Android title is required before publishing")
	tm.Type("Hi")
	waitFor(t, tm, "ready to publish")

	// Jump from a problem to its field: erase again, go elsewhere, then
	// select the problem in the panel.
	keys(tm, "backspace", "backspace", "enter", "alt+1", "tab") // alt+1: 1 on the empty title is text
	waitFor(t, tm, "enter: go to field")
	keys(tm, "enter")
	waitFor(t, tm, "campaign_content.content.push.android.basic_details.title")
	keys(tm, "enter")
	tm.Type("Hi")
	keys(tm, "enter")
	waitFor(t, tm, "ready to publish")

	// A locale and an A/B variation.
	keys(tm, "up", "up", "up", "enter")
	waitFor(t, tm, "Locale name")
	tm.Type("fr")
	keys(tm, "enter")
	// The new locale is the one shown; its title (a copy of default's) is
	// being typed into, ready to translate.
	waitFor(t, tm, "‹ fr ›", "Remove locale fr", "enter done · tab next field")
	keys(tm, "esc", "{", "{") // { to the content's first row, then the one above: Locale
	down(tm, 4)               // Variation, Platform, Add locale, Add A/B variation (as in default: Remove locale fr is below)
	keys(tm, "enter")
	waitFor(t, tm, "A/B test", "Share of variation 1")

	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	keys(tm, "8")
	waitFor(t, tm, "locales: default, fr", "variations: 2")

	// The service has it all.
	c := findDraft(t, e.client, "Push flow")
	cc := c.CampaignContent
	if cc == nil || len(cc.Locales) != 1 || cc.Locales[0] != "fr" || cc.VariationDetails == nil || *cc.VariationDetails.NoOfVariations != 2 {
		t.Fatalf("service content: %s", model.Encode(cc))
	}
	title := cc.Content.Keyed["fr"]["variation_2"].Push.Android.BasicDetails.Title
	if title == nil || *title != "Hi" {
		t.Fatalf("fr/variation_2 title = %v", title)
	}
	if probs := engine.Validate(asBody(c), engine.PhasePublish, engine.Options{}); len(probs) != 0 {
		t.Fatalf("service copy not publishable: %v", probs)
	}

	// Leave and reopen: everything is there.
	keys(tm, "esc")
	// Drafts are listed by default, the one just edited first.
	waitFor(t, tm, "browse", "Push flow")
	keys(tm, "enter")
	// It reopens where it was left: the Review.
	waitFor(t, tm, "Push flow", "ready to publish", "locales: default, fr", "variations: 2")
}

func TestEmailDraftToPublishable(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, true, "Email flow")

	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 4) // Sender name
	keys(tm, "enter")
	tm.Type("Shop")
	keys(tm, "enter", "down", "enter")
	tm.Type("news@example.com")
	keys(tm, "enter")
	down(tm, 4) // Subject
	keys(tm, "enter")
	tm.Type("Spring sale")
	keys(tm, "enter")
	down(tm, 4) // HTML
	keys(tm, "enter")
	tm.Type("<h1>Sale</h1><p>Everything <b>half</b> price.</p>")
	keys(tm, "esc")
	waitFor(t, tm, "Spring sale", "half")

	keys(tm, "3", "right")
	keys(tm, "5", "right")
	waitFor(t, tm, "ready to publish")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit

	c := findDraft(t, e.client, "Email flow")
	if probs := engine.Validate(asBody(c), engine.PhasePublish, engine.Options{}); len(probs) != 0 {
		t.Fatalf("service copy not publishable: %v\n%s", probs, model.Encode(c))
	}
	if got := *c.CampaignContent.Content.Flat.Email.Subject; got != "Spring sale" {
		t.Fatalf("subject %q", got)
	}
}

func TestTestSend(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Test send")
	keys(tm, "ctrl+t")
	// The footer names the dialog's own keys.
	waitFor(t, tm, "Send a test", "USER_ATTRIBUTE_UNIQUE_ID", "enter next/send", "esc close")
	keys(tm, "down", "down", "down", "enter")
	waitFor(t, tm, "identifier_values: enter at least one identifier")
	keys(tm, "up", "up")
	tm.Type(strings.Repeat("u,", 11) + "u")
	keys(tm, "down", "down", "enter")
	waitFor(t, tm, "at most 10 identifiers, not 12")
	keys(tm, "esc")

	// A real send of a publish-valid draft to one demo user.
	c := openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")
	_ = c
	keys(tm, "ctrl+t", "down")
	tm.Type("user-001")
	keys(tm, "down", "down", "enter")
	// The answer opens what was sent (testresults_flow_test.go); esc goes
	// back to the dialog and its outcome per payload.
	waitFor(t, tm, "What the test sent")
	keys(tm, "esc")
	waitFor(t, tm, "ANDROID_default_variation_1", "IOS_fr-FR_variation_1")

	// Saved-draft mode narrowed to one platform and locale.
	keys(tm, "up", "right")
	waitFor(t, tm, "Saved draft", "Platform")
	keys(tm, "down", "right", "down", "right", "right", "down", "down", "enter")
	waitFor(t, tm, "saved draft test", "user-001 · Android · es-ES · variation 1")
	keys(tm, "esc")
	waitFor(t, tm, "ANDROID_es-ES_variation_1")
}

// openFixture creates a draft from a testdata campaign through the client
// and opens it in the editor from the browser.
func openFixture(t *testing.T, e *env, tm *teatest.TestModel, file, name string) *model.Campaign {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/campaigns/" + file)
	if err != nil {
		t.Fatal(err)
	}
	body, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	body.RequestID = nil
	if _, err := e.client.Create(context.Background(), body); err != nil {
		t.Fatal(err)
	}
	// Drafts are listed by default; r reads the list again, for a caller
	// that was on the browser already when the draft was created.
	keys(tm, "esc", "r")
	waitFor(t, tm, "browse", name)
	c := findDraft(t, e.client, name)
	// The newest draft is listed first.
	keys(tm, "g", "enter")
	waitFor(t, tm, name, "ready to publish")
	return c
}

func TestUnsyncedEditSurvivesRestart(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour) // nothing is sent on its own
	newDraft(t, tm, false, "Journal")
	keys(tm, "enter", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
	tm.Type("Kept")
	keys(tm, "enter")
	waitFor(t, tm, "pending")
	stop() // the program ends without syncing

	if c := findDraft(t, e.client, "Journal"); c == nil {
		t.Fatal("draft gone")
	}
	tm2, stop2 := e.run(t, time.Hour)
	defer stop2()
	// The journal's edit is sent at start, before the draft is opened: the
	// list shows the name it carries once the service has it.
	waitFor(t, tm2, "browse", "Kept", "Every edit kept on this computer is on the service now")
	keys(tm2, "enter")
	waitFor(t, tm2, "Kept", "● synced")
	findDraft(t, e.client, "Kept")
}

// asBody drops the record's read-only fields, as a publish request would.
func asBody(c *model.Campaign) *model.Campaign {
	b := model.Clone(c)
	b.ID, b.CampaignID, b.VersionNumber, b.Status, b.CreatedBy, b.UpdatedBy, b.CreatedAt, b.UpdatedAt = nil, nil, nil, nil, nil, nil, nil, nil
	return b
}

func TestConflictTakeTheirs(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour)
	defer stop()
	newDraft(t, tm, false, "Conflict")
	c := findDraft(t, e.client, "Conflict")

	// Someone else renames the campaign on the service.
	name := "Renamed elsewhere"
	patch := &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}
	if _, err := e.client.Patch(context.Background(), *c.CampaignID, patch); err != nil {
		t.Fatal(err)
	}
	// Here the name changes too, then ctrl+s finds the conflict.
	keys(tm, "enter", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
	tm.Type("Mine")
	keys(tm, "enter")
	waitFor(t, tm, "Mine", "pending")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details", "Mine (local)", "Theirs (service)", `"name": "Renamed elsewhere"`)
	keys(tm, "t")
	waitFor(t, tm, "Renamed elsewhere", "resolved")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	if got := findDraft(t, e.client, "Renamed elsewhere"); got == nil {
		t.Fatal("service lost its name")
	}
}

func TestConflictKeepMine(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour)
	defer stop()
	newDraft(t, tm, false, "Conflict2")
	c := findDraft(t, e.client, "Conflict2")
	name := "Theirs"
	if _, err := e.client.Patch(context.Background(), *c.CampaignID, &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}); err != nil {
		t.Fatal(err)
	}
	keys(tm, "enter")
	tm.Type("X")
	keys(tm, "enter")
	waitFor(t, tm, "Conflict2X", "pending")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details")
	keys(tm, "m")
	waitFor(t, tm, "resolved")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	findDraft(t, e.client, "Conflict2X")
}

func TestRemoteChangeOfAnotherComponentIsTaken(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour)
	defer stop()
	newDraft(t, tm, false, "Remote")
	c := findDraft(t, e.client, "Remote")
	asap := model.ScheduleASAP
	if _, err := e.client.Patch(context.Background(), *c.CampaignID, &model.Campaign{SchedulingDetails: &model.Scheduling{DeliveryType: &asap}}); err != nil {
		t.Fatal(err)
	}
	keys(tm, "enter")
	tm.Type("!")
	keys(tm, "enter")
	// Past the edit, so the "synced" below cannot be a frame from before it.
	waitFor(t, tm, "Remote!", "pending")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	keys(tm, "5")
	waitFor(t, tm, "‹ ASAP ›")
	findDraft(t, e.client, "Remote!")
}

func TestOfflineEditsKept(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour)
	defer stop()
	newDraft(t, tm, false, "Offline")
	_ = e.stop() // the service goes away
	keys(tm, "enter")
	tm.Type(" kept")
	keys(tm, "enter", "ctrl+s")
	waitFor(t, tm, "offline", "Offline kept")
}

// Keys the shell uses (q quits, ? shows help) are letters inside a field
// edited through its huh input.
func TestQuitAndHelpKeysAreTextWhileEditing(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Keys")
	keys(tm, "enter")
	tm.Type(" q?")
	keys(tm, "enter")
	waitFor(t, tm, "Keys q?")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	findDraft(t, e.client, "Keys q?")
}

// Dialogs name their own keys in the footer, and the leave dialog shows the
// sync state whole on its own line.
func TestDialogFootersNameTheirKeys(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour) // edits stay pending
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel", "esc cancel")
	keys(tm, "esc")
	newDraft(t, tm, false, "Footers")
	keys(tm, "enter")
	tm.Type(" x")
	keys(tm, "enter")
	waitFor(t, tm, "Footers x", "pending")
	keys(tm, "esc")
	waitFor(t, tm, "Leave the editor?", "s sync, then leave", "l leave", "esc stay")
	_ = tm.Quit()
	view := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View()
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "have not reached") && strings.Contains(l, "●") {
			t.Fatalf("the sync state runs on after the warning:\n%s", view)
		}
		if strings.TrimRight(strings.Trim(strings.TrimSpace(l), "║"), " ") == "●" {
			t.Fatalf("a lone ● in the leave dialog:\n%s", view)
		}
	}
	if !strings.Contains(view, "● 1 component(s) pending") && !strings.Contains(view, "pending") {
		t.Fatalf("the leave dialog does not say what is pending:\n%s", view)
	}
}

// A new locale or variation is the one shown next; removing one (its
// content goes too) asks first, and only y removes it.
func TestAddSelectsAndRemoveAsks(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Locales")
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 3) // Locale, Variation, Platform, then Add locale
	keys(tm, "enter")
	waitFor(t, tm, "Locale name")
	tm.Type("de")
	keys(tm, "enter")
	// Its first text is being typed into, ready to translate.
	waitFor(t, tm, "‹ de ›", "Remove locale de", "tab next field")
	keys(tm, "esc", "{", "{") // the section's first row, then Locale
	down(tm, 7)
	keys(tm, "enter") // Remove locale de, below Add A/B variation, Copy and the link
	waitFor(t, tm, "Remove locale de?", "there is no undo", "y yes")
	keys(tm, "esc")
	waitFor(t, tm, "enter edit/choose")
	keys(tm, "enter")
	waitFor(t, tm, "Remove locale de?")
	keys(tm, "y")
	waitFor(t, tm, "Remove locale de ✓", "‹ default ›")

	down(tm, 4) // the cursor is on Locale: Add A/B variation is four down, as always
	keys(tm, "enter")
	waitFor(t, tm, "‹ variation_2 ›", "Remove variation_2")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	c := findDraft(t, e.client, "Locales")
	if cc := c.CampaignContent; cc == nil || len(cc.Locales) != 0 || cc.VariationDetails == nil || *cc.VariationDetails.NoOfVariations != 2 {
		t.Fatalf("service content: %s", model.Encode(c.CampaignContent))
	}
}

// At 80×24 the Email new-draft form is taller than the window: the field
// being filled in (the connector name, last) is still drawn.
func TestNewEmailDraftFitsIn80x24(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 80, 24)
	defer stop()
	newDraft(t, tm, true, "Small window")
	_ = tm.Quit()
	_ = tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
}

// At 80 columns a problem's line is cut; the one under the cursor in the
// problems panel is shown whole, wrapped.
func TestSelectedProblemShownWholeIn80Columns(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 80, 24)
	defer stop()
	newDraft(t, tm, false, "Narrow")
	keys(tm, "tab")
	waitFor(t, tm, "enter: go to field", "publishing.")
	_ = tm.Quit()
	view := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View()
	// The message in plain words, whole, with its path on a detail line.
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, "Platforms: choose at least one of ANDROID, IOS and WEB before publishing.") || !strings.Contains(flat, "basic_details.platforms · publish.platforms") {
		t.Fatalf("the selected problem is not whole:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if lipgloss.Width(l) > 80 {
			t.Fatalf("a line wider than the window: %q", l)
		}
	}
}

// At 80 columns the footer is cut, but "? help" (the way to every key) is
// still on it.
func TestFooterNamesHelpIn80Columns(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 80, 24)
	defer stop()
	newDraft(t, tm, false, "Help")
	_ = tm.Quit()
	view := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View()
	lines := strings.Split(view, "\n")
	if footer := lines[len(lines)-1]; !strings.Contains(footer, "? help") {
		t.Fatalf("the footer lacks ? help: %q", footer)
	}
}

// ctrl+s with an invalid field says what to do, once ("sync: sync: …" before).
func TestSyncOfAnInvalidFieldSaysWhatToDo(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, true, "Invalid")
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 6)
	keys(tm, "enter")
	tm.Type("bad")
	keys(tm, "enter")
	waitFor(t, tm, `"bad" is not an email address`)
	keys(tm, "ctrl+s")
	waitFor(t, tm, "not sent: fix the problems marked invalid first")
	_ = tm.Quit()
	if view := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View(); strings.Contains(view, "sync: sync:") {
		t.Fatalf("the prefix is doubled:\n%s", view)
	}
}
