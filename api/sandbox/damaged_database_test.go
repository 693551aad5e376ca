package sandbox

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestDamagedDatabaseRefusedWithGuidance: a database file that is not a
// database, or one with a damaged page, is refused at start-up by an error
// naming the file and how to recover (.recover or a backup).
func TestDamagedDatabaseRefusedWithGuidance(t *testing.T) {
	t.Parallel()
	damage := map[string]func(b []byte){
		"header overwritten": func(b []byte) { copy(b, "this is not sqlite at all, sorry!") },
		"a page zeroed": func(b []byte) {
			page := 4096
			clear(b[2*page : 3*page])
		},
	}
	for name, hurt := range damage {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			s, err := Open(Config{DataDir: dir, Seed: true, Now: newClock().Now})
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			path := filepath.Join(dir, "sandbox.db")
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) < 3*4096 {
				t.Fatalf("database of %d bytes", len(b))
			}
			hurt(b)
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			_, err = Open(Config{DataDir: dir, Now: newClock().Now})
			if err == nil {
				t.Fatal("a damaged database opened")
			}
			errorSays(t, err, path, ".recover", "backup")
		})
	}
}

// TestDamagedWALRefused: one flipped byte early in the write-ahead log
// would make SQLite drop every acknowledged write after it without a word;
// the sandbox refuses to start, naming the log, the damaged frame and how
// many committed transactions are at stake.
func TestDamagedWALRefused(t *testing.T) {
	t.Parallel()
	dir, wal := killedAfterCreates(t, 60)
	b, err := os.ReadFile(wal)
	if err != nil {
		t.Fatal(err)
	}
	pageSize := 4096
	off := 32 + 3*(24+pageSize) + 24 + 100 // inside the fourth frame's page
	if len(b) < off+10*(24+pageSize) {
		t.Fatalf("WAL of %d bytes", len(b))
	}
	b[off] ^= 0xff
	if err := os.WriteFile(wal, b, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Open(Config{DataDir: dir, Now: newClock().Now})
	if err == nil {
		t.Fatal("a damaged WAL opened (and its later commits were dropped)")
	}
	errorSays(t, err, wal, "frame 4", "committed transactions", "truncate -s")
}

// killedAfterCreates makes n campaigns in a sandbox in a child process on
// a new data directory, and kills it: no checkpoint, the creates are in
// the write-ahead log (wal) only.
func killedAfterCreates(t *testing.T, n int) (dir, wal string) {
	t.Helper()
	dir = t.TempDir()
	c := startChild(t, dir)
	body, _ := json.Marshal(minimalPush())
	for i := range n {
		o := &crashOp{method: "POST", path: api.PathCampaigns, body: body, key: newUUID(), reqID: newUUID()}
		if st, _, raw, err := o.send(&http.Client{}, c.url); err != nil || st != http.StatusCreated {
			t.Fatalf("create %d: %d %v %s", i, st, err, raw)
		}
	}
	c.kill()
	return dir, filepath.Join(dir, "sandbox.db-wal")
}

// errorSays fails unless err says each of wants.
func errorSays(t *testing.T, err error, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
}

// TestTornWALTailOpens: a last frame cut short by a crash is normal and
// does not stop the start-up.
func TestTornWALTailOpens(t *testing.T) {
	t.Parallel()
	dir, wal := killedAfterCreates(t, 5)
	info, err := os.Stat(wal)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(wal, info.Size()-1000); err != nil {
		t.Fatal(err)
	}
	s, err := Open(Config{DataDir: dir, Now: newClock().Now})
	if err != nil {
		t.Fatalf("a torn last frame refused: %v", err)
	}
	s.Close()
}
