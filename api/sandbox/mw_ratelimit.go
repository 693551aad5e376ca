package sandbox

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// rateLimit applies the class's rolling windows per workspace + API key and
// reports the tightest window in X-RateLimit-Limit/-Remaining/-Reset.
func (s *Server) rateLimit(class string, ws []window, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.NoRateLimits {
			next.ServeHTTP(w, r)
			return
		}
		ri := info(r)
		v := s.limits.take(limitKey(ri.ws, class), ws, s.now())
		setRateHeaders(w, v)
		if !v.ok {
			writeErr(w, r, errRateLimited(v))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func limitKey(ws Workspace, class string) string { return ws.ID + "\n" + ws.Key + "\n" + class }

func setRateHeaders(w http.ResponseWriter, v verdict) {
	h := w.Header()
	h.Set(api.HeaderRateLimit, strconv.Itoa(v.limit))
	h.Set(api.HeaderRateRemaining, strconv.Itoa(max(v.remaining, 0)))
	h.Set(api.HeaderRateReset, strconv.Itoa(ceilSeconds(v.reset)))
}

func errRateLimited(v verdict) *apiError {
	secs := ceilSeconds(v.retryAfter)
	e := &apiError{status: http.StatusTooManyRequests, code: api.CodeRateLimited,
		message: "Rate limit exceeded. Retry after " + model.Count(secs, "second") + ".", header: http.Header{}}
	e.header.Set(api.HeaderRetryAfter, strconv.Itoa(secs))
	return e
}

// ceilSeconds rounds up, never below 1 for a positive wait.
func ceilSeconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int(math.Ceil(d.Seconds()))
}
