package sshserver

import (
	"crypto/ed25519"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
)

// The visitor's edits are recorded under the person their authorized_keys
// line names: the environment="CAMPAIGNS_AUTHOR=…" option, else an email
// comment; a line naming nobody gives no author (the service then names
// the credential), never the machine's or the draft's.
func TestAuthorizedKeysNameTheAuthor(t *testing.T) {
	t.Parallel()
	line := func(opts, comment string) (string, gossh.PublicKey) {
		pub, _, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		k, err := gossh.NewPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		l := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k))) + " " + comment
		if opts != "" {
			l = opts + " " + l
		}
		return l, k
	}
	for _, tc := range []struct{ opts, comment, want string }{
		{`environment="CAMPAIGNS_AUTHOR=alice@example.com"`, "laptop", "alice@example.com"},
		{`no-pty,environment="CAMPAIGNS_AUTHOR=alice@example.com"`, "ines.garcia@example.com", "alice@example.com"},
		{"", "bob@example.com", "bob@example.com"},
		{"", "bob@laptop-2", ""}, // ssh-keygen's user@host: not an address
		{"", "laptop", ""},
		{`environment="CAMPAIGNS_AUTHOR=not an email"`, "", ""},
	} {
		l, k := line(tc.opts, tc.comment)
		keys, err := parseAuthorizedKeys([]byte("# team\n" + l + "\n"))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		by, ok := keys[string(k.Marshal())]
		if !ok || by != tc.want {
			t.Errorf("%s: author %q (listed %v), want %q", l, by, ok, tc.want)
		}
	}
}

// Over SSH a visitor's session writes as the person their authorized_keys
// line names (here the option wins over the comment), never as the server's
// own author: the editor the session gets is wired with it.
func TestSessionWritesAsTheVisitor(t *testing.T) {
	t.Parallel()
	alice := newKey(t)
	line := `environment="CAMPAIGNS_AUTHOR=alice@example.com" ` + strings.TrimSpace(string(alice.authorizedLine())) + " ines.garcia@example.com\n"
	path := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(path, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	open, _ := demoSandbox(t)
	authors := make(chan string, 1)
	wire := func(cfg *ui.Config) (func() error, error) {
		authors <- cfg.Author
		return nil, nil
	}
	base := ui.Config{Service: "embedded sandbox", Theme: themes.Default(), Author: "server.owner@example.com"}
	ts := start(t, Config{AuthorizedKeysPath: path, App: EditorApp(base, open, wire)})
	tm := ts.open(t, alice, 120, 30)
	if by := <-authors; by != "alice@example.com" {
		t.Errorf("the session writes as %q, want alice@example.com", by)
	}
	tm.out.waitFor(t, "q quit")
	tm.send(t, "q")
	tm.waitClosed(t)
}
