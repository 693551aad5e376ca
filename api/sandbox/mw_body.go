package sandbox

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
)

// MaxBody is the largest request body the service reads.
const MaxBody = 1 << 20

// readBody reads the whole body once (at most MaxBody: 413 beyond), checks
// that a body is JSON by its Content-Type, and works out the request's ids
// for the envelopes: X-SVC-Request-Id, else the body's request_id, else a
// fresh UUID.
func readBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ri := &reqInfo{headerID: r.Header.Get(api.HeaderRequestID)}
		r = withInfo(r, ri)
		ri.responseID = ri.headerID
		if ri.responseID == "" {
			ri.responseID = newUUID()
		}
		if r.Body != nil {
			b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				writeErr(w, r, &apiError{status: http.StatusRequestEntityTooLarge, code: api.CodeValidationFailed,
					message: "The request body is larger than 1 MiB.", target: "body",
					details: []api.ErrorDetail{{Target: "body", Message: "The request body is larger than 1 MiB."}}})
				return
			}
			if err != nil {
				writeErr(w, r, errValidation("body", "The request body could not be read."))
				return
			}
			ri.body = b
		}
		if len(strings.TrimSpace(string(ri.body))) > 0 {
			if ct := r.Header.Get("Content-Type"); ct != "" {
				mt, _, err := mime.ParseMediaType(ct)
				if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
					writeErr(w, r, errValidation("Content-Type", "Content-Type must be application/json, not "+quote(ct)+"."))
					return
				}
			}
			id, ok, bad := peekRequestID(ri.body)
			ri.badBodyID = bad
			if ok {
				ri.bodyID = id
				if ri.headerID == "" {
					ri.responseID = id
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

func quote(s string) string { return "\"" + s + "\"" }
