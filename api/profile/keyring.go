package profile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/zalando/go-keyring"
)

// KeyringService is the service name the API keys are kept under in the OS
// keyring; the profile name is the user.
const KeyringService = "campaigns"

// Keyring is the OS keyring as this package uses it. Tests use go-keyring's
// MockInit (or MockInitWithError to act as a machine without one).
type Keyring interface {
	Get(service, user string) (string, error)
	Set(service, user, secret string) error
	Delete(service, user string) error
}

// OSKeyring is the system keyring through zalando/go-keyring (pure Go:
// Secret Service over D-Bus, macOS Keychain, Windows Credential Manager).
type OSKeyring struct{}

func (OSKeyring) Get(s, u string) (string, error) { return keyring.Get(s, u) }
func (OSKeyring) Set(s, u, p string) error        { return keyring.Set(s, u, p) }
func (OSKeyring) Delete(s, u string) error        { return keyring.Delete(s, u) }

// ErrNoKey: the profile has no key stored anywhere.
var ErrNoKey = errors.New("no API key stored")

// Where a key was stored.
const (
	InKeyring = "the OS keyring"
	InFile    = "a file only you can read"
)

// SetKey stores the API key of a profile in the keyring; where no keyring
// answers (headless Linux, SSH) in a file readable only by the user, and
// warns once. It returns where the key went.
func (s *Store) SetKey(name, key string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	kerr := s.keyring().Set(KeyringService, name, key)
	if kerr == nil {
		os.Remove(s.keyFile(name)) // an older fallback copy must not outlive the new key
		return InKeyring, nil
	}
	if err := os.MkdirAll(filepath.Dir(s.keyFile(name)), 0o700); err != nil {
		return "", fmt.Errorf("no keyring (%v), and %w", kerr, err)
	}
	if err := writeFileAtomic(s.keyFile(name), []byte(key+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("no keyring (%v), and %w", kerr, err)
	}
	s.warn(fmt.Sprintf("warning: no OS keyring available (%v); the API key is in %s, readable only by you", shortErr(kerr), s.keyFile(name)))
	return InFile, nil
}

// Key returns the API key of a profile: from the keyring, else from the
// fallback file.
func (s *Store) Key(name string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	key, kerr := s.keyring().Get(KeyringService, name)
	if kerr == nil && key != "" {
		return key, nil
	}
	b, ferr := os.ReadFile(s.keyFile(name))
	if ferr == nil {
		if fi, err := os.Stat(s.keyFile(name)); err == nil && fi.Mode().Perm()&0o077 != 0 {
			return "", fmt.Errorf("%s can be read by others (mode %v): chmod 600 it, or log in again", s.keyFile(name), fi.Mode().Perm())
		}
		if k := strings.TrimSpace(string(b)); k != "" {
			return k, nil
		}
	}
	if kerr != nil && !errors.Is(kerr, keyring.ErrNotFound) && errors.Is(ferr, os.ErrNotExist) {
		return "", fmt.Errorf("the OS keyring refused to give the key of profile %q: %v", name, shortErr(kerr))
	}
	return "", fmt.Errorf("profile %q: %w (campaigns auth login --profile %s)", name, ErrNoKey, name)
}

// DeleteKey removes the key of a profile from the keyring and the fallback
// file. A key that was not there is not an error.
func (s *Store) DeleteKey(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	kerr := s.keyring().Delete(KeyringService, name)
	ferr := os.Remove(s.keyFile(name))
	if ferr != nil && !errors.Is(ferr, os.ErrNotExist) {
		return ferr
	}
	if kerr != nil && !errors.Is(kerr, keyring.ErrNotFound) && errors.Is(ferr, os.ErrNotExist) {
		// Nothing in a file; the keyring is there but refused.
		if _, gerr := s.keyring().Get(KeyringService, name); gerr == nil {
			return fmt.Errorf("the OS keyring refused to delete the key of profile %q: %v", name, shortErr(kerr))
		}
	}
	return nil
}

func (s *Store) keyring() Keyring {
	if s.Keyring != nil {
		return s.Keyring
	}
	return OSKeyring{}
}

func (s *Store) keyFile(name string) string { return filepath.Join(s.Dir, "keys", name) }

func (s *Store) warn(msg string) {
	if s.Warn != nil {
		s.Warn(msg)
	}
}

// shortErr keeps D-Bus's long explanations to their first line.
func shortErr(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}
