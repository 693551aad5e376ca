package clitest

import (
	"sync"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// Login saves p with its key and makes it the active profile, as `campaigns
// auth login` does.
func (e *Env) Login(p profile.Profile, key string) {
	e.t.Helper()
	store := e.F.Profiles()
	cfg, err := store.Load()
	if err == nil {
		err = cfg.Put(p)
	}
	if err == nil {
		_, err = store.SetKey(p.Name, key)
	}
	if err == nil {
		cfg.SetDefault(p.Name)
		err = store.Save(cfg)
	}
	if err != nil {
		e.t.Fatal(err)
	}
}

// Keyring is a keyring in memory; Err, when set, is every call's answer
// (a machine without one).
type Keyring struct {
	mu   sync.Mutex
	keys map[string]string
	Err  error
}

func (k *Keyring) Get(service, user string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return "", k.Err
	}
	v, ok := k.keys[service+"\x00"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (k *Keyring) Set(service, user, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return k.Err
	}
	if k.keys == nil {
		k.keys = map[string]string{}
	}
	k.keys[service+"\x00"+user] = secret
	return nil
}

func (k *Keyring) Delete(service, user string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return k.Err
	}
	if _, ok := k.keys[service+"\x00"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(k.keys, service+"\x00"+user)
	return nil
}

// ACMEKey is the API key of workspace ACME on WorkspaceACME's sandbox.
const ACMEKey = "k-7d1c9e-acme-unique"

// WorkspaceACME serves, until the test ends, a sandbox whose one
// workspace is ACME (key ACMEKey), for tests that name a service the way a
// profile does, and returns its URL.
func WorkspaceACME(t testing.TB) string {
	t.Helper()
	ws, _ := sandbox.ParseWorkspace("ACME:" + ACMEKey)
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{Workspaces: []sandbox.Workspace{ws}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	return url
}
