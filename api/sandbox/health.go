package sandbox

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Paths a load balancer or an orchestrator probes, without credentials.
const (
	PathHealth = "/healthz" // the process answers
	PathReady  = "/readyz"  // and its database answers, at the current schema
)

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReady is 503 while the database cannot be reached or its schema
// is behind this build: a load balancer sends the instance nothing then.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ready(ctx); err != nil {
		s.log.Warn("not ready", "err", err)
		w.Header().Set("Retry-After", "2")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": readyReason(err)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// readyReason says why without the server's own words (they may name
// hosts and users the probe need not see).
func readyReason(err error) string {
	if errors.As(err, new(*unavailableError)) {
		return "the database cannot be reached"
	}
	return err.Error()
}

// refreshShared reloads, on a team sandbox, what other instances change
// and this one keeps a copy of: the stored answer sizes that decide when
// to trim (store_open.go). Called by Tick, at most once a minute.
func (s *Server) refreshShared(now time.Time) {
	if s.cfg.DB == "" || now.Sub(s.lastRefresh) < time.Minute {
		return
	}
	s.lastRefresh = now
	if err := s.loadIdemUsage(); err != nil {
		s.log.Warn("idempotency sizes", "err", err)
	}
}
