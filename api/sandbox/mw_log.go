package sandbox

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/campaigns-cli/campaigns/api/internal/statuswriter"
)

// logRequests writes one line per request at Info (server errors at Error):
// what a person running `campaigns serve` watches.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := statuswriter.New(w)
		var cause error
		next.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), causeKey{}, &cause)))
		level := slog.LevelInfo
		if sw.Status() >= 500 {
			level = slog.LevelError
		}
		if !log.Enabled(r.Context(), level) {
			return
		}
		user, _, _ := r.BasicAuth()
		args := []any{"method", r.Method, "path", r.URL.Path, "status", sw.Status(),
			"workspace", user, "request_id", r.Header.Get("X-SVC-Request-Id"), "took", time.Since(start).Round(time.Microsecond)}
		if cause != nil {
			args = append(args, "err", cause)
		}
		log.Log(r.Context(), level, "request", args...)
	})
}

type causeKey struct{}

// noteCause hands the cause of a 5xx answer, which the client never sees,
// to the request's log line.
func noteCause(r *http.Request, err error) {
	if c, ok := r.Context().Value(causeKey{}).(*error); ok {
		*c = err
	}
}
