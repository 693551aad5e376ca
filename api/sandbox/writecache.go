package sandbox

import (
	"sync"

	"github.com/campaigns-cli/campaigns/model"
)

// writeCache keeps, for campaigns this process wrote recently, the newest
// version as written (record and decoded document), so that the next edit
// of the same campaign skips a read and a decode. It is only a shortcut:
// every write still checks in its transaction that the version it started
// from is the newest (Tx.Replace), and a stale entry (another process wrote)
// is dropped and the edit worked out again from the database.
type writeCache struct {
	mu    sync.Mutex
	m     map[string]*Record
	bytes int
}

// Bounds: entries are documents, each at most writeCacheDoc bytes, together
// at most writeCacheBytes.
const (
	writeCacheBytes = 16 << 20
	writeCacheDoc   = 256 << 10
)

func newWriteCache() *writeCache { return &writeCache{m: map[string]*Record{}} }

func cacheKey(workspace, campaignID string) string { return workspace + "\n" + campaignID }

// get returns a copy of the cached newest version of a campaign and a
// private copy of its document.
func (w *writeCache) get(workspace, campaignID string) (*Record, *model.Campaign, bool) {
	w.mu.Lock()
	r, ok := w.m[cacheKey(workspace, campaignID)]
	w.mu.Unlock()
	if !ok {
		return nil, nil, false
	}
	cp := *r
	return &cp, model.Clone(r.campaign), true
}

// put remembers r (just written, at revision rev) as its campaign's newest
// version, and reports whether it did. r and its document must not change
// afterwards.
func (w *writeCache) put(r *Record, rev int64) bool {
	if r.campaign == nil || len(r.Doc) > writeCacheDoc || !r.Latest {
		w.drop(r.Workspace, r.CampaignID)
		return false
	}
	cp := *r
	cp.Rev = rev
	k := cacheKey(r.Workspace, r.CampaignID)
	w.mu.Lock()
	defer w.mu.Unlock()
	if old, ok := w.m[k]; ok {
		w.bytes -= len(old.Doc)
	}
	for w.bytes+len(cp.Doc) > writeCacheBytes && len(w.m) > 0 {
		for k2, old := range w.m { // any entry: map order is random
			delete(w.m, k2)
			w.bytes -= len(old.Doc)
			break
		}
	}
	w.m[k] = &cp
	w.bytes += len(cp.Doc)
	return true
}

func (w *writeCache) drop(workspace, campaignID string) {
	k := cacheKey(workspace, campaignID)
	w.mu.Lock()
	defer w.mu.Unlock()
	if old, ok := w.m[k]; ok {
		delete(w.m, k)
		w.bytes -= len(old.Doc)
	}
}

func (w *writeCache) dropWorkspace(workspace string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for k, r := range w.m {
		if r.Workspace == workspace {
			delete(w.m, k)
			w.bytes -= len(r.Doc)
		}
	}
}
