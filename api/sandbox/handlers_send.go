package sandbox

import (
	"net/http"
	"strconv"
)

func (s *Server) handleTest(w http.ResponseWriter, r *http.Request) {
	writeErr(w, r, errInternal())
}

func (s *Server) handlePreview(w http.ResponseWriter, r *http.Request) {
	writeErr(w, r, errInternal())
}

// handleOutbox lists the workspace's test messages, oldest first; ?after=SEQ
// pages on, ?limit=N (default 100, at most 1000).
func (s *Server) handleOutbox(w http.ResponseWriter, r *http.Request) {
	ri := info(r)
	after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > 1000 {
		limit = 100
	}
	msgs, err := s.store.Outbox(r.Context(), ri.ws.ID, after, limit)
	if err != nil {
		writeErr(w, r, err)
		return
	}
	writeData(w, r, http.StatusOK, "outbox", map[string]any{"messages": msgs})
}
