package sandbox

import (
	"sync"

	"github.com/campaigns-cli/campaigns/model"
)

// writeCache keeps, for campaigns this process wrote recently, the newest
// version as written or queued (record and decoded document), so that the
// next edit of the same campaign skips a read and a decode, and can start
// before the previous one is committed. It is only a shortcut: every write
// still checks in its transaction that the version it started from is the
// newest (Tx.Replace) and that the queued write it was worked out on went
// through (queuedWrite.ok), and a stale entry (another process wrote) is
// dropped and the edit worked out again from the database.
type writeCache struct {
	on     bool // off on PostgreSQL (store_open.go)
	mu     sync.Mutex
	m      map[string]cached
	queued map[string]*queuedWrite // each campaign's last queued write, until done
	bytes  int
}

// cached is a campaign's newest version and the write that makes it so,
// which may still be queued.
type cached struct {
	rec *Record
	by  *queuedWrite
}

// queuedWrite is a campaign write in the writer's queue. Only the writer
// goroutine sets and reads ok (ops run there in the order queued): an edit
// worked out on top of a write that did not go through is not written,
// whatever its revision check would say. done is closed once the write's
// outcome is durable.
type queuedWrite struct {
	ok   bool
	done chan struct{}
}

func newQueuedWrite() *queuedWrite { return &queuedWrite{done: make(chan struct{})} }

// Bounds: entries are documents, each at most writeCacheDoc bytes, together
// at most writeCacheBytes.
const (
	writeCacheBytes = 16 << 20
	writeCacheDoc   = 256 << 10
)

func newWriteCache(on bool) *writeCache {
	return &writeCache{on: on, m: map[string]cached{}, queued: map[string]*queuedWrite{}}
}

func cacheKey(workspace, campaignID string) string { return workspace + "\n" + campaignID }

// get returns a copy of the cached newest version of a campaign, its
// document (shared: read it, never change it) and the write it comes from
// (nil when none).
func (w *writeCache) get(workspace, campaignID string) (*Record, *model.Campaign, *queuedWrite, bool) {
	w.mu.Lock()
	e, ok := w.m[cacheKey(workspace, campaignID)]
	w.mu.Unlock()
	if !ok {
		return nil, nil, nil, false
	}
	cp := *e.rec
	return &cp, e.rec.campaign, e.by, true
}

// put remembers r, at revision rev, as its campaign's newest version once
// the write by is through; it reports whether it kept r (else the
// campaign's entry is dropped). r and its document must not change
// afterwards.
func (w *writeCache) put(r *Record, rev int64, by *queuedWrite) bool {
	if !w.on {
		return false
	}
	k := cacheKey(r.Workspace, r.CampaignID)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.queued[k] = by
	if old, ok := w.m[k]; ok {
		delete(w.m, k)
		w.bytes -= len(old.rec.Doc)
	}
	if r.campaign == nil || len(r.Doc) > writeCacheDoc || !r.Latest {
		return false
	}
	cp := *r
	cp.Rev = rev
	for w.bytes+len(cp.Doc) > writeCacheBytes && len(w.m) > 0 {
		for k2, old := range w.m { // any entry: map order is random
			delete(w.m, k2)
			w.bytes -= len(old.rec.Doc)
			break
		}
	}
	w.m[k] = cached{rec: &cp, by: by}
	w.bytes += len(cp.Doc)
	return true
}

// done says that the write by of a campaign is durable, or failed.
func (w *writeCache) done(workspace, campaignID string, by *queuedWrite) {
	close(by.done)
	k := cacheKey(workspace, campaignID)
	w.mu.Lock()
	if w.queued[k] == by {
		delete(w.queued, k)
	}
	w.mu.Unlock()
}

// settle waits until the campaign's queued writes are done, so that the
// database shows the campaign as this process last wrote it. The caller
// holds the campaign's lock (no write is queued meanwhile).
func (w *writeCache) settle(workspace, campaignID string) {
	w.mu.Lock()
	q := w.queued[cacheKey(workspace, campaignID)]
	w.mu.Unlock()
	if q != nil {
		<-q.done
	}
}

func (w *writeCache) drop(workspace, campaignID string) {
	k := cacheKey(workspace, campaignID)
	w.mu.Lock()
	defer w.mu.Unlock()
	if old, ok := w.m[k]; ok {
		delete(w.m, k)
		w.bytes -= len(old.rec.Doc)
	}
}

func (w *writeCache) dropWorkspace(workspace string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for k, e := range w.m {
		if e.rec.Workspace == workspace {
			delete(w.m, k)
			w.bytes -= len(e.rec.Doc)
		}
	}
}
