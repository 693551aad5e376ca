package editor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// The test dialog builds the request the service expects: the editor's
// copy inline, or the saved draft narrowed to a platform, locale and
// variation; more than 10 identifiers are refused.
func TestTestSendRequest(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	sent := &recordingTester{}
	m.f.Tester = sent
	// Identifiers on the second row; enter goes on to the mode, to
	// [ Send test ], then sends.
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes("user-001, user-002"), kEnter, kEnter, kEnter)
	req, err := sent.last(t, m)
	if err != nil {
		t.Fatal(err)
	}
	if req.DraftID != "" || req.CampaignContent == nil || req.BasicDetails == nil || req.Channel != "PUSH" ||
		req.TestCampaignMeta.Platform != "" || len(req.TestCampaignMeta.IdentifierValues) != 2 || req.TestCampaignMeta.Identifier != "USER_ATTRIBUTE_UNIQUE_ID" {
		t.Fatalf("inline request: %+v %+v", req, req.TestCampaignMeta)
	}
	// Saved draft, IOS, es-ES, variation_1.
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes("user-001, user-002"), kDown, kRight, kDown, kRight, kRight, kDown, kRight, kRight, kDown, kRight, kDown, kEnter)
	req, err = sent.last(t, m)
	if err != nil {
		t.Fatal(err)
	}
	meta := req.TestCampaignMeta
	if req.DraftID != *c.CampaignID || req.CampaignContent != nil || meta.Platform != "IOS" || meta.LocaleName != "es-ES" || meta.Variation != "variation_1" {
		t.Fatalf("draft request: %+v %+v", req, meta)
	}
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes(strings.Repeat("a,", 10)+"b"), kEnter, kEnter, kEnter)
	if v := m.View(); sent.n != 2 || !strings.Contains(v, "at most 10") {
		t.Fatalf("11 identifiers: sent %d\n%s", sent.n, v)
	}
}

// recordingTester keeps the test requests sent.
type recordingTester struct {
	reqs []api.TestRequest
	n    int
}

func (r *recordingTester) Test(_ context.Context, req api.TestRequest) (api.TestResult, error) {
	r.reqs = append(r.reqs, req)
	return api.TestResult{}, nil
}

// keys presses ks and runs what the last one asks (the send).
func (r *recordingTester) keys(m *Model, ks ...tea.KeyMsg) {
	press(m, ks[:len(ks)-1]...)
	_, cmd := m.Update(ks[len(ks)-1])
	uitest.Feed(m, cmd)
}

// last returns the request the editor sent; the test dialog is closed
// after it.
func (r *recordingTester) last(t *testing.T, m *Model) (api.TestRequest, error) {
	t.Helper()
	if !m.dialogs.Has(dialogs.TestSendID) {
		t.Fatal("ctrl+t opens no test dialog")
	}
	m.dialogs.Reset()
	if len(r.reqs) == r.n {
		return api.TestRequest{}, fmt.Errorf("nothing sent:\n%s", m.View())
	}
	r.n = len(r.reqs)
	return r.reqs[r.n-1], nil
}

// realService answers the test route as a real service does (an outcome
// per payload key) and has no outbox: 404.
type realService struct{ outboxCalls int }

func (r *realService) Test(context.Context, api.TestRequest) (api.TestResult, error) {
	return api.TestResult{Message: "Test campaign processed", Data: map[string]api.TestOutcome{
		"ANDROID_default_variation_1": {Status: "SENT"},
		"IOS_default_variation_1":     {Status: "FAILED", FailureReason: "no token"},
	}}, nil
}

func (r *realService) Outbox(context.Context, int64, int) (api.OutboxResult, error) {
	r.outboxCalls++
	return api.OutboxResult{}, &api.Error{Status: 404, Message: "no route"}
}

func TestRealServiceResultsFromTheTestRoute(t *testing.T) {
	svc := &realService{}
	var none outboxState
	req := api.TestRequest{TestCampaignMeta: &api.TestMeta{Identifier: "EMAIL", IdentifierValues: []string{"a@example.com"}}}
	msg := sendAndRead(context.Background(), svc, &none, req)
	if msg.err != nil || len(msg.sent) != 2 {
		t.Fatalf("%v %+v", msg.err, msg.sent)
	}
	if r := msg.sent[1]; r.Platform != "IOS" || r.Status != "FAILED" || r.Reason != "no token" || r.Recipient != "a@example.com" || r.Rendered {
		t.Errorf("%+v", r)
	}
	// The 404 is remembered: the next test does not ask again.
	sendAndRead(context.Background(), svc, &none, req)
	if svc.outboxCalls != 1 {
		t.Errorf("outbox asked %d times", svc.outboxCalls)
	}

	// In the editor: the test dialog's answer opens the view, which says
	// the service does not return the message.
	m := summerSale(t, 100, 30)
	m.f.Tester = svc
	m.Update(uitest.Key("ctrl+t"))
	m.Update(msg)
	v := ansi.Strip(m.View())
	for _, want := range []string{"What the test sent", "1 message sent, 1 message failed", "a@example.com · Android · default · variation 1", "the service does not return the message it sent", "no token"} {
		if !strings.Contains(v, want) {
			t.Errorf("%q missing:\n%s", want, v)
		}
	}
}

// Outbox rows of another test sent at the same time (other keys, other
// recipients) are not this test's.
func TestOwnSentKeepsThisTestsRows(t *testing.T) {
	res := api.TestResult{Data: map[string]api.TestOutcome{"ANDROID_es_variation_1": {Status: "SENT"}}}
	all := []api.SentTest{
		{Recipient: "user-001", Platform: "ANDROID", Locale: "es", Variation: "variation_1"},
		{Recipient: "user-009", Platform: "ANDROID", Locale: "es", Variation: "variation_1"}, // someone else's recipient
		{Recipient: "user-001", Platform: "IOS", Locale: "es", Variation: "variation_1"},     // a key this test did not send
	}
	got := ownSent(all, res, []string{"user-001"})
	if len(got) != 1 || got[0].Recipient != "user-001" || got[0].Platform != "ANDROID" {
		t.Fatalf("%+v", got)
	}
}

func TestResultsKeyWithoutATest(t *testing.T) {
	m := summerSale(t, 100, 30)
	_, cmd := m.Update(uitest.Key("ctrl+r"))
	if !m.dialogs.Empty() {
		t.Fatal("a results view with no test")
	}
	if n := noticesOf(cmd); len(n) != 1 || !strings.Contains(n[0], "ctrl+t sends one") {
		t.Fatalf("notices %v", n)
	}
}
