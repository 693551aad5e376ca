package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/google/uuid"
)

// IdemTTL is how long a stored answer replays for its Idempotency-Key
// (decisions.md §6: 24 hours).
const IdemTTL = 24 * time.Hour

// DefaultIdempotencyQuota is the default per-workspace budget of stored
// answer bodies (decisions.md §6).
const DefaultIdempotencyQuota int64 = 256 << 20

// MaxStoredAnswer bounds the body of one stored answer: a longer one (a
// large preview, say) keeps its status only, and its replay says that the
// answer is no longer kept. Every create answer, and every error answer
// (MaxDetails), is far below it.
const MaxStoredAnswer = 1 << 20

// replayedHeaders are the answer headers stored and replayed with it.
var replayedHeaders = []string{"Location", "ETag"}

// idemState is what the process keeps about idempotency in memory: the keys
// being answered right now, and how many answer bytes each workspace keeps
// (to know when to drop the oldest). The answers themselves live only in
// the database.
type idemState struct {
	mu       sync.Mutex
	inFlight map[string]string // scope → body hash
	used     map[string]int64  // workspace → kept body bytes, approximately
	evicting map[string]bool
}

func newIdemState() *idemState {
	return &idemState{inFlight: map[string]string{}, used: map[string]int64{}, evicting: map[string]bool{}}
}

// idemPending is the key of the request being answered; a handler that
// writes stores its answer with the write (idemPut) and says so (stored).
type idemPending struct {
	scope, hash, workspace string
	created                time.Time
	stored                 bool // the answer is in the database already
	taken                  bool // another process answered the key first
	// queued tells the store that the request's write is queued (or will
	// not come): until then the store may hold a commit for it.
	queued func()
}

// update runs fn as r's write (Store.Update), and tells the store once it
// is queued.
func (s *Server) update(r *http.Request, fn func(Tx) error) error {
	wait, err := s.store.Queue(fn)
	writeQueued(r)
	if err != nil {
		return err
	}
	return wait()
}

// writeQueued says that r's write is queued (see idemPending.queued).
func writeQueued(r *http.Request) {
	if p := info(r).idem; p != nil && p.queued != nil {
		p.queued()
	}
}

func (s *Server) idemQuota() int64 {
	if s.cfg.IdempotencyQuotaBytes > 0 {
		return s.cfg.IdempotencyQuotaBytes
	}
	return DefaultIdempotencyQuota
}

// loadIdemUsage reads what each workspace keeps, and trims any workspace
// already over the quota (a restart with a smaller one).
func (s *Server) loadIdemUsage() error {
	used, err := s.store.IdemUsage(context.Background())
	if err != nil {
		return err
	}
	s.idem.mu.Lock()
	s.idem.used = used
	s.idem.mu.Unlock()
	for ws, n := range used {
		if n > s.idemQuota() {
			s.trimIdem(ws)
		}
	}
	return nil
}

// idemPut stores the answer a (status, headers, body) of r's key in tx, the
// transaction of the write it answers. Requests without a key store nothing.
func (s *Server) idemPut(tx Tx, r *http.Request, a *answer) error {
	p := info(r).idem
	if p == nil {
		return nil
	}
	i := Idem{Scope: p.scope, Workspace: p.workspace, BodyHash: p.hash, Status: a.status,
		Header: a.storedHeader(), Body: a.body, Created: p.created}
	if len(i.Body) > MaxStoredAnswer {
		// Kept without its body, as if dropped for the quota: one answer
		// cannot take a large share of the workspace's store.
		i.Body, i.Dropped = nil, true
	}
	if err := tx.PutIdem(i, p.created.Add(-IdemTTL)); err != nil {
		return err
	}
	s.countIdem(p.workspace, int64(len(i.Body)))
	return nil
}

