package sshserver

import (
	"context"
	"io"
	"net"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/ui/common"
)

func TestAuthorizedKeyGetsTheFirstScreen(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	tm := ts.open(t, alice, 100, 30)
	tm.out.waitFor(t, "probe user=tester profile=ANSI256 size=100x30")
	tm.send(t, "q")
	if code := tm.waitClosed(t); code != 0 {
		t.Errorf("exit status after q = %d, want 0", code)
	}
	ts.logs.waitFor(t, "disconnect")
	logs := ts.logs.String()
	fp := gossh.FingerprintSHA256(alice.signer.PublicKey())
	for _, want := range []string{"connect", "user=tester", "key=" + fp, "addr=127.0.0.1:", "duration="} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
}

func TestUnknownKeyPasswordAndKeyboardInteractiveAreRefused(t *testing.T) {
	t.Parallel()
	alice, mallory := newKey(t), newKey(t)
	ts := startFor(t, Config{}, alice)
	if _, err := ts.dial(t, gossh.PublicKeys(mallory.signer)); err == nil || !strings.Contains(err.Error(), "unable to authenticate") {
		t.Fatalf("unknown key: err = %v, want an authentication failure", err)
	}
	ts.logs.waitFor(t, "key refused")
	if !strings.Contains(ts.logs.String(), gossh.FingerprintSHA256(mallory.signer.PublicKey())) {
		t.Errorf("refusal log does not name the key:\n%s", ts.logs.String())
	}
	if _, err := ts.dial(t, gossh.Password("hunter2")); err == nil {
		t.Fatal("password authentication got in")
	}
	answered := false
	_, err := ts.dial(t, gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		answered = true
		return []string{"hunter2"}, nil
	}))
	if err == nil || answered {
		t.Fatalf("keyboard-interactive: err = %v, challenge answered = %v; want no challenge and a refusal", err, answered)
	}
}

func TestAuthorizedKeysFileIsReReadWhenItChanges(t *testing.T) {
	t.Parallel()
	alice, bob := newKey(t), newKey(t)
	path := writeAuthorized(t, alice)
	ts := start(t, Config{AuthorizedKeysPath: path})
	if _, err := ts.dial(t, gossh.PublicKeys(bob.signer)); err == nil {
		t.Fatal("bob got in before being added")
	}
	if err := os.WriteFile(path, append(alice.authorizedLine(), bob.authorizedLine()...), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := ts.dial(t, gossh.PublicKeys(bob.signer))
	if err != nil {
		t.Fatalf("bob after being added: %v", err)
	}
	c.Close()
	// Removing the file revokes everyone (fail closed).
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.dial(t, gossh.PublicKeys(alice.signer)); err == nil {
		t.Fatal("alice got in after the authorized keys file was removed")
	}
}

func TestNewRefusesBadConfiguration(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := dir + "/bad_keys"
	os.WriteFile(bad, []byte("# fine\nssh-ed25519 not-base64!!\n"), 0o600)
	for name, cfg := range map[string]Config{
		"no authorized keys":      {},
		"missing authorized keys": {AuthorizedKeysPath: dir + "/nope"},
		"malformed line":          {AuthorizedKeysPath: bad},
	} {
		cfg.App, cfg.HostKeyPath = probeApp, dir+"/hk"
		_, err := New(cfg)
		if err == nil {
			t.Errorf("%s: New accepted it", name)
			continue
		}
		if name == "malformed line" && !strings.Contains(err.Error(), "line 2") {
			t.Errorf("malformed line: error %q does not name line 2", err)
		}
		if name == "no authorized keys" && !strings.Contains(err.Error(), "--authorized-keys") {
			t.Errorf("no authorized keys: error %q does not name the flag", err)
		}
	}
}

func TestSessionWithoutPTYGetsItsMessageAndIsClosed(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	c := ts.mustDial(t, alice)
	for _, command := range []string{"", "ls -la"} {
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		sess.Stdout, sess.Stderr = &out, &out
		if command == "" {
			err = sess.Shell()
			if err == nil {
				err = sess.Wait()
			}
		} else {
			err = sess.Run(command)
		}
		ee, ok := err.(*gossh.ExitError)
		if !ok || ee.ExitStatus() != 1 {
			t.Errorf("command %q: err = %v, want exit status 1", command, err)
		}
		got := out.String()
		if !strings.Contains(got, "needs a terminal") || strings.Count(strings.TrimSpace(got), "\n") != 0 {
			t.Errorf("command %q: output %q, want one line saying a terminal is needed", command, got)
		}
	}
}

func TestResizeReachesTheProgram(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	tm := ts.open(t, alice, 80, 24)
	tm.out.waitFor(t, "size=80x24")
	if err := tm.sess.WindowChange(40, 132); err != nil {
		t.Fatal(err)
	}
	tm.out.waitFor(t, "size=132x40")
}

func TestEachSessionIsStyledForItsOwnTerminal(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	c := ts.mustDial(t, alice)
	colour := openTerminal(t, c, "xterm-256color", 80, 24)
	dumb := openTerminal(t, c, "dumb", 80, 24)
	colour.out.waitFor(t, "profile=ANSI256")
	dumb.out.waitFor(t, "profile=Ascii")
}

func TestMaxSessionsHolds(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{MaxSessions: 2}, alice)
	c := ts.mustDial(t, alice)
	first := openTerminal(t, c, "xterm-256color", 80, 24)
	second := ts.open(t, alice, 80, 24)
	first.out.waitFor(t, "probe")
	second.out.waitFor(t, "probe")

	third := ts.open(t, alice, 80, 24)
	if code := third.waitClosed(t); code != 1 {
		t.Errorf("refused session exit status = %d, want 1", code)
	}
	if got := third.out.String(); !strings.Contains(got, "server is full") || strings.Contains(got, "probe") {
		t.Errorf("refused session saw %q; want the polite refusal and no editor", got)
	}

	// A seat that frees up can be taken again.
	first.send(t, "q")
	first.waitClosed(t)
	ts.waitSessions(t, 1)
	fourth := openTerminal(t, c, "xterm-256color", 80, 24)
	fourth.out.waitFor(t, "probe")
}

