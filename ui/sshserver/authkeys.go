package sshserver

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/api/ops"
)

// authorizedKeys is an OpenSSH authorized_keys file. It is read when the
// server starts (a malformed line stops the start, naming the line) and read
// again when the file changes, so adding or removing a key needs no restart.
// A file that later goes missing or stops parsing lets nobody in (fail
// closed) until it is fixed.
// Of the key options (from=, command=, …) only environment="CAMPAIGNS_AUTHOR=…"
// is read: it names the person behind the key, whose edits are recorded
// under it (updated_by); an email address as the line's comment does the
// same. Restrict access to the listening address instead of from=.
type authorizedKeys struct {
	path string

	mu      sync.Mutex
	modTime time.Time
	size    int64
	keys    map[string]string // by the key's wire form: the author ("" for none)
}

func loadAuthorizedKeys(path string) (*authorizedKeys, error) {
	a := &authorizedKeys{path: path}
	if err := a.reload(); err != nil {
		return nil, err
	}
	return a, nil
}

// reload reads the file; on any error no key is allowed.
func (a *authorizedKeys) reload() error {
	a.keys = nil
	info, err := os.Stat(a.path)
	if err != nil {
		return fmt.Errorf("authorized keys: %w", err)
	}
	data, err := os.ReadFile(a.path)
	if err != nil {
		return fmt.Errorf("authorized keys: %w", err)
	}
	keys, err := parseAuthorizedKeys(data)
	if err != nil {
		return fmt.Errorf("authorized keys %s: %w", a.path, err)
	}
	a.keys, a.modTime, a.size = keys, info.ModTime(), info.Size()
	return nil
}

func parseAuthorizedKeys(data []byte) (map[string]string, error) {
	keys := map[string]string{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, comment, options, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: not a public key: %w", i+1, err)
		}
		keys[string(key.Marshal())] = authorOf(comment, options)
	}
	return keys, nil
}

// authorOf is the person an authorized_keys line names: its
// environment="CAMPAIGNS_AUTHOR=…" option, else its comment when that is an
// email address; "" for none.
func authorOf(comment string, options []string) string {
	for _, o := range options {
		name, v, _ := strings.Cut(o, "=")
		if !strings.EqualFold(name, "environment") {
			continue
		}
		if env, by, ok := strings.Cut(strings.Trim(v, `"`), "="); ok && env == "CAMPAIGNS_AUTHOR" && ops.ValidAuthor(by) {
			return by
		}
	}
	if c := strings.TrimSpace(comment); ops.ValidAuthor(c) {
		return c
	}
	return ""
}

// allows reports whether key is listed, and the author its line names,
// re-reading the file if it changed.
func (a *authorizedKeys) allows(key gossh.PublicKey) (bool, string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var reloadErr error
	if info, err := os.Stat(a.path); err != nil {
		a.keys, a.modTime, a.size = nil, time.Time{}, -1
		reloadErr = fmt.Errorf("authorized keys: %w", err)
	} else if !info.ModTime().Equal(a.modTime) || info.Size() != a.size {
		reloadErr = a.reload()
	}
	by, ok := a.keys[string(key.Marshal())]
	return ok, by, reloadErr
}
