package sshserver

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// waitLimit bounds every wait for the server; tests wait for events, never
// for time, so this is only reached when something is broken.
const waitLimit = 15 * time.Second

// notifyBuffer is a buffer that signals every write, so a test can wait for
// text to appear without polling. A session's buffer also draws on a
// terminal emulator (screen), and waits look at that screen: text drawn and
// then overwritten does not count.
type notifyBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{}
	screen  *uitest.Term
}

func newNotifyBuffer() *notifyBuffer { return &notifyBuffer{changed: make(chan struct{}, 1)} }

// newScreenBuffer is a session's output: its bytes, and the screen they draw.
func newScreenBuffer(t testing.TB) *notifyBuffer {
	b := newNotifyBuffer()
	b.screen = uitest.NewTerm(t)
	return b
}

func (b *notifyBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	n, err := b.buf.Write(p)
	b.mu.Unlock()
	if b.screen != nil {
		_, _ = b.screen.Write(p)
	}
	select {
	case b.changed <- struct{}{}:
	default:
	}
	return n, err
}

func (b *notifyBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitFor waits until want is on the session's screen (for a log: in the
// text written).
func (b *notifyBuffer) waitFor(t testing.TB, want string) {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		if b.shows(want) {
			return
		}
		select {
		case <-b.changed:
		case <-deadline:
			t.Fatalf("waited for %q; got:\n%s", want, b.seen())
		}
	}
}

func (b *notifyBuffer) shows(want string) bool {
	if b.screen != nil {
		return b.screen.Has(want)
	}
	return strings.Contains(b.String(), want)
}

// seen is what a failed wait shows: the screen, or the text written.
func (b *notifyBuffer) seen() string {
	if b.screen != nil {
		return b.screen.String()
	}
	return b.String()
}

// probe is a tiny model that shows what reached it.
type probe struct {
	user      string
	profile   string
	dark      bool
	w, h      int
	keys      []string
	panicView bool
}

func (p *probe) Init() tea.Cmd { return nil }

func (p *probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.w, p.h = msg.Width, msg.Height
	case tea.KeyMsg:
		switch msg.String() {
		case "q":
			return p, tea.Quit
		case "P":
			panic("boom in Update")
		case "C":
			return p, func() tea.Msg { panic("boom in a command") }
		case "B":
			return p, tea.Batch(nil, func() tea.Msg { panic("boom in a batch") })
		case "V":
			p.panicView = true
		}
		p.keys = append(p.keys, msg.String())
	}
	return p, nil
}

func (p *probe) View() string {
	if p.panicView {
		panic("boom in View")
	}
	return fmt.Sprintf("probe user=%s profile=%s size=%dx%d keys=[%s] dark=%v",
		p.user, p.profile, p.w, p.h, strings.Join(p.keys, ","), p.dark)
}

var profileNames = map[int]string{0: "TrueColor", 1: "ANSI256", 2: "ANSI", 3: "Ascii"}

func probeApp(sess ssh.Session, r *common.Renderer) (tea.Model, func(), error) {
	return &probe{user: sess.User(), profile: profileNames[int(r.ColorProfile())], dark: r.HasDarkBackground()}, nil, nil
}

// key is a client key pair.
type key struct {
	signer gossh.Signer
}

func newKey(t testing.TB) key {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return key{s}
}

func (k key) authorizedLine() []byte { return gossh.MarshalAuthorizedKey(k.signer.PublicKey()) }

func writeAuthorized(t testing.TB, keys ...key) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("# test keys\n\n")
	for _, k := range keys {
		b.Write(k.authorizedLine())
	}
	p := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

type testServer struct {
	*Server
	addr string
	logs *notifyBuffer
}

// start runs a server on a random loopback port; cfg.App defaults to probe.
func start(t testing.TB, cfg Config) *testServer {
	t.Helper()
	if cfg.App == nil {
		cfg.App = probeApp
	}
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), HostKeyName)
	}
	if cfg.Grace == 0 {
		cfg.Grace = 50 * time.Millisecond
	}
	logs := newNotifyBuffer()
	cfg.Logger = log.NewWithOptions(logs, log.Options{Level: log.DebugLevel})
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err) // a connection the server could not let go
		}
		if err := <-served; err != nil && !errors.Is(err, ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	})
	return &testServer{Server: srv, addr: l.Addr().String(), logs: logs}
}

// startFor runs a server (see start) that lets in the given keys.
func startFor(t testing.TB, cfg Config, keys ...key) *testServer {
	t.Helper()
	cfg.AuthorizedKeysPath = writeAuthorized(t, keys...)
	return start(t, cfg)
}

// open connects with key k and opens an xterm-256color terminal of w×h.
func (ts *testServer) open(t testing.TB, k key, w, h int) *terminal {
	t.Helper()
	return openTerminal(t, ts.mustDial(t, k), "xterm-256color", w, h)
}

