// Package profile keeps the services a user works with: named profiles in
// $XDG_CONFIG_HOME/campaigns/config.toml (through koanf) and their API keys
// in the OS keyring (through go-keyring), or, where there is none, in a file
// only the user can read. Never the key in the config file. The command
// line, the editor and the MCP server all use it.
package profile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/knadh/koanf/parsers/toml/v2"
	"github.com/knadh/koanf/providers/rawbytes"
	"github.com/knadh/koanf/v2"
	gotoml "github.com/pelletier/go-toml/v2"
)

// ConfigName is the config file in the config directory.
const ConfigName = "config.toml"

// Profile is one saved service.
type Profile struct {
	Name        string
	BaseURL     string // or DC
	DC          string
	WorkspaceID string
	// ReadOnly refuses every write before it is sent: for production
	// workspaces one only looks at.
	ReadOnly bool
	// Color is the editor header's colour for this profile (#rrggbb or an
	// ANSI number), "" for the theme's.
	Color string
	// Author is the person writing through this profile, sent as
	// updated_by ("" falls back to the config's top-level author).
	Author string
}

// Service is what the profile points at, for messages.
func (p Profile) Service() string {
	if p.BaseURL != "" {
		return p.BaseURL
	}
	if p.DC != "" {
		return "data centre " + p.DC
	}
	return "(no service)"
}

// Store is the config file and the keys. Dir is the config directory
// ($XDG_CONFIG_HOME/campaigns).
type Store struct {
	Dir     string
	Keyring Keyring      // nil: the OS keyring
	Warn    func(string) // one-line warnings (the key went to a file)
}

// DefaultDir is $XDG_CONFIG_HOME/campaigns, else ~/.config/campaigns (on
// every system: a command-line tool's config where its users look for it).
func DefaultDir(getenv func(string) string) string {
	if d := getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "campaigns")
	}
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".config", "campaigns")
}

// Config is the config file, loaded. Keys it does not know are kept and
// written back.
type Config struct {
	path string
	k    *koanf.Koanf
}

// Path is the config file's path.
func (c *Config) Path() string { return c.path }

// ErrNotFound: no profile of that name.
var ErrNotFound = errors.New("no such profile")

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// checkName keeps names usable as TOML keys and file names.
func checkName(name string) error {
	if !nameRE.MatchString(name) {
		return fmt.Errorf("profile name %q: use letters, digits, - and _ (up to 64, starting with a letter or digit)", name)
	}
	return nil
}

// CheckName reports whether name can be a profile's name.
func CheckName(name string) error { return checkName(name) }

// Load reads the config file; a missing file is an empty config. A file
// that does not parse is an error naming its line and column.
func (s *Store) Load() (*Config, error) {
	c := &Config{path: filepath.Join(s.Dir, ConfigName), k: koanf.New(".")}
	b, err := os.ReadFile(c.path)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the config file: %w", err)
	}
	if err := c.k.Load(rawbytes.Provider(b), toml.Parser()); err != nil {
		var de *gotoml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s, line %d, column %d: %s", c.path, row, col, de.Error())
		}
		return nil, fmt.Errorf("%s: %v", c.path, err)
	}
	return c, nil
}

// Save writes the config file (0600, through a rename so a crash never
// leaves half a file).
func (s *Store) Save(c *Config) error {
	b, err := c.k.Marshal(toml.Parser())
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return err
	}
	return writeFileAtomic(c.path, b, 0o600)
}

// Default is the name of the active profile, "" if none.
func (c *Config) Default() string { return c.k.String("default") }

// Author is the top-level `author` key: the person writing (updated_by)
// when neither --author, CAMPAIGNS_AUTHOR nor the profile names one, and
// the email new drafts start with as "Created by" ("" for none).
func (c *Config) Author() string { return strings.TrimSpace(c.k.String("author")) }

// Refresh is the top-level `refresh` key: how often the editor's browser
// and inspector re-read on their own ("60s", "2m"; "0" or "off": never).
// ok is false when the key is absent.
func (c *Config) Refresh() (d time.Duration, ok bool, err error) {
	v := strings.TrimSpace(c.k.String("refresh"))
	switch v {
	case "":
		return 0, false, nil
	case "0", "off", "never":
		return 0, true, nil
	}
	d, err = time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, true, fmt.Errorf("refresh = %q in %s: want a duration such as 60s or 2m, or off", v, c.path)
	}
	return d, true, nil
}

// SetDefault makes name the active profile ("" for none).
func (c *Config) SetDefault(name string) {
	if name == "" {
		c.k.Delete("default")
		return
	}
	c.k.Set("default", name)
}

// Names lists the profiles, sorted.
func (c *Config) Names() []string {
	names := c.k.MapKeys("profiles")
	sort.Strings(names)
	return names
}

// Get returns the profile called name.
func (c *Config) Get(name string) (Profile, error) {
	if err := checkName(name); err != nil {
		return Profile{}, err
	}
	p := "profiles." + name
	if !c.k.Exists(p) {
		return Profile{}, fmt.Errorf("profile %q: %w", name, ErrNotFound)
	}
	return Profile{
		Name:        name,
		BaseURL:     c.k.String(p + ".base_url"),
		DC:          c.k.String(p + ".dc"),
		WorkspaceID: c.k.String(p + ".workspace_id"),
		ReadOnly:    c.k.Bool(p + ".read_only"),
		Color:       c.k.String(p + ".color"),
		Author:      strings.TrimSpace(c.k.String(p + ".author")),
	}, nil
}

// Put adds or replaces a profile (its other keys are kept).
func (c *Config) Put(pr Profile) error {
	if err := checkName(pr.Name); err != nil {
		return err
	}
	if (pr.BaseURL == "") == (pr.DC == "") {
		return errors.New("a profile names its service with a base URL or a data centre (one of them)")
	}
	if pr.WorkspaceID == "" {
		return errors.New("a profile needs a workspace id")
	}
	p := "profiles." + pr.Name
	set := func(key, v string) {
		if v == "" {
			c.k.Delete(p + "." + key)
		} else {
			c.k.Set(p+"."+key, v)
		}
	}
	set("base_url", pr.BaseURL)
	set("dc", pr.DC)
	set("workspace_id", pr.WorkspaceID)
	set("color", pr.Color)
	set("author", pr.Author)
	c.k.Set(p+".read_only", pr.ReadOnly)
	return nil
}

// Delete removes a profile; when it was the active one there is no active
// profile any more.
func (c *Config) Delete(name string) error {
	if _, err := c.Get(name); err != nil {
		return err
	}
	c.k.Delete("profiles." + name)
	if c.Default() == name {
		c.SetDefault("")
	}
	return nil
}

// Resolve finds the profile to use: name if given, else the active one.
// ok is false when no name was given and there is no active profile.
func (c *Config) Resolve(name string) (p Profile, ok bool, err error) {
	if name == "" {
		name = c.Default()
		if name == "" {
			return Profile{}, false, nil
		}
		p, err := c.Get(name)
		if errors.Is(err, ErrNotFound) {
			return Profile{}, false, fmt.Errorf("the active profile %q is not in %s (campaigns auth switch NAME picks another)", name, c.path)
		}
		return p, err == nil, err
	}
	p, err = c.Get(name)
	if errors.Is(err, ErrNotFound) {
		known := c.Names()
		hint := "campaigns auth login --profile " + name + " creates it"
		if len(known) > 0 {
			hint = "known: " + strings.Join(known, ", ") + "; " + hint
		}
		return Profile{}, false, fmt.Errorf("profile %q does not exist (%s)", name, hint)
	}
	return p, err == nil, err
}

func writeFileAtomic(path string, b []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
