package sandbox

import (
	"log/slog"
	"net/http"
	"time"
)

// logRequests writes one line per request at Info (server errors at Error):
// what a person running `campaigns serve` watches.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		if !log.Enabled(r.Context(), level) {
			return
		}
		user, _, _ := r.BasicAuth()
		log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"workspace", user, "request_id", r.Header.Get("X-SVC-Request-Id"), "took", time.Since(start).Round(time.Microsecond))
	})
}
