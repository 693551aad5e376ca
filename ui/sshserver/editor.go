package sshserver

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Workspace is what one session edits.
type Workspace struct {
	Client  *api.Client
	ID      string // the workspace id, shown in the header
	DataDir string // the session's sync journal directory
	Close   func() // releases the workspace when the session ends; may be nil
}

// WorkspaceFunc opens the workspace of a new session.
type WorkspaceFunc func(sess ssh.Session) (Workspace, error)

// WireFunc adds what belongs to one session to its config before the
// editor starts (the draft editor, whose journal lives in cfg.DataDir); the
// returned close runs when the session ends.
type WireFunc func(cfg *ui.Config) (close func() error, err error)

// EditorApp serves the editor (ui.New) to every session: base carries what
// all sessions share (service label, theme), the session adds its renderer
// and its workspace, then wire (may be nil) adds the rest.
func EditorApp(base ui.Config, open WorkspaceFunc, wire WireFunc) AppFunc {
	return func(sess ssh.Session, r *common.Renderer) (tea.Model, func(), error) {
		ws, err := open(sess)
		if err != nil {
			return nil, nil, err
		}
		release := func() {
			if ws.Close != nil {
				ws.Close()
			}
		}
		cfg := base
		cfg.Renderer = r
		cfg.Client = ws.Client
		cfg.Workspace = ws.ID
		cfg.DataDir = ws.DataDir
		cfg.Author = Author(sess) // the visitor's, never the machine's
		cfg.Output = sess         // the clipboard (OSC 52) reaches the visitor's terminal
		if _, ok := lookupEnv(sess.Environ(), "NO_COLOR"); ok {
			cfg.Theme = themes.Plain()
		}
		if wire != nil {
			closeWired, err := wire(&cfg)
			if err != nil {
				release()
				return nil, nil, err
			}
			if closeWired != nil {
				release = func() {
					_ = closeWired() // before the workspace goes
					if ws.Close != nil {
						ws.Close()
					}
				}
			}
		}
		// The Review's "your time": the client's TZ, else said to be the server's.
		setZone(&cfg, base, sess.Environ())
		return ui.New(cfg), release, nil
	}
}

func lookupEnv(env []string, name string) (string, bool) {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}

// SharedWorkspace lets every session edit through client, the workspace the
// server was started with. Each key gets its own sync journal under
// dataDir/ssh/, so a person who reconnects finds their unsent edits; a second
// session of the same key at the same time gets a second journal (a journal
// directory serves one sync engine at a time).
func SharedWorkspace(client *api.Client, dataDir string) WorkspaceFunc {
	var mu sync.Mutex
	inUse := map[string]bool{}
	return func(sess ssh.Session) (Workspace, error) {
		k := sess.PublicKey()
		if k == nil { // the server only lets keys in; never build a path from a user name
			return Workspace{}, errors.New("no public key")
		}
		sum := sha256.Sum256(k.Marshal())
		who := hex.EncodeToString(sum[:8])
		mu.Lock()
		dir := filepath.Join(dataDir, "ssh", who)
		for n := 2; inUse[dir]; n++ {
			dir = filepath.Join(dataDir, "ssh", fmt.Sprintf("%s-%d", who, n))
		}
		inUse[dir] = true
		mu.Unlock()
		release := func() {
			mu.Lock()
			delete(inUse, dir)
			mu.Unlock()
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			release()
			return Workspace{}, fmt.Errorf("journal directory: %w", err)
		}
		mu.Lock()
		gatherJournals(filepath.Join(dataDir, "ssh"), who, dir, inUse)
		mu.Unlock()
		return Workspace{Client: client, ID: client.WorkspaceID(), DataDir: dir, Close: release}, nil
	}
}

// gatherJournals moves into dir the journals that earlier sessions of the
// same key left in their second, third … directories (who-2, who-3: made
// while another session of the key was open), so that the editor offers
// every unsent draft of the key, not only those of the first directory
// (each journal keeps its place inside the directory).
// A directory in use is left alone, and so is a journal dir already has
// one of (the same campaign edited in two sessions: offered next time).
func gatherJournals(root, who, dir string, inUse map[string]bool) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, ent := range ents {
		other := filepath.Join(root, ent.Name())
		if !ent.IsDir() || other == dir || inUse[other] || !isSibling(ent.Name(), who) {
			continue
		}
		_ = filepath.WalkDir(other, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || filepath.Ext(path) != ".journal" {
				return nil
			}
			rel, err := filepath.Rel(other, path)
			if err != nil {
				return nil
			}
			to := filepath.Join(dir, rel)
			if _, err := os.Lstat(to); err == nil {
				return nil
			}
			if os.MkdirAll(filepath.Dir(to), 0o700) == nil {
				_ = os.Rename(path, to)
			}
			return nil
		})
		_ = os.Remove(other) // only when nothing is left in it
	}
}

// isSibling reports whether name is who or who-N.
func isSibling(name, who string) bool {
	if name == who {
		return true
	}
	n, ok := strings.CutPrefix(name, who+"-")
	if !ok || n == "" {
		return false
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// DemoHost is the sandbox as demo mode needs it: a service at BaseURL that
// can add a seeded workspace and remove it again.
type DemoHost struct {
	BaseURL string
	// Add creates workspace id with API key key, seeded with sample campaigns.
	Add func(id, key string) error
	// Remove deletes the workspace and everything in it.
	Remove func(id string) error
}

// DemoWorkspaces gives every session a fresh, seeded workspace of its own
// and a temporary journal directory; both are gone when the session ends, so
// visitors never see each other's edits.
func DemoWorkspaces(h DemoHost) WorkspaceFunc {
	return func(ssh.Session) (Workspace, error) {
		id, key := "demo-"+randomHex(6), randomHex(24)
		if err := h.Add(id, key); err != nil {
			return Workspace{}, fmt.Errorf("demo workspace: %w", err)
		}
		dir, err := os.MkdirTemp("", "campaigns-ssh-"+id+"-")
		if err != nil {
			return Workspace{}, errors.Join(fmt.Errorf("demo journal: %w", err), h.Remove(id))
		}
		client, err := api.New(api.Config{BaseURL: h.BaseURL, WorkspaceID: id, APIKey: key})
		if err != nil {
			_ = h.Remove(id)
			_ = os.RemoveAll(dir)
			return Workspace{}, err
		}
		release := func() {
			client.CloseIdleConnections() // one client per session: its connections go with it
			_ = h.Remove(id)
			_ = os.RemoveAll(dir)
		}
		return Workspace{Client: client, ID: id, DataDir: dir, Close: release}, nil
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
