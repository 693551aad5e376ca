package sandbox

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"os"

	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// MaxBody is the largest request body the service reads.
const MaxBody = 1 << 20

// Body reading bounds (decisions.md §6): a body is read within
// DefaultBodyReadTimeout (408 after that), by at most DefaultMaxBodyReads
// requests at a time, so that slow or large bodies cannot hold the server.
const (
	DefaultBodyReadTimeout = 30 * time.Second
	DefaultMaxBodyReads    = 64
)

// requestInfo starts the request's shared info with the ids the headers
// give, before anything is read: even a 401 has a response_id.
func requestInfo(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ri := &reqInfo{headerID: r.Header.Get(api.HeaderRequestID)}
		ri.responseID = ri.headerID
		if ri.responseID == "" {
			ri.responseID = newUUID()
		}
		next.ServeHTTP(w, withInfo(r, ri))
	})
}

// readBody reads the whole body once, after authentication: at most MaxBody
// (413 beyond), within the body read timeout (408 after it), holding one of a
// fixed number of read slots. It checks that a body is JSON by its
// Content-Type and picks up the body's request_id for the envelopes.
func (s *Server) readBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ri := info(r)
		if r.Body != nil && r.Body != http.NoBody {
			b, err := s.readAll(w, r)
			if err != nil {
				writeErr(w, r, err)
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
			if err := outOfRange(ri.body); err != nil {
				writeErr(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// takeBodySlot waits up to timeout for a body read slot.
func (s *Server) takeBodySlot(w http.ResponseWriter, r *http.Request, timeout time.Duration) error {
	select {
	case s.bodySlots <- struct{}{}:
		return nil
	default:
	}
	s.bodyWaiting.Add(1)
	defer s.bodyWaiting.Add(-1)
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case s.bodySlots <- struct{}{}:
		return nil
	case <-timer.C:
		// No slot in time: answer without reading, and hang up rather
		// than wait for the body.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now())
		w.Header().Set("Connection", "close")
		return errBodyTimeout(timeout)
	case <-r.Context().Done():
		return errBodyTimeout(timeout)
	}
}

// readAll reads r's body under the deadline, in a read slot.
func (s *Server) readAll(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	timeout := s.bodyTimeout()
	deadline := time.Now().Add(timeout)
	rc := http.NewResponseController(w)
	if err := s.takeBodySlot(w, r, timeout); err != nil {
		return nil, err
	}
	defer func() { <-s.bodySlots }()
	if r.ContentLength > MaxBody {
		return nil, errTooLarge()
	}
	// Servers without deadlines (a test's recorder) read without one.
	hasDeadline := rc.SetReadDeadline(deadline) == nil
	size := 512
	if r.ContentLength > 0 {
		size = int(r.ContentLength) + 1 // +1: the read that sees EOF
	}
	buf := make([]byte, 0, size)
	b, err := readInto(buf, http.MaxBytesReader(w, r.Body, MaxBody))
	timedOut := errors.Is(err, os.ErrDeadlineExceeded)
	if hasDeadline && !timedOut {
		_ = rc.SetReadDeadline(time.Time{})
	}
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, errTooLarge()
	case timedOut:
		// The deadline stays passed, so that the server does not wait
		// for the rest of the body either: it answers and hangs up.
		w.Header().Set("Connection", "close")
		return nil, errBodyTimeout(timeout)
	case err != nil:
		return nil, errValidation("body", "The request body could not be read.")
	}
	return b, nil
}

// readInto is io.ReadAll into a buffer sized from Content-Length.
func readInto(b []byte, r io.Reader) ([]byte, error) {
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

func (s *Server) bodyTimeout() time.Duration {
	if s.cfg.BodyReadTimeout > 0 {
		return s.cfg.BodyReadTimeout
	}
	return DefaultBodyReadTimeout
}

func errTooLarge() *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, code: api.CodeValidationFailed,
		message: "The request body is larger than 1 MiB.", target: "body",
		details: []api.ErrorDetail{{Target: "body", Message: "The request body is larger than 1 MiB."}}}
}

func errBodyTimeout(d time.Duration) *apiError {
	return &apiError{status: http.StatusRequestTimeout, code: api.CodeBadRequest, target: "body",
		message: "The request body was not received within " + d.String() + "; send it faster or in a smaller request."}
}

func quote(s string) string { return "\"" + s + "\"" }
