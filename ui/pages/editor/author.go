package editor

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// authorFile keeps, in the editor's data directory, the author of the last
// draft created on this machine.
const authorFile = "author"

// author is the "Created by" the new-draft dialog starts with, so a
// marketer types their address once: the profile's `author` (config.toml),
// else the author of the last draft created here. It stays a value the
// dialog shows and the user can change.
type author struct {
	mu   sync.Mutex
	path string // "" : not remembered (tests, no data directory)
	v    string
	set  bool // from the profile: a draft by someone else does not replace it
}

// openAuthor reads the last author remembered in dataDir.
func openAuthor(dataDir string) *author {
	a := &author{path: filepath.Join(dataDir, authorFile)}
	if b, err := os.ReadFile(a.path); err == nil {
		a.v = strings.TrimSpace(string(b))
	}
	return a
}

// SetAuthor makes email the "Created by" every new draft starts with (main
// passes the profile's `author`); "" keeps the last one used here.
func (f *Factory) SetAuthor(email string) {
	if email = strings.TrimSpace(email); email == "" {
		return
	}
	if f.author == nil {
		f.author = &author{}
	}
	f.author.mu.Lock()
	defer f.author.mu.Unlock()
	f.author.v, f.author.set = email, true
}

// Author is the "Created by" a new draft starts with ("" for none).
func (f *Factory) Author() string {
	if f.author == nil {
		return ""
	}
	f.author.mu.Lock()
	defer f.author.mu.Unlock()
	return f.author.v
}

// used remembers the author of a draft just created (off the update loop:
// it writes a small file). A failed write only loses the suggestion.
func (a *author) used(email string) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.set || a.v == email {
		return
	}
	a.v = email
	if a.path != "" {
		_ = os.WriteFile(a.path, []byte(email+"\n"), 0o600)
	}
}
