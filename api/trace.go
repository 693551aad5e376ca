package api

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// TraceBodyLimit bounds how much of each body a trace records.
const TraceBodyLimit = 16 << 10

// Redacted replaces every secret in a trace.
const Redacted = "[REDACTED]"

// TraceTransport wraps next (nil: http.DefaultTransport) so that every
// exchange is logged at debug level on log: method, URL, status, duration,
// headers and bodies up to TraceBodyLimit. Authorization, SVC-APPKEY and any
// header naming a key, token, secret or cookie are redacted, and so is the
// Basic-auth password wherever it appears (URL, bodies).
func TraceTransport(next http.RoundTripper, log *slog.Logger) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &traceTransport{next: next, log: log}
}

// TraceHTTPClient is an *http.Client with the default timeout whose
// exchanges are traced to log; nil log: no trace (the default client).
func TraceHTTPClient(log *slog.Logger) *http.Client {
	if log == nil {
		return nil
	}
	return &http.Client{Timeout: DefaultTimeout, Transport: TraceTransport(nil, log)}
}

type traceTransport struct {
	next http.RoundTripper
	log  *slog.Logger
}

func (t *traceTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	secrets := secretsOf(req)
	reqBody := ""
	if req.Body != nil && req.Body != http.NoBody && req.GetBody != nil {
		// A copy: the request itself is not touched.
		if rc, err := req.GetBody(); err == nil {
			b, _ := io.ReadAll(io.LimitReader(rc, TraceBodyLimit+1))
			rc.Close()
			reqBody = cut(b)
		}
	} else if req.Body != nil && req.Body != http.NoBody {
		reqBody = "(a body that cannot be read twice)"
	}
	start := time.Now()
	res, err := t.next.RoundTrip(req)
	attrs := []any{
		"method", req.Method,
		"url", redact(req.URL.String(), secrets),
		"duration", time.Since(start).Round(time.Microsecond).String(),
		"request_headers", headers(req.Header, secrets),
	}
	if reqBody != "" {
		attrs = append(attrs, "request_body", redact(reqBody, secrets))
	}
	if err != nil {
		t.log.Debug("exchange", append(attrs, "error", redact(err.Error(), secrets))...)
		return res, err
	}
	b, rerr := io.ReadAll(io.LimitReader(res.Body, TraceBodyLimit+1))
	res.Body = readCloser{io.MultiReader(bytes.NewReader(b), errReader{rerr}, res.Body), res.Body}
	attrs = append(attrs, "status", res.StatusCode, "response_headers", headers(res.Header, secrets))
	if len(b) > 0 {
		attrs = append(attrs, "response_body", redact(cut(b), secrets))
	}
	t.log.Debug("exchange", attrs...)
	return res, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// errReader hands on a read error met while tracing, in its place.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}

func cut(b []byte) string {
	if len(b) > TraceBodyLimit {
		return string(b[:TraceBodyLimit]) + "…(cut)"
	}
	return string(b)
}

// secretsOf: the values that must never reach a trace. The Basic-auth
// password is the API key.
func secretsOf(req *http.Request) []string {
	var s []string
	if _, pass, ok := req.BasicAuth(); ok && pass != "" {
		s = append(s, pass)
	}
	for name, vs := range req.Header {
		if secretHeader(name) && !strings.EqualFold(name, "Authorization") {
			for _, v := range vs {
				if len(v) >= 4 {
					s = append(s, v)
				}
			}
		}
	}
	return s
}

func secretHeader(name string) bool {
	n := strings.ToLower(name)
	if n == "authorization" || n == "proxy-authorization" || n == "svc-appkey" {
		return true
	}
	for _, w := range []string{"key", "token", "secret", "cookie", "password"} {
		if strings.Contains(n, w) && n != "idempotency-key" {
			return true
		}
	}
	return false
}

func headers(h http.Header, secrets []string) map[string]string {
	out := make(map[string]string, len(h))
	for name, vs := range h {
		v := strings.Join(vs, ", ")
		if secretHeader(name) {
			v = Redacted
		}
		out[name] = redact(v, secrets)
	}
	return out
}

// secretJSON matches "api_key": "…" and the like in a body.
var secretJSON = regexp.MustCompile(`(?i)("[a-z_]*(?:api_?key|apikey|password|secret|token)"\s*:\s*)"(?:[^"\\]|\\.)*"`)

func redact(s string, secrets []string) string {
	for _, sec := range secrets {
		s = strings.ReplaceAll(s, sec, Redacted)
	}
	return secretJSON.ReplaceAllString(s, `$1"`+Redacted+`"`)
}
