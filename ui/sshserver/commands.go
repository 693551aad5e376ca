package sshserver

// Commands over SSH: `ssh -p PORT host get ID` runs one reading command
// for the visitor's workspace and prints its output, without a terminal.
// Only the commands and flags below get through: a visitor chooses neither
// the service, the profile, the data directory nor a log file, and changes
// nothing.

import (
	"io"
	"slices"
	"strings"

	"github.com/charmbracelet/ssh"
)

// CommandFunc runs one allowed command (args as typed after the host) for
// the visitor of sess, writing to stdout and stderr; it returns the exit
// status given to the visitor.
type CommandFunc func(sess ssh.Session, args []string, stdout, stderr io.Writer) int

// AllowedCommands are the commands a visitor may run without a terminal.
var AllowedCommands = []string{"list", "get", "meta", "status", "validate"}

// commandFlags are the flags each allowed command takes over SSH (--help
// too); they all read. --jq is not one: an expression can loop for ever on
// the server; pipe --json to jq on your side.
var commandFlags = map[string][]string{
	"list":     {"--status", "--channel", "--type", "--name", "--tag", "--children", "--archived", "--page", "--all", "--json"},
	"get":      {"--json"},
	"meta":     {"--json"},
	"status":   {"--json"},
	"validate": {"--json"},
}

// positionals are how many arguments besides flags each command takes.
var positionals = map[string]int{"list": 0, "get": 1, "meta": 1, "status": 1, "validate": 1}

// CheckCommand says why args may not run over SSH ("" when they may).
func CheckCommand(args []string) string {
	allowed := "allowed: " + strings.Join(AllowedCommands, ", ") + " (status with an ID only; connect without a command for the editor)"
	if len(args) == 0 || !slices.Contains(AllowedCommands, args[0]) {
		what := "no command"
		if len(args) > 0 {
			what = "the command " + quote(args[0])
		}
		return "Refused: " + what + " does not run over SSH; " + allowed + "."
	}
	cmd, rest := args[0], args[1:]
	flags := commandFlags[cmd]
	var pos []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--help" || a == "-h" {
			continue
		}
		if !strings.HasPrefix(a, "-") {
			pos = append(pos, a)
			continue
		}
		name, _, hasValue := strings.Cut(a, "=")
		if !slices.Contains(flags, name) {
			return "Refused: " + cmd + " takes only " + strings.Join(flags, ", ") + " over SSH, not " + quote(name) + "."
		}
		if !hasValue && takesValue(name) && i+1 < len(rest) {
			i++ // the flag's value
		}
	}
	if len(pos) > positionals[cmd] {
		if cmd == "status" {
			return "Refused: over SSH, status only reads (status ID); pause, resume and stop are done in the editor or the command line."
		}
		return "Refused: " + cmd + " takes " + countArgs(positionals[cmd]) + " over SSH; " + allowed + "."
	}
	return ""
}

// takesValue: the flags followed by a value rather than standing alone.
func takesValue(flag string) bool {
	switch flag {
	case "--children", "--archived", "--all", "--json":
		return false
	}
	return true
}

func countArgs(n int) string {
	if n == 0 {
		return "no argument"
	}
	return "one campaign ID"
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return "“" + strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s) + "”"
}

// commands runs a command given with the session (ssh host get ID) and
// ends the session with its exit status; a session without one goes on to
// the editor.
func (s *Server) commands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		args := sess.Command()
		if len(args) == 0 || s.cfg.Commands == nil {
			next(sess) // the editor (which says it needs a terminal)
			return
		}
		st := s.sessionOf(sess)
		if why := CheckCommand(args); why != "" {
			s.log.Info("command refused", "session", st.id, "command", args[0])
			st.refuse(why)
			return
		}
		s.log.Info("command", "session", st.id, "command", args[0])
		code := s.cfg.Commands(sess, args, sess, sess.Stderr())
		st.mu.Lock()
		st.ending, st.exitCode = true, code
		st.mu.Unlock()
	}
}
