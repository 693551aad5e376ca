package profile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

func TestLoadMissingFileIsEmpty(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "campaigns")}
	c, err := s.Load()
	if err != nil || len(c.Names()) != 0 || c.Default() != "" {
		t.Fatalf("Load on a fresh HOME: %v %v %q", err, c.Names(), c.Default())
	}
}

func TestProfilesRoundTripKeepUnknownKeys(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ConfigName), []byte("editor_hint = \"keep me\"\n[profiles.prod]\nbase_url = \"https://x.example\"\nworkspace_id = \"W\"\nnote = \"mine\"\n"), 0o600)
	s := &Store{Dir: dir}
	c, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put(Profile{Name: "staging", DC: "02", WorkspaceID: "S", ReadOnly: true, Color: "#ff8800"}); err != nil {
		t.Fatal(err)
	}
	c.SetDefault("staging")
	if err := s.Save(c); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(dir, ConfigName))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("config mode %v, want 0600", fi.Mode().Perm())
	}
	c, err = s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Names(); strings.Join(got, ",") != "prod,staging" || c.Default() != "staging" {
		t.Fatalf("names %v default %q", got, c.Default())
	}
	p, _ := c.Get("staging")
	if p != (Profile{Name: "staging", DC: "02", WorkspaceID: "S", ReadOnly: true, Color: "#ff8800"}) {
		t.Fatalf("staging = %+v", p)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, ConfigName))
	for _, want := range []string{"keep me", "mine"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("unknown key %q lost:\n%s", want, raw)
		}
	}
	if err := c.Delete("staging"); err != nil || c.Default() != "" {
		t.Fatalf("delete of the active profile: %v, default %q", err, c.Default())
	}
}

func TestBrokenConfigNamesLineAndColumn(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ConfigName), []byte("[profiles.prod]\nbase_url = \"https://x\"\nworkspace_id = W\n"), 0o600)
	_, err := (&Store{Dir: dir}).Load()
	if err == nil || !strings.Contains(err.Error(), "line 3, column") || !strings.Contains(err.Error(), ConfigName) {
		t.Fatalf("err = %v", err)
	}
}

func TestPutRefusesBadProfiles(t *testing.T) {
	c, _ := (&Store{Dir: t.TempDir()}).Load()
	for _, p := range []Profile{
		{Name: "a.b", BaseURL: "https://x", WorkspaceID: "W"},
		{Name: "", BaseURL: "https://x", WorkspaceID: "W"},
		{Name: "p", WorkspaceID: "W"},
		{Name: "p", BaseURL: "https://x", DC: "01", WorkspaceID: "W"},
		{Name: "p", BaseURL: "https://x"},
	} {
		if err := c.Put(p); err == nil {
			t.Errorf("Put(%+v) accepted", p)
		}
	}
}

func TestResolve(t *testing.T) {
	c, _ := (&Store{Dir: t.TempDir()}).Load()
	if _, ok, err := c.Resolve(""); ok || err != nil {
		t.Fatalf("no profiles: ok %v err %v", ok, err)
	}
	c.Put(Profile{Name: "prod", BaseURL: "https://x", WorkspaceID: "W"})
	if _, _, err := c.Resolve("staging"); err == nil || !strings.Contains(err.Error(), `profile "staging" does not exist`) || !strings.Contains(err.Error(), "known: prod") {
		t.Fatalf("unknown profile: %v", err)
	}
	c.SetDefault("gone")
	if _, _, err := c.Resolve(""); err == nil || !strings.Contains(err.Error(), `active profile "gone"`) {
		t.Fatalf("dangling default: %v", err)
	}
	c.SetDefault("prod")
	if p, ok, err := c.Resolve(""); !ok || err != nil || p.WorkspaceID != "W" {
		t.Fatalf("default: %+v %v %v", p, ok, err)
	}
}

func TestKeyInKeyring(t *testing.T) {
	keyring.MockInit()
	dir := t.TempDir()
	s := &Store{Dir: dir, Warn: func(m string) { t.Errorf("unexpected warning %q", m) }}
	where, err := s.SetKey("prod", "s3cret")
	if err != nil || where != InKeyring {
		t.Fatalf("SetKey: %q %v", where, err)
	}
	if k, err := s.Key("prod"); k != "s3cret" || err != nil {
		t.Fatalf("Key: %q %v", k, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "keys", "prod")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a key file exists beside a working keyring")
	}
	if err := s.DeleteKey("prod"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Key("prod"); !errors.Is(err, ErrNoKey) {
		t.Fatalf("after DeleteKey: %v", err)
	}
}

func TestKeyFallsBackToAPrivateFile(t *testing.T) {
	keyring.MockInitWithError(errors.New("no D-Bus session bus\nlong explanation"))
	t.Cleanup(keyring.MockInit)
	dir := t.TempDir()
	var warnings []string
	s := &Store{Dir: dir, Warn: func(m string) { warnings = append(warnings, m) }}
	where, err := s.SetKey("prod", "s3cret")
	if err != nil || where != InFile {
		t.Fatalf("SetKey: %q %v", where, err)
	}
	file := filepath.Join(dir, "keys", "prod")
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], file) || strings.Contains(warnings[0], "\n") {
		t.Errorf("want one one-line warning naming the file, got %q", warnings)
	}
	if k, err := s.Key("prod"); k != "s3cret" || err != nil {
		t.Fatalf("Key: %q %v", k, err)
	}
	os.Chmod(file, 0o644)
	if _, err := s.Key("prod"); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key file others can read must be refused: %v", err)
	}
	if err := s.DeleteKey("prod"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("key file left after DeleteKey")
	}
}

// A keyring that holds nothing for the profile and refuses to answer, with
// no key file: one sentence naming the keyring.
func TestKeyringThatRefuses(t *testing.T) {
	keyring.MockInitWithError(errors.New("Cannot autolaunch D-Bus without X11 $DISPLAY"))
	t.Cleanup(keyring.MockInit)
	_, err := (&Store{Dir: t.TempDir()}).Key("prod")
	if err == nil || !strings.Contains(err.Error(), `the OS keyring refused to give the key of profile "prod"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestAuthorKey(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ConfigName), []byte("author = \" lucia.romero@example.com \"\n"), 0o600)
	c, err := (&Store{Dir: dir}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Author(); got != "lucia.romero@example.com" {
		t.Errorf("Author() = %q", got)
	}
	c, _ = (&Store{Dir: t.TempDir()}).Load()
	if got := c.Author(); got != "" {
		t.Errorf("Author() without the key = %q", got)
	}
}
