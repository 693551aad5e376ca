package editor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
