// Package resume remembers where each draft was left in the editor — step,
// content cell and field — so that it reopens there, after a quit or a
// crash. Positions live in one small JSON file in the data directory,
// written whole through a temporary file (a torn write leaves the old one).
package resume

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// Position is where a draft was left.
type Position struct {
	Step      int    `json:"step"`
	Locale    string `json:"locale,omitempty"`
	Variation string `json:"variation,omitempty"`
	Platform  string `json:"platform,omitempty"`
	// Path is the field's target (or row name) under the cursor.
	Path string `json:"path,omitempty"`
	// Unlinked is the push platforms the person unlinked while their
	// content was still the same ("de/variation_1/IOS,…"): the content
	// cannot tell.
	Unlinked string    `json:"unlinked,omitempty"`
	At       time.Time `json:"at"`
}

// MaxKept bounds the file: the most recent positions are kept.
const MaxKept = 500

// Book is the positions of one data directory. Safe for concurrent use.
type Book struct {
	path string
	wmu  sync.Mutex // one write of the file at a time
	mu   sync.Mutex // guards pos
	pos  map[string]Position
}

// Open reads the positions kept in dir (none yet is no error; an unreadable
// file is treated as empty: a position is a convenience, never worth a
// failure).
func Open(dir string) *Book {
	b := &Book{path: filepath.Join(dir, "editor-positions.json"), pos: map[string]Position{}}
	if dir == "" {
		b.path = ""
		return b
	}
	if data, err := os.ReadFile(b.path); err == nil {
		_ = json.Unmarshal(data, &b.pos)
		if b.pos == nil {
			b.pos = map[string]Position{}
		}
	}
	return b
}

// Get is where campaign id was left.
func (b *Book) Get(id string) (Position, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, ok := b.pos[id]
	return p, ok
}

// Put records where campaign id is now and writes the file. A position
// older (At) than the one kept is ignored, so writes from goroutines that
// ran out of order leave the newest; the file is written one at a time.
func (b *Book) Put(id string, p Position) error {
	b.Note(id, p)
	return b.Save()
}

// Note records p in memory at once (the newest wins): a Save, or the
// Save at close, writes it. Cheap enough for the UI goroutine, so the
// position is never older than the last move, even when the program ends
// before a background Save ran.
func (b *Book) Note(id string, p Position) {
	if p.At.IsZero() {
		p.At = time.Now()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if old, ok := b.pos[id]; ok && p.At.Before(old.At) {
		return
	}
	b.pos[id] = p
	if len(b.pos) > MaxKept {
		ids := make([]string, 0, len(b.pos))
		for k := range b.pos {
			ids = append(ids, k)
		}
		sort.Slice(ids, func(i, j int) bool { return b.pos[ids[i]].At.After(b.pos[ids[j]].At) })
		for _, k := range ids[MaxKept:] {
			delete(b.pos, k)
		}
	}
}

// Save writes the book to its file (a fresh file renamed into place).
func (b *Book) Save() error {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	b.mu.Lock()
	data, err := json.Marshal(b.pos)
	b.mu.Unlock()
	if err != nil || b.path == "" {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(b.path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(b.path), ".positions-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), b.path)
}
