package sandbox

import (
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
)

// route is one method on one path with the middleware it needs.
type route struct {
	method, pattern string
	class           string   // rate-limit class
	limits          []window // every route has one
	idempotent      bool     // Idempotency-Key required
	handler         http.HandlerFunc
}

func (s *Server) routeTable() []route {
	return []route{
		{"POST", api.PathCampaigns, "create", limitsCreate, true, s.handleCreate},
		{"GET", api.PathCampaigns + "/{campaign_id}", "get", limitsDefault, false, s.handleGet},
		{"PATCH", api.PathCampaigns + "/{campaign_id}", "update", limitsDefault, true, s.handlePatch},
		{"POST", api.PathCampaigns + "/{campaign_id}/validate", "validate", limitsDefault, false, s.handleValidate},
		{"PATCH", api.PathCampaigns + "/{campaign_id}/status", "status", limitsDefault, true, withBody(s.handleStatus)},
		{"POST", api.PathSearch, "search", limitsDefault, true, withPage(s.handleSearch)},
		{"POST", api.PathMeta, "meta", limitsDefault, true, withPage(s.handleMeta)},
		{"POST", api.PathTest, "test", limitsDefault, true, withBody(s.handleTest)},
		{"POST", api.PathPreview, "preview", limitsPreview, true, withBody(s.handlePreview)},
		{"PATCH", api.PathV1Publish + "{campaign_id}", "publish", limitsDefault, true, withBody(s.handlePublish)},
		{"GET", PathOutbox, "outbox", limitsSandbox, false, s.handleOutbox},
		{"GET", PathUsers, "users", limitsSandbox, false, s.handleUsers},
		{"POST", api.PathSandboxReach, "reach", limitsSandbox, false, withBody(s.handleReach)},
	}
}

// withBody adapts a handler of a wire-typed body: the body is decoded
// strictly into T first, and one that does not fit is answered with its
// error before the handler runs.
func withBody[T any](h func(w http.ResponseWriter, r *http.Request, req *T)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req T
		if err := decodeStrict(info(r).body, &req); err != nil {
			writeErr(w, r, err)
			return
		}
		h(w, r, &req)
	}
}

// PathOutbox lists the test messages the sandbox "sent" (sandbox only).
const PathOutbox = api.PathSandboxOutbox

// PathUsers lists the demo users and segments (sandbox only).
const PathUsers = api.PathSandboxUsers

// routes builds the handler: per route auth → body → request id → rate
// limit → idempotency → handler (authentication first, so that an
// unauthenticated body is never read), all inside panic recovery; a path no route
// has is 404 JSON, a method the path does not take is 405 JSON.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	byPattern := map[string]map[string]http.Handler{}
	var order []string
	for _, rt := range s.routeTable() {
		var h http.Handler = rt.handler
		if rt.idempotent {
			h = s.idempotency(h)
		}
		if rt.limits != nil {
			h = s.rateLimit(rt.class, rt.limits, h)
		}
		h = s.requireRequestID(h)
		h = s.readBody(h)
		h = s.authenticate(h)
		h = requestInfo(h)
		if byPattern[rt.pattern] == nil {
			byPattern[rt.pattern] = map[string]http.Handler{}
			order = append(order, rt.pattern)
		}
		byPattern[rt.pattern][rt.method] = h
	}
	for _, p := range order {
		methods := byPattern[p]
		mux.Handle(p, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if h, ok := methods[r.Method]; ok {
				h.ServeHTTP(w, r)
				return
			}
			if r.Method == http.MethodHead {
				if h, ok := methods[http.MethodGet]; ok {
					h.ServeHTTP(w, r)
					return
				}
			}
			allow := make([]string, 0, len(methods))
			for m := range methods {
				allow = append(allow, m)
			}
			slices.Sort(allow)
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeErr(w, r, &apiError{status: http.StatusMethodNotAllowed, code: api.CodeBadRequest,
				message: "Method " + r.Method + " is not allowed on " + r.URL.Path + "; allowed: " + strings.Join(allow, ", ") + "."})
		}))
	}
	mux.HandleFunc("GET "+PathHealth, s.handleHealth)
	mux.HandleFunc("GET "+PathReady, s.handleReady)
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, r, &apiError{status: http.StatusNotFound, code: api.CodeNotFound,
			message: "No route " + r.Method + " " + r.URL.Path + "."})
	}))
	return logRequests(s.log, recoverPanics(s.log, canonicalPaths(mux)))
}

// canonicalPaths answers a path with empty, "." or ".." segments with a 400
// envelope naming the path to use: ServeMux would redirect it (307 with an
// HTML body), which no client of this API expects, and a write must never
// be redirected silently.
func canonicalPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if clean := path.Clean("/" + p); clean != p && !(strings.HasSuffix(p, "/") && clean+"/" == p) || p == "" {
			writeErr(w, r, errValidation("path", "The path "+quote(p)+" is not canonical: send "+quote(clean)+"."))
			return
		}
		next.ServeHTTP(w, r)
	})
}
