package preview

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/model"
)

// loopback is the sandbox on loopback behind an optional hook that runs
// before each preview request reaches it (to delay or count them).
type loopback struct {
	client *api.Client
	hook   func(r *http.Request, body string)
}

func newLoopback(t *testing.T) *loopback {
	t.Helper()
	s, err := sandbox.Open(sandbox.Config{DataDir: t.TempDir(), NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	lb := &loopback{}
	h := s.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == api.PathPreview && lb.hook != nil {
			var b strings.Builder
			buf := make([]byte, 4096)
			for {
				n, err := r.Body.Read(buf)
				b.Write(buf[:n])
				if err != nil {
					break
				}
			}
			r.Body = readCloser{strings.NewReader(b.String())}
			lb.hook(r, b.String())
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	ws := sandbox.DefaultWorkspace()
	lb.client, err = api.New(api.Config{BaseURL: hs.URL, WorkspaceID: ws.ID, APIKey: ws.Key, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return lb
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

// feed runs cmd as the program would (a batch's commands at once) and
// hands every answer to m.
func feed(m *Model, cmd tea.Cmd) {
	for _, msg := range run(cmd) {
		m.Update(msg)
	}
}

func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	b, ok := msg.(tea.BatchMsg)
	if !ok {
		return []tea.Msg{msg}
	}
	out := make(chan []tea.Msg, len(b))
	for _, c := range b {
		go func() { out <- run(c) }()
	}
	var all []tea.Msg
	for range b {
		all = append(all, <-out...)
	}
	return all
}

const greeting = `{"channel":"PUSH","basic_details":{"platforms":["ANDROID"]},"campaign_content":{"content":{"push":{"android":{"template_type":"BASIC",
	"basic_details":{"title":"Hi {{UserAttribute['First Name'] | default('friend')}}","message":"Your {{ event.item }} from {{ UserAttribute['City'] | default('nowhere') }}"}}}}}}`

func demoUser(t *testing.T) audience.User {
	t.Helper()
	u := audience.Demo(time.Now()).Users[2]
	if u.Profile()[audience.AttrFirstName] == nil {
		t.Fatal("demo user without a first name")
	}
	return u
}

func pane(svc Service) *Model {
	m := New(styles(), nil)
	m.SetSize(80, 40)
	if svc.P != nil {
		m.SetService(svc)
	}
	return m
}

// The preview asks the sandbox for the chosen user: the title carries the
// user's real first name from the service, not the sample profile's, and
// the event attribute typed in the editor.
func TestServicePreviewShowsTheUsersRealAttributes(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	u := demoUser(t)
	first := u.Profile()[audience.AttrFirstName].(string)
	m := pane(Service{P: lb.client, Name: "test sandbox"})
	in := Input{Work: campaign(t, greeting), Sel: model.Selection{Platform: "ANDROID"}, UserName: "someone",
		User:  map[string]any{"First Name": "Sample"}, // the local draw's sample profile
		Event: map[string]any{"item": "red shoes"},
		Who:   &api.UserIdentification{Type: audience.IDUniqueID, Value: u.ID}}
	cmd := m.Refresh(context.Background(), func() Input { return in })
	msgs := run(cmd)
	// The local draw comes first, labelled, with the sample profile.
	for _, msg := range msgs {
		if _, ok := msg.(renderedMsg); ok {
			m.Update(msg)
		}
	}
	if out := m.View(); !strings.Contains(out, "local preview · asking test sandbox") || !strings.Contains(out, "Hi Sample") {
		t.Fatalf("the first draw is not the labelled local one:\n%s", out)
	}
	for _, msg := range msgs {
		m.Update(msg)
	}
	out := m.View()
	if !strings.Contains(out, "service preview · from test sandbox") || !strings.Contains(out, "Hi "+first) || !strings.Contains(out, "Your red shoes from") {
		t.Fatalf("the service's preview for %s (%s) is not shown:\n%s", u.ID, first, out)
	}
	if strings.Contains(out, "Sample") {
		t.Fatalf("the sample profile is still drawn:\n%s", out)
	}
}

// The local draw and the sandbox's answer come from one renderer and the
// same profile: for every demo user they draw the same lines.
func TestLocalAndSandboxDrawTheSame(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	for _, u := range audience.Demo(time.Now()).Users[:6] {
		m := pane(Service{P: lb.client})
		in := Input{Work: campaign(t, greeting), Sel: model.Selection{Platform: "ANDROID"}, User: u.Profile(),
			Event: map[string]any{"item": "cart"}, Who: &api.UserIdentification{Type: audience.IDUniqueID, Value: u.ID}}
		feed(m, m.Refresh(context.Background(), func() Input { return in }))
		if m.svcOut == nil || m.svcOut.err != nil {
			t.Fatalf("%s: no service preview: %+v", u.ID, m.svcOut)
		}
		if got, want := strings.Join(m.svcOut.out.message, "\n"), strings.Join(m.out.message, "\n"); got != want {
			t.Errorf("%s: the sandbox drew\n%s\nthe local render\n%s", u.ID, got, want)
		}
	}
}

// Typing asks once: each change's command starts at once, as in the
// program, and a change superseded within the delay sends nothing. The
// delay's clock is the test's: it runs out once all five changes are made.
func TestServiceRequestIsDebounced(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	var sent atomic.Int32
	lb.hook = func(*http.Request, string) { sent.Add(1) }
	delayOver := make(chan time.Time)
	m := pane(Service{P: lb.client, Delay: DefaultServiceDelay, After: func(time.Duration) <-chan time.Time { return delayOver }})
	c := campaign(t, greeting)
	who := &api.UserIdentification{Type: audience.IDUniqueID, Value: demoUser(t).ID}
	answers := make(chan []tea.Msg, 5)
	for range 5 { // five key presses, typed quickly
		cmd := m.Refresh(context.Background(), func() Input { return Input{Work: c, Who: who} })
		go func() { answers <- run(cmd) }()
	}
	close(delayOver)
	for range 5 {
		for _, msg := range <-answers {
			m.Update(msg)
		}
	}
	if n := sent.Load(); n != 1 {
		t.Fatalf("%d preview requests for five quick changes, want 1", n)
	}
	if !strings.Contains(m.View(), "service preview") {
		t.Fatalf("the last change has no service preview:\n%s", m.View())
	}
}

// A request in flight when the next change comes is cancelled, and its
// answer, however late, is dropped: the preview shows the newer content.
func TestSupersededServiceRequestIsCancelledAndDropped(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	arrived := make(chan struct{})
	cancelled := make(chan struct{})
	lb.hook = func(r *http.Request, body string) {
		if strings.Contains(body, "OLD") {
			close(arrived)
			<-r.Context().Done() // held until the client gives up on it
			close(cancelled)
		}
	}
	m := pane(Service{P: lb.client})
	who := &api.UserIdentification{Type: audience.IDUniqueID, Value: demoUser(t).ID}
	old := campaign(t, strings.Replace(greeting, "Hi ", "OLD ", 1))
	cur := campaign(t, strings.Replace(greeting, "Hi ", "NEW ", 1))
	oldCmd := m.Refresh(context.Background(), func() Input { return Input{Work: old, Who: who} })
	oldMsgs := make(chan []tea.Msg, 1)
	go func() { oldMsgs <- run(oldCmd) }()
	<-arrived
	newCmd := m.Refresh(context.Background(), func() Input { return Input{Work: cur, Who: who} })
	select {
	case <-cancelled:
	case <-time.After(30 * time.Second):
		t.Fatal("the superseded request was not cancelled")
	}
	feed(m, newCmd)
	for _, msg := range <-oldMsgs { // the late answers arrive last
		m.Update(msg)
	}
	out := m.View()
	if !strings.Contains(out, "NEW ") || strings.Contains(out, "OLD ") || !strings.Contains(out, "service preview") {
		t.Fatalf("a superseded answer was applied:\n%s", out)
	}
}

// Without an answer in time the local draw stays, saying so.
func TestServiceTimeoutKeepsTheLocalDraw(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	lb.hook = func(r *http.Request, _ string) { <-r.Context().Done() }
	m := pane(Service{P: lb.client, Name: "test sandbox", Timeout: 100 * time.Millisecond})
	in := Input{Work: campaign(t, greeting), User: map[string]any{"First Name": "Ada"}, Event: map[string]any{"item": "hat"},
		Who: &api.UserIdentification{Type: audience.IDUniqueID, Value: demoUser(t).ID}}
	feed(m, m.Refresh(context.Background(), func() Input { return in }))
	out := m.View()
	if !strings.Contains(out, "local preview · test sandbox timed out: no answer within 100ms") || !strings.Contains(out, "Hi Ada") {
		t.Fatalf("a timed-out preview:\n%s", out)
	}
}

// An unreachable service leaves the local draw, labelled, with a note.
func TestUnreachableServiceFallsBackToTheLocalDraw(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	c, err := api.New(api.Config{BaseURL: "http://" + addr, WorkspaceID: "W", APIKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	m := pane(Service{P: c, Name: "http://" + addr})
	in := Input{Work: campaign(t, greeting), User: map[string]any{"First Name": "Ada"}, Who: &api.UserIdentification{Type: "EMAIL", Value: "a@b.co"}}
	feed(m, m.Refresh(context.Background(), func() Input { return in }))
	out := m.View()
	if !strings.Contains(out, "local preview") || !strings.Contains(out, "unreachable (connection refused)") || !strings.Contains(out, "Hi Ada") {
		t.Fatalf("an unreachable service:\n%s", out)
	}
}

// With no service, or a sample profile the service does not know, the draw
// is local and labelled so.
func TestLocalPreviewIsLabelled(t *testing.T) {
	in := Input{Work: campaign(t, greeting), User: map[string]any{"First Name": "Ada"}}
	m := pane(Service{})
	feed(m, m.Refresh(context.Background(), func() Input { return in }))
	if out := m.View(); !strings.Contains(out, "○ local preview") || !strings.Contains(out, "Hi Ada") {
		t.Fatalf("no service:\n%s", out)
	}
	lb := newLoopback(t)
	var sent atomic.Int32
	lb.hook = func(*http.Request, string) { sent.Add(1) }
	m = pane(Service{P: lb.client, Name: "test sandbox"})
	feed(m, m.Refresh(context.Background(), func() Input { return in }))
	if out := m.View(); !strings.Contains(out, "local preview · sample profile, not a user of test sandbox") || !strings.Contains(out, "Hi Ada") {
		t.Fatalf("a sample profile:\n%s", out)
	}
	if sent.Load() != 0 {
		t.Fatal("the service was asked for a sample profile")
	}
}

// A template that does not parse: the route answers 400 naming the field
// with line and column, and the pane shows exactly that.
func TestServiceTemplateErrorHasLineAndColumn(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	m := pane(Service{P: lb.client, Name: "test sandbox"})
	c := campaign(t, `{"channel":"PUSH","basic_details":{"platforms":["WEB"]},"campaign_content":{"content":{"push":{"web":{"template_type":"BASIC","basic_details":{"title":"Hi\n  {{ user.name","message":"m"}}}}}}`)
	in := Input{Work: c, Sel: model.Selection{Platform: "WEB"}, Who: &api.UserIdentification{Type: audience.IDUniqueID, Value: demoUser(t).ID}}
	feed(m, m.Refresh(context.Background(), func() Input { return in }))
	if m.svcOut == nil || !m.svcOut.rejected {
		t.Fatalf("the service did not refuse the template: %+v", m.svcOut)
	}
	out := m.View()
	for _, want := range []string{"test sandbox refused the content (400)", "campaign_content.content.push.web.basic_details.title", "line 2, column"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// Answers are addressed to the pane that asked: another pane (another
// editor, another campaign) with the same sequence number ignores them.
func TestAnswersOfAnotherPaneAreDropped(t *testing.T) {
	t.Parallel() // a sandbox of its own on loopback
	lb := newLoopback(t)
	who := &api.UserIdentification{Type: audience.IDUniqueID, Value: demoUser(t).ID}
	a, b := pane(Service{P: lb.client}), pane(Service{P: lb.client})
	ca := campaign(t, strings.Replace(greeting, "Hi ", "PANE-A ", 1))
	cb := campaign(t, strings.Replace(greeting, "Hi ", "PANE-B ", 1))
	cmdA := a.Refresh(context.Background(), func() Input { return Input{Work: ca, Who: who} })
	cmdB := b.Refresh(context.Background(), func() Input { return Input{Work: cb, Who: who} })
	feed(b, cmdB)
	before := b.View()
	feed(b, cmdA) // a's answers delivered to b by mistake
	if b.View() != before || strings.Contains(b.View(), "PANE-A") {
		t.Fatalf("b took a's answer:\n%s", b.View())
	}
}

// A pane resized after its render asks to be drawn again: cards are wrapped
// to the width they were drawn for.
func TestResizedPaneIsStale(t *testing.T) {
	m := pane(Service{})
	if m.Stale() {
		t.Fatal("a pane never drawn is stale")
	}
	c := campaign(t, greeting)
	feed(m, m.Refresh(context.Background(), func() Input { return Input{Work: c} }))
	if m.Stale() {
		t.Fatal("stale right after its render")
	}
	m.SetSize(120, 40)
	if !m.Stale() {
		t.Fatal("a wider pane is not stale")
	}
	feed(m, m.Refresh(context.Background(), func() Input { return Input{Work: c} }))
	if m.Stale() || !strings.Contains(m.View(), strings.Repeat("─", 110)) {
		t.Fatalf("not drawn at the new width:\n%s", m.View())
	}
}
