package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/google/uuid"
)

// IdemTTL is how long a stored response answers a repeated Idempotency-Key.
const IdemTTL = 25 * time.Hour

// idemCache holds the stored responses (and the keys being answered right
// now) in memory; the database keeps them across restarts.
type idemCache struct {
	mu       sync.Mutex
	done     map[string]Idem
	inFlight map[string]string // scope → body hash
}

func newIdemCache() *idemCache {
	return &idemCache{done: map[string]Idem{}, inFlight: map[string]string{}}
}

func (c *idemCache) load(st Store, now time.Time) error {
	rows, err := st.Idempotent(context.Background(), now.Add(-IdemTTL))
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, i := range rows {
		c.done[i.Scope] = i
	}
	return nil
}

func (c *idemCache) prune(before time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, i := range c.done {
		if i.Created.Before(before) {
			delete(c.done, k)
		}
	}
}

func (c *idemCache) drop(workspace string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.done {
		if strings.HasPrefix(k, workspace+"\n") {
			delete(c.done, k)
		}
	}
}

// idempotency enforces Idempotency-Key (decisions.md §2): a UUID v4 is
// required; the first answer for a key (scoped to workspace, method and path)
// is stored, and the same key with the same body gets it again, status and
// body; with another body it is 409. Server errors and rate refusals are not
// stored, so they can be retried with the same key.
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
		if prev, ok := c.done[scope]; ok && now.Sub(prev.Created) < IdemTTL {
			c.mu.Unlock()
			if prev.BodyHash != hash {
				e := errConflict("Idempotency-Key reused with a different request body.")
				e.target = api.HeaderIdempotencyKey
				writeErr(w, r, e)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(prev.Status)
			_, _ = w.Write(prev.Body)
			return
		}
		if h, busy := c.inFlight[scope]; busy {
			c.mu.Unlock()
			msg := "A request with this Idempotency-Key is still being processed; retry shortly."
			if h != hash {
				msg = "Idempotency-Key reused with a different request body."
			}
			e := errConflict(msg)
			e.target = api.HeaderIdempotencyKey
			writeErr(w, r, e)
			return
		}
		c.inFlight[scope] = hash
		c.mu.Unlock()

		rec := &recorder{ResponseWriter: w}
		defer func() {
			c.mu.Lock()
			delete(c.inFlight, scope)
			keep := rec.status != 0 && rec.status < 500 && rec.status != http.StatusTooManyRequests
			var i Idem
			if keep {
				i = Idem{Scope: scope, BodyHash: hash, Status: rec.status, Body: rec.buf.Bytes(), Created: now}
				c.done[scope] = i
			}
			c.mu.Unlock()
			if keep {
				s.store.UpdateLater(func(tx Tx) error { return tx.PutIdem(i) })
			}
		}()
		next.ServeHTTP(rec, r)
	})
}

// bodyHash hashes the body's JSON meaning, so that the same object sent with
// other spacing or key order is the same request.
func bodyHash(body []byte) string {
	canon := body
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&v) == nil {
		if b, err := json.Marshal(v); err == nil {
			canon = b
		}
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:])
}

// recorder passes a response through and keeps a copy.
type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}
