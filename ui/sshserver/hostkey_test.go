package sshserver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostKeyIsCreatedOnceAndKept(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "nested", "dir", HostKeyName)
	first, err := LoadOrCreateHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("host key mode %#o, want 0600", perm)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("host key directory mode %#o, want 0700", dir.Mode().Perm())
	}
	again, err := LoadOrCreateHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.PublicKey().Marshal(), again.PublicKey().Marshal()) {
		t.Error("the host key changed on the second start")
	}

	// A server restarted on the same path shows clients the same key.
	srv, err := New(Config{Demo: true, HostKeyPath: path, App: probeApp})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(srv.HostKey().Marshal(), first.PublicKey().Marshal()) {
		t.Error("the server does not use the kept host key")
	}
}

func TestHostKeyReadableByOthersIsRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), HostKeyName)
	if _, err := LoadOrCreateHostKey(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadOrCreateHostKey(path)
	if err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("err = %v, want a refusal telling how to fix the mode", err)
	}
}

func TestHostKeyThatIsNotAKeyIsRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), HostKeyName)
	os.WriteFile(path, []byte("hello"), 0o600)
	if _, err := LoadOrCreateHostKey(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want an error naming %s", err, path)
	}
}
