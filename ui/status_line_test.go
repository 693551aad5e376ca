package ui

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/charmbracelet/x/exp/teatest"
)

func TestServiceErrorsShowInTheStatusLine(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(nil)
	url := hs.URL
	hs.Close() // nothing listens there any more
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: "W", APIKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Client: client, Service: url, Workspace: "W", Theme: themes.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	// An unreachable service is said in words, not as a dial error cut off.
	waitFor(t, tm, "Offline", "connection refused")
	r := final(t, tm)
	if !strings.Contains(r.View(), "⚠ Offline") || !strings.Contains(r.View(), url) || strings.Contains(r.View(), "dial tcp") {
		t.Fatalf("offline banner or service not on screen:\n%s", r.View())
	}
}

func TestCtrlCQuitsWhileTyping(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "abc")
	waitFor(t, tm, "abc")
	keys(tm, "ctrl+c")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}