func TestCtrlZNeverReachesTheProgram(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	tm := ts.open(t, alice, 80, 24)
	tm.out.waitFor(t, "probe")
	tm.send(t, "a\x1ab")
	tm.out.waitFor(t, "keys=[a,b]")
}

func TestAPanicEndsOnlyItsSession(t *testing.T) {
	t.Parallel() // a server of its own
	alice := newKey(t)
	ts := startFor(t, Config{}, alice)
	c := ts.mustDial(t, alice)
	bystander := openTerminal(t, c, "xterm-256color", 80, 24)
	bystander.out.waitFor(t, "probe")

	for _, tc := range []struct{ key, where string }{
		{"P", "boom in Update"},
		{"C", "boom in a command"},
		{"B", "boom in a batch"},
		{"V", "boom in View"},
	} {
		victim := openTerminal(t, c, "xterm-256color", 80, 24)
		victim.out.waitFor(t, "probe")
		victim.send(t, tc.key)
		if code := victim.waitClosed(t); code != 1 {
			t.Errorf("%s: exit status %d, want 1", tc.where, code)
		}
		victim.told.waitFor(t, "internal error")
		ts.logs.waitFor(t, tc.where)
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "panic in session") || !strings.Contains(logs, "goroutine") {
		t.Errorf("panics are not logged with a stack:\n%s", logs)
	}
	// The server and the other session carry on.
	bystander.send(t, "x")
	bystander.out.waitFor(t, "keys=[x]")
	late := openTerminal(t, c, "xterm-256color", 80, 24)
	late.out.waitFor(t, "probe")
}

// A session idle for IdleTimeout, or open for MaxSession, is told why and
// closed.
func TestSessionPastItsLimitIsToldAndClosed(t *testing.T) {
	t.Parallel() // waits on the server's timers
	for _, tc := range []struct {
		name string
		cfg  Config
		told string
	}{
		{"idle", Config{IdleTimeout: 300 * time.Millisecond}, "This session was idle for"},
		{"long", Config{MaxSession: 300 * time.Millisecond}, "reached its time limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			alice := newKey(t)
			tm := startFor(t, tc.cfg, alice).open(t, alice, 80, 24)
			tm.out.waitFor(t, "probe")
			tm.told.waitFor(t, tc.told)
			tm.waitClosed(t)
		})
	}
}

func TestShutdownTellsSessionsAndClosesThem(t *testing.T) {
	t.Parallel() // waits on the server's timers
	alice := newKey(t)
	ts := startFor(t, Config{Grace: 200 * time.Millisecond}, alice)
	// Two sessions start at once on one connection (ssh multiplexing), one
	// has its own: every one of them must be told.
	shared := ts.mustDial(t, alice)
	var terms []*terminal
	for _, c := range []*gossh.Client{shared, shared, ts.mustDial(t, alice)} {
		terms = append(terms, openTerminal(t, c, "xterm-256color", 80, 24))
	}
	for _, tm := range terms {
		tm.out.waitFor(t, "probe")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- ts.Shutdown(ctx) }()
	for _, tm := range terms {
		tm.told.waitFor(t, "The server is shutting down.")
		tm.waitClosed(t)
	}
	if err := <-shut; err != nil {
		t.Errorf("Shutdown: %v", err)
	}
	if _, err := ts.dial(t, gossh.PublicKeys(alice.signer)); err == nil {
		t.Error("a new connection got in after shutdown")
	}
}

func TestConnectionThatNeverLogsInIsClosed(t *testing.T) {
	t.Parallel() // waits on the server's timers
	ts := start(t, Config{Demo: true, HandshakeTimeout: 200 * time.Millisecond})
	c, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(waitLimit))
	// Read the server's banner and then nothing: the server must hang up.
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatalf("the server did not close a silent connection: %v", err)
	}
	ts.logs.waitFor(t, "no login in time")
}

func TestAPanicWhileOpeningTheEditorEndsOnlyThatSession(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	var calls atomic.Int32
	ts := start(t, Config{AuthorizedKeysPath: writeAuthorized(t, alice), App: func(sess ssh.Session, r *common.Renderer) (tea.Model, func(), error) {
		if calls.Add(1) == 1 {
			panic("boom while opening")
		}
		return probeApp(sess, r)
	}})
	c := ts.mustDial(t, alice)
	first := openTerminal(t, c, "xterm-256color", 80, 24)
	if code := first.waitClosed(t); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	first.told.waitFor(t, "internal error")
	ts.logs.waitFor(t, "boom while opening")
	second := openTerminal(t, c, "xterm-256color", 80, 24)
	second.out.waitFor(t, "probe")
}
