package sshserver

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// authorizedKeys is an OpenSSH authorized_keys file. It is read when the
// server starts (a malformed line stops the start, naming the line) and read
// again when the file changes, so adding or removing a key needs no restart.
// A file that later goes missing or stops parsing lets nobody in (fail
// closed) until it is fixed.
// Key options (from=, command=, …) are not interpreted; restrict access to
// the listening address instead.
type authorizedKeys struct {
	path string

	mu      sync.Mutex
	modTime time.Time
	size    int64
	keys    map[string]bool // by the key's wire form
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

func parseAuthorizedKeys(data []byte) (map[string]bool, error) {
	keys := map[string]bool{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: not a public key: %w", i+1, err)
		}
		keys[string(key.Marshal())] = true
	}
	return keys, nil
}

// allows reports whether key is listed, re-reading the file if it changed.
func (a *authorizedKeys) allows(key gossh.PublicKey) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var reloadErr error
	if info, err := os.Stat(a.path); err != nil {
		a.keys, a.modTime, a.size = nil, time.Time{}, -1
		reloadErr = fmt.Errorf("authorized keys: %w", err)
	} else if !info.ModTime().Equal(a.modTime) || info.Size() != a.size {
		reloadErr = a.reload()
	}
	return a.keys[string(key.Marshal())], reloadErr
}