func (ts *testServer) dial(t testing.TB, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	t.Helper()
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            "tester",
		Auth:            auth,
		HostKeyCallback: gossh.FixedHostKey(ts.HostKey()),
		Timeout:         waitLimit,
	})
}

func (ts *testServer) mustDial(t testing.TB, k key) *gossh.Client {
	t.Helper()
	c, err := ts.dial(t, gossh.PublicKeys(k.signer))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// terminal is a client session with a PTY. Like a real terminal it answers
// the server's background-colour and device-attribute queries.
type terminal struct {
	sess  *gossh.Session
	stdin io.WriteCloser
	out   *notifyBuffer
	// told is what the session wrote to standard error (also drawn on the
	// screen): why it ended. A terminal shows it after the screen's own
	// bytes, but the SSH client copies the two streams on goroutines of
	// their own, so here the reason can reach the screen first, be drawn on
	// the alternate screen as the program leaves it, and vanish: a wait for
	// the reason after the session ended looks here.
	told   *notifyBuffer
	done   chan struct{}
	exit   error
	answer sync.Once
	// reply is what the terminal answers to the queries: "" for the
	// default dark answer, "-" for no answer at all (a silent client).
	reply string
	// split sends the answer in two writes, cut at this byte (0: one write).
	split int
}

// answer overrides how a terminal opened by openTerminalWith answers.
type answerMode struct {
	reply string
	split int
}

func openTerminal(t testing.TB, c *gossh.Client, term string, w, h int, env ...string) *terminal {
	t.Helper()
	return openTerminalWith(t, c, answerMode{}, term, w, h, env...)
}

func openTerminalWith(t testing.TB, c *gossh.Client, mode answerMode, term string, w, h int, env ...string) *terminal {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(env); i += 2 {
		if err := sess.Setenv(env[i], env[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	tm := &terminal{sess: sess, out: newScreenBuffer(t), told: newNotifyBuffer(), done: make(chan struct{}), reply: mode.reply, split: mode.split}
	tm.stdin, err = sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	sess.Stdout = writerFunc(tm.write)
	sess.Stderr = io.MultiWriter(tm.out, tm.told)
	if err := sess.RequestPty(term, h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { tm.exit = sess.Wait(); close(tm.done) }()
	t.Cleanup(func() { sess.Close() })
	return tm
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func (tm *terminal) write(p []byte) (int, error) {
	n, err := tm.out.Write(p)
	if tm.reply != "-" && bytes.Contains(p, []byte("\x1b]11;?")) {
		tm.answer.Do(func() {
			reply := tm.reply
			if reply == "" {
				reply = "\x1b]11;rgb:1c1c/1c1c/1c1c\x1b\\\x1b[?62;22c"
			}
			go func() {
				if tm.split > 0 && tm.split < len(reply) {
					_, _ = io.WriteString(tm.stdin, reply[:tm.split])
					time.Sleep(20 * time.Millisecond) // two packets
					reply = reply[tm.split:]
				}
				_, _ = io.WriteString(tm.stdin, reply)
			}()
		})
	}
	return n, err
}

func (tm *terminal) send(t testing.TB, keys string) {
	t.Helper()
	if _, err := io.WriteString(tm.stdin, keys); err != nil {
		t.Fatalf("send %q: %v", keys, err)
	}
}

// waitClosed waits for the server to end the session and returns its exit status.
func (tm *terminal) waitClosed(t testing.TB) int {
	t.Helper()
	select {
	case <-tm.done:
	case <-time.After(waitLimit):
		t.Fatalf("session still open; screen:\n%s", tm.out.seen())
	}
	var ee *gossh.ExitError
	if errors.As(tm.exit, &ee) {
		return ee.ExitStatus()
	}
	if tm.exit != nil {
		t.Fatalf("session ended without an exit status: %v", tm.exit)
	}
	return 0
}

// waitSessions waits until at most n sessions are open. The server releases
// a session just before it logs the disconnect, so every log line is a
// moment to look again.
func (ts *testServer) waitSessions(t testing.TB, n int) {
	t.Helper()
	deadline := time.After(waitLimit)
	for ts.Sessions() > n {
		select {
		case <-ts.logs.changed:
		case <-deadline:
			t.Fatalf("%d sessions still open, want at most %d", ts.Sessions(), n)
		}
	}
}

// stress says whether the stress tests run in full: CAMPAIGNS_STRESS=1, as
// .ci/run sets it. Otherwise they run a short form, so that go test ./...
// stays quick on a developer's machine.
func TestMain(m *testing.M) {
	flag.Parse()
	// Each test has a server of its own and waits on connections far more
	// than it computes.
	uitest.ParallelUnlessSet(16)
	os.Exit(m.Run())
}

func stress() bool { return os.Getenv("CAMPAIGNS_STRESS") == "1" }
