package serve

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// ssh refuses a listen address that is not HOST:PORT, and flags that do
// not go together, as usage mistakes before anything starts.
func TestSSHRefusesBadFlagsBeforeStarting(t *testing.T) {
	e := clitest.Offline(t, NewCmdSSH)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--demo", "--addr", "nope"}, `--addr "nope": want HOST:PORT`},
		{[]string{"--demo", "--max-sessions", "0"}, "--max-sessions must be at least 1"},
		{[]string{"--demo", "--idle-timeout", "-1s"}, "cannot be negative"},
		{[]string{"--demo", "--theme", "neon"}, `unknown --theme "neon"`},
		{[]string{"--demo", "--profile", "p"}, "--demo serves the embedded sandbox"},
		{[]string{"--demo", "--authorized-keys", "/tmp/k"}, "leave out --authorized-keys"},
		{[]string{}, "no --authorized-keys PATH given"},
	} {
		r := e.Do(NewCmdSSH(e.F, func(*SSHOptions) error { t.Fatalf("%v: ran", tc.args); return nil }), tc.args...)
		if r.Code != 2 || !strings.Contains(r.Err, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, r.Code, r.Err, tc.want)
		}
	}
}

// The flags reach the server's options; the host key defaults into the
// data directory; a visitor's commands run through the root's Execute.
func TestSSHFlagsMakeTheOptions(t *testing.T) {
	e := clitest.Offline(t, NewCmdSSH)
	ran := ""
	e.F.Execute = func(_ *cmdutil.Factory, args []string) int { ran = strings.Join(args, " "); return 0 }
	data := t.TempDir()
	var got *SSHOptions
	r := e.Do(NewCmdSSH(e.F, func(o *SSHOptions) error { got = o; return nil }), "--demo", "--addr", "127.0.0.1:0", "--data", data,
		"--max-sessions", "3", "--idle-timeout", "1m", "--theme", "plain")
	if r.Code != 0 || got == nil {
		t.Fatalf("exit %d %s", r.Code, r.Err)
	}
	if !got.Demo || got.MaxSessions != 3 || got.IdleTimeout.String() != "1m0s" || got.Theme.Name != "plain" ||
		!strings.HasPrefix(got.HostKeyPath, data) {
		t.Fatalf("options %+v", got)
	}
	if got.Exec(nil, []string{"list", "--json"}); ran != "list --json" {
		t.Fatalf("a visitor's command ran %q, not through the root", ran)
	}
}
