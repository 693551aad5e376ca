package sandbox

import (
	"net"
	"net/http"
	"sync"
)

// The lenient mode (`campaigns serve --lenient`, decisions.md §2 "lenient
// sandbox") accepts what the real service's reference accepts and our spec
// requires, so that a client written from the reference runs unchanged: a
// missing SVC-APPKEY is taken from the Basic-auth user, a missing request id
// is made by the service and returned as response_id. Each leniency is
// logged once per client (workspace, address, User-Agent). Off by default:
// the spec rules.

// Leniencies, as logged.
const (
	lenientAppKey    = "SVC-APPKEY missing: taken from the Basic-auth user"
	lenientRequestID = "request id missing (X-SVC-Request-Id or request_id): one was made and returned as response_id"
)

// maxLenientClients bounds the memory of who was told.
const maxLenientClients = 10000

// leniency remembers which client was told of which leniency.
type leniency struct {
	mu   sync.Mutex
	seen map[[4]string]bool
}

// lenient reports whether Config.Lenient lets the request through without
// what; the first time for a client it logs that it did.
func (s *Server) lenient(r *http.Request, what string) bool {
	if !s.cfg.Lenient {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	user, _, _ := r.BasicAuth()
	key := [4]string{user, host, r.UserAgent(), what}
	s.leniency.mu.Lock()
	first := !s.leniency.seen[key]
	if s.leniency.seen == nil || len(s.leniency.seen) >= maxLenientClients {
		s.leniency.seen = map[[4]string]bool{} // bounded: a client may be told again
	}
	s.leniency.seen[key] = true
	s.leniency.mu.Unlock()
	if first {
		s.log.Warn("lenient: "+what, "workspace", user, "client", host, "user_agent", r.UserAgent(),
			"method", r.Method, "path", r.URL.Path, "response_id", info(r).responseID)
	}
	return true
}
