package sshserver

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	gossh "golang.org/x/crypto/ssh"
)

// HostKeyName is the file name of the host key inside the data directory.
const HostKeyName = "ssh_host_ed25519_key"

// LoadOrCreateHostKey reads the host key at path, or creates an Ed25519 key
// there (mode 0600, its directory 0700) when there is none yet. The key is
// kept, so clients see the same host fingerprint after a restart. Like sshd,
// it refuses a key file that other users can read.
func LoadOrCreateHostKey(path string) (gossh.Signer, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return createHostKey(path)
	case err != nil:
		return nil, fmt.Errorf("host key %s: %w", path, err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("host key %s: not a regular file", path)
	case runtime.GOOS != "windows" && info.Mode().Perm()&0o077 != 0:
		return nil, fmt.Errorf("host key %s: permissions %#o are too open; the key must be readable by its owner only (chmod 600 %s)",
			path, info.Mode().Perm(), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, nil
}

func createHostKey(path string) (gossh.Signer, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "campaigns ssh host key")
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	// O_EXCL: two servers starting at once must not overwrite each other's key.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return LoadOrCreateHostKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	if _, err := f.Write(pem.EncodeToMemory(block)); err != nil {
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return gossh.NewSignerFromKey(priv)
}