// countIdem adds n stored bytes to a workspace and trims it once past the
// quota.
func (s *Server) countIdem(workspace string, n int64) {
	c := s.idem
	c.mu.Lock()
	c.used[workspace] += n
	over := c.used[workspace] > s.idemQuota() && !c.evicting[workspace]
	if over {
		c.evicting[workspace] = true
	}
	c.mu.Unlock()
	if over {
		// Queued from another goroutine: this runs inside the writer,
		// which must never wait on its own queue.
		go s.trimIdem(workspace)
	}
}

// trimIdem drops the oldest answer bodies of a workspace until it is within
// its quota; a queued write, after the one being answered.
func (s *Server) trimIdem(workspace string) {
	quota := s.idemQuota()
	s.store.UpdateLater(func(tx Tx) error {
		n, kept, err := tx.DropIdemBodies(workspace, quota)
		c := s.idem
		c.mu.Lock()
		c.evicting[workspace] = false
		if err == nil {
			c.used[workspace] = kept
		}
		c.mu.Unlock()
		if err != nil {
			s.log.Error("idempotency quota", "workspace", workspace, "err", err)
			return err
		}
		if n > 0 {
			s.log.Warn("idempotency quota: dropped the oldest stored answers", "workspace", workspace,
				"answers", n, "kept_bytes", kept, "quota_bytes", quota)
		}
		return nil
	})
}

// idempotency enforces Idempotency-Key (decisions.md §2, §6): a UUID v4 is
// required; the first answer for a key (scoped to workspace, method and path)
// is stored in the database before it is sent, in the same transaction as
// the write it answers, and the same key with the same body gets it again,
// status and body; with another body it is 409. Server errors and rate
// refusals are not stored, so they can be retried with the same key.
func (s *Server) idempotency(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ri := info(r)
		key := r.Header.Get(api.HeaderIdempotencyKey)
		if key == "" {
			writeErr(w, r, errValidation(api.HeaderIdempotencyKey, "The Idempotency-Key header is required (a UUID v4)."))
			return
		}
		if u, err := uuid.Parse(key); err != nil || u.Version() != 4 || u.Variant() != uuid.RFC4122 || len(key) != 36 {
			writeErr(w, r, errValidation(api.HeaderIdempotencyKey, "Idempotency-Key must be a UUID v4, such as "+newUUID()+"."))
			return
		}
		scope := ri.ws.ID + "\n" + r.Method + " " + r.URL.Path + "\n" + strings.ToLower(key)
		hash := bodyHash(ri.body)
		now := s.now()

		c := s.idem
		c.mu.Lock()
		if h, busy := c.inFlight[scope]; busy {
			c.mu.Unlock()
			msg := "A request with this Idempotency-Key is still being processed; retry shortly."
			if h != hash {
				msg = "Idempotency-Key reused with a different request body."
			}
			writeErr(w, r, errKeyConflict(msg))
			return
		}
		c.inFlight[scope] = hash
		c.mu.Unlock()
		defer func() {
			c.mu.Lock()
			delete(c.inFlight, scope)
			c.mu.Unlock()
		}()

		// No lookup first: the answer is stored with a conflict check
		// (Tx.PutIdem), and a key that already has one makes the write it
		// goes with roll back and that answer be replayed. A repeated key
		// costs a wasted run; a new one (nearly all) costs no extra read.
		// Every request here ends in a write (its own, or its answer's): the
		// store may hold a commit for it to share it.
		p := &idemPending{scope: scope, hash: hash, workspace: ri.ws.ID, created: now, queued: s.store.Expect()}
		defer p.queued()
		ri.idem = p
		rec := recorders.Get().(*recorder)
		rec.ResponseWriter = w
		defer rec.release()
		next.ServeHTTP(rec, r)
		replayStored := func() bool {
			prev, err := s.store.Idem(r.Context(), scope)
			if err != nil || prev == nil || prev.Created.Before(now.Add(-IdemTTL)) {
				return false
			}
			rec.reset(w)
			s.replay(w, r, prev, hash)
			return true
		}
		switch {
		case p.taken:
			if !replayStored() {
				rec.reset(w)
				writeErr(w, r, errKeyConflict("A request with this Idempotency-Key was answered meanwhile; retry to get its answer."))
			}
			return
		case p.stored || rec.status == 0:
		case rec.status >= 500 || rec.status == http.StatusTooManyRequests:
			// Not stored, so that a retry runs again; unless the key was
			// answered before, when that answer stands.
			if replayStored() {
				return
			}
		default:
			// An answer without a write (a refusal, a search, a preview):
			// stored on its own, still before it is sent.
			a := &answer{status: rec.status, header: w.Header(), body: rec.buf.Bytes()}
			err := s.update(r, func(tx Tx) error { return s.idemPut(tx, r, a) })
			if errors.Is(err, errIdemTaken) && replayStored() {
				return
			}
			if err != nil {
				s.log.Error("idempotency store", "err", err)
				rec.reset(w)
				writeErr(w, r, errInternal())
				return
			}
		}
		rec.flush()
	})
}

