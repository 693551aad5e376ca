package sandbox

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"net/http"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/google/uuid"
)

// requireRequestID enforces decisions.md §2 "request id": on POST and PATCH
// one of X-SVC-Request-Id and the body's request_id is required, and when
// both are sent they must be equal. GET makes its own (readBody did), and so
// does the lenient mode for any request.
func (s *Server) requireRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ri := info(r)
		if ri.badBodyID {
			writeErr(w, r, errValidation("request_id", "request_id must be a non-empty string."))
			return
		}
		if r.Method == http.MethodPost || r.Method == http.MethodPatch {
			if ri.headerID == "" && ri.bodyID == "" {
				if !s.lenient(r, lenientRequestID) {
					writeErr(w, r, errValidation(api.HeaderRequestID, "A request id is required: send the X-SVC-Request-Id header or request_id in the body."))
					return
				}
				ri.headerID = ri.responseID // the one made: the request's own from here on
			}
			if ri.headerID != "" && ri.bodyID != "" && ri.headerID != ri.bodyID {
				writeErr(w, r, errValidation(api.HeaderRequestID, "X-SVC-Request-Id and the body's request_id must be equal when both are sent."))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// peekRequestID reads a top-level request_id without decoding the rest of
// the body: ok when it is a non-empty string, bad when it is anything else
// (a body that is not JSON is left to the handler to report).
func peekRequestID(body []byte) (id string, ok, bad bool) {
	if !bytes.Contains(body, []byte(`"request_id"`)) {
		return "", false, false
	}
	var v struct {
		RequestID json.RawMessage `json:"request_id"`
	}
	if json.Unmarshal(body, &v) != nil || len(v.RequestID) == 0 {
		return "", false, false
	}
	if json.Unmarshal(v.RequestID, &id) != nil || id == "" {
		return "", false, string(v.RequestID) != "null"
	}
	return id, true, false
}

func newUUID() string {
	u, err := uuid.NewRandomFromReader(rand.Reader)
	if err != nil {
		return uuid.NewString()
	}
	return u.String()
}
