package sandbox

import (
	"log/slog"
	"net/http"
	"runtime/debug"

	"github.com/campaigns-cli/campaigns/api/internal/statuswriter"
)

// recoverPanics turns a panicking handler into a 500 INTERNAL_ERROR envelope
// (when nothing was written yet) and keeps the server serving.
func recoverPanics(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := statuswriter.New(w)
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			log.Error("handler panicked", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
			if !sw.Started() {
				writeErr(sw, r, errInternal())
			}
		}()
		next.ServeHTTP(sw, r)
	})
}