func errKeyConflict(msg string) *apiError {
	e := errConflict(msg)
	e.target = api.HeaderIdempotencyKey
	return e
}

// replay answers with a stored answer, or 409 when the body differs.
func (s *Server) replay(w http.ResponseWriter, r *http.Request, prev *Idem, hash string) {
	if prev.BodyHash != hash {
		writeErr(w, r, errKeyConflict("Idempotency-Key reused with a different request body."))
		return
	}
	for line := range strings.SplitSeq(prev.Header, "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			w.Header().Set(k, v)
		}
	}
	w.Header().Set("Idempotent-Replayed", "true")
	if prev.Dropped {
		msg := "The original answer to this Idempotency-Key (status " + strconv.Itoa(prev.Status) +
			") is no longer kept: the workspace's store of idempotent answers was full. The request was not run again."
		if prev.Status >= 400 {
			e := errKeyConflict(msg)
			e.status = prev.Status
			writeErr(w, r, e)
			return
		}
		writeJSON(w, prev.Status, map[string]any{"response_id": info(r).responseID, "message": msg})
		return
	}
	if len(prev.Body) > 0 {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(prev.Status)
	_, _ = w.Write(prev.Body)
}

// bodyHash hashes the body's JSON meaning, so that the same object sent with
// other spacing or key order is the same request; a body that is not JSON
// is hashed as it is.
func bodyHash(body []byte) string {
	buf := canonBufs.Get().(*[]byte)
	defer canonBufs.Put(buf)
	canon, err := canonicalJSON((*buf)[:0], body)
	if err != nil {
		canon = body
	} else if cap(canon) <= maxPooledBuf {
		*buf = canon
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:])
}

// canonBufs and recorders reuse every request's scratch buffers: a PATCH
// otherwise allocates and grows them anew each time. A buffer that grew
// past maxPooledBuf (a large body or answer) is left to the collector.
var (
	canonBufs = sync.Pool{New: func() any { return new([]byte) }}
	recorders = sync.Pool{New: func() any { return new(recorder) }}
)

const maxPooledBuf = 64 << 10

// recorder holds an answer back until it is stored: headers go to the
// real writer's map, status and body are kept.
type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.buf.Write(b)
}

// release puts the recorder back in the pool once its answer is sent.
func (r *recorder) release() {
	if r.buf.Cap() > maxPooledBuf {
		return
	}
	r.ResponseWriter, r.status = nil, 0
	r.buf.Reset()
	recorders.Put(r)
}

// flush sends what was held back.
func (r *recorder) flush() {
	if r.status == 0 {
		return
	}
	r.ResponseWriter.WriteHeader(r.status)
	_, _ = r.ResponseWriter.Write(r.buf.Bytes())
}

// reset forgets the held answer and the headers it set.
func (r *recorder) reset(w http.ResponseWriter) {
	r.status = 0
	r.buf.Reset()
	for _, h := range append(replayedHeaders, "Content-Type", api.HeaderRetryAfter, "WWW-Authenticate") {
		w.Header().Del(h)
	}
}
