package sandbox

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
)

// authenticate checks HTTP Basic (username = workspace id, password = API
// key) and SVC-APPKEY, which must equal the username (decisions.md §2).
// Anything missing or wrong is 401. It also settles the request's scope:
// the campaigns: entry of X-SVC-Scopes when the header is sent (the gateway's
// word is the source of truth), else the key's own scope.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		ws, known := s.workspace(user)
		if !ok || !known || subtle.ConstantTimeCompare([]byte(pass), []byte(ws.Key)) != 1 {
			unauthorized(w, r, "Authorization", "Invalid or missing credentials.")
			return
		}
		appKey := r.Header.Get(api.HeaderAppKey)
		if appKey == "" && s.lenient(r, lenientAppKey) {
			appKey = user
		}
		if appKey == "" {
			unauthorized(w, r, api.HeaderAppKey, "The SVC-APPKEY header is required.")
			return
		}
		if appKey != user {
			unauthorized(w, r, api.HeaderAppKey, "SVC-APPKEY does not match the workspace of the credentials.")
			return
		}
		ri := info(r)
		ri.ws = ws
		ri.scope = ws.Scope
		if h, sent := r.Header[http.CanonicalHeaderKey(api.HeaderScopes)]; sent {
			ri.scope = campaignsScope(strings.Join(h, ","))
			if s.cfg.DistrustScopesHeader && scopeRank[ri.scope] > scopeRank[ws.Scope] {
				ri.scope = ws.Scope // the header may lower the key's scope, never raise it
			}
		}
		next.ServeHTTP(w, r)
	})
}

func unauthorized(w http.ResponseWriter, r *http.Request, target, msg string) {
	w.Header().Set("WWW-Authenticate", `Basic realm="campaigns"`)
	writeErr(w, r, &apiError{status: http.StatusUnauthorized, code: api.CodeUnauthorized, message: msg, target: target})
}

// campaignsScope reads the campaigns: entry of an X-SVC-Scopes value; entries
// are separated by spaces or commas. No such entry means no campaigns rights.
func campaignsScope(h string) string {
	for _, e := range strings.FieldsFunc(h, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if rest, ok := strings.CutPrefix(e, "campaigns:"); ok {
			return rest
		}
	}
	return ""
}

// allows reports whether scope includes need.
func allows(scope, need string) bool { return scopeRank[scope] >= scopeRank[need] }
