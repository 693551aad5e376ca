package cli

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/serve"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/checklist"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

// sshRun runs one command over a real SSH connection, without a terminal,
// as `ssh -p PORT host CMD…` does.
func sshRun(t *testing.T, client *gossh.Client, cmd string) (code int, stdout, stderr string) {
	t.Helper()
	s, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var o, e bytes.Buffer
	s.Stdout, s.Stderr = &o, &e
	err = s.Run(cmd)
	var ee *gossh.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitStatus()
	default:
		t.Fatalf("%s: %v", cmd, err)
	}
	return code, o.String(), e.String()
}

// The reading commands run over SSH on loopback for the visitor's
// workspace; anything else is refused with the list of what is allowed.
func TestCommandsOverSSH(t *testing.T) {
	f := sandboxtest.NewFixture(t)
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := gossh.NewSignerFromKey(priv)
	dir := t.TempDir()
	keys := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(keys, gossh.MarshalAuthorizedKey(signer.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	open := sshserver.SharedWorkspace(f.Client, dir)
	srv, err := sshserver.New(sshserver.Config{HostKeyPath: filepath.Join(dir, "host_key"), AuthorizedKeysPath: keys,
		App: sshserver.EditorApp(ui.Config{}, open, nil), Commands: serve.Commands(execute, open, false),
		Logger: log.NewWithOptions(&bytes.Buffer{}, log.Options{})})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	client, err := gossh.Dial("tcp", l.Addr().String(), &gossh.ClientConfig{User: "support", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.FixedHostKey(srv.HostKey()), Timeout: 15 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()

	var name, id string
	for n, i := range f.IDs {
		name, id = n, i
		break
	}
	code, out, errOut := sshRun(t, client, "get "+id+" --json")
	var rec map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || nameOf(rec) != name {
		t.Fatalf("get --json: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = sshRun(t, client, "list --json --all"); code != 0 || !strings.Contains(out, id) {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	code, out, errOut = sshRun(t, client, "status "+id+" --json")
	var st checklist.Answer
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st.Status == "" || len(st.Checks) == 0 {
		t.Fatalf("status --json: exit %d\n%s%s", code, out, errOut)
	}
	// meta ran for the workspace: the row, or the service's own "no metadata".
	if code, out, errOut = sshRun(t, client, "meta "+id+" --json"); !(code == 0 && strings.Contains(out, id) || code == 1 && strings.Contains(errOut, "no metadata for campaign "+id)) {
		t.Fatalf("meta: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = sshRun(t, client, "validate "+id); code > 1 || !strings.Contains(out, `"valid"`) {
		t.Fatalf("validate: exit %d\n%s", code, out)
	}
	// Refused: writes, other commands, and flags that would choose the
	// service or write a file.
	for _, cmd := range []string{"status " + id + " stop", "apply /etc", "rm -rf /", "get " + id + " --base-url http://example.com", "list --data /tmp", "get " + id + " --jq .", ""} {
		code, out, errOut := sshRun(t, client, cmd)
		if cmd == "" {
			continue // no command: the editor, which needs a terminal
		}
		if code == 0 || out != "" || !strings.Contains(errOut, "Refused") {
			t.Errorf("%q: exit %d, out %q, err %q", cmd, code, out, errOut)
		}
		if !strings.HasPrefix(cmd, "status") && !strings.Contains(cmd, "--") && !strings.Contains(errOut, "allowed: list, get, meta, status, validate") {
			t.Errorf("%q: the refusal does not list what is allowed: %q", cmd, errOut)
		}
	}
	// An unknown id is the service's 404, not a hang or a crash.
	if code, _, errOut = sshRun(t, client, "get 000000000000000000000000"); code != 1 || errOut == "" {
		t.Fatalf("unknown id: exit %d %q", code, errOut)
	}
}
