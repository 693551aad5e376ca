package sandbox

import (
	"bytes"
	"encoding/json"
	"log"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// MaxHeaderBytes bounds a request's header fields (431 beyond); the
// service's own headers are a few hundred bytes.
const MaxHeaderBytes = 64 << 10

// NewHTTPServer is the http.Server every sandbox listener uses: header and
// idle timeouts, a header size bound, and h in front of which Serve must be
// given a Listener (so that Go's own refusals come in the envelope too).
func NewHTTPServer(h http.Handler, errLog *log.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		MaxHeaderBytes: MaxHeaderBytes, ErrorLog: errLog}
}

// Listener wraps ln so that the answers Go's HTTP server writes by itself,
// before any handler runs (a request that is not HTTP/1.1, header fields
// over MaxHeaderBytes, an unknown transfer encoding), go out in the error
// envelope like every other answer instead of as plain text.
func Listener(ln net.Listener) net.Listener { return envelopeListener{ln} }

type envelopeListener struct{ net.Listener }

func (l envelopeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &envelopeConn{Conn: c}, nil
}

// envelopeConn rewrites a write that is exactly one of net/http's plain-text
// refusals. Those are written straight to the connection in one write, with
// headers no handler answer has (text/plain, no Date), so nothing else
// matches.
type envelopeConn struct{ net.Conn }

var goRefusal = regexp.MustCompile(`^HTTP/1\.1 (\d{3}) ([^\r\n]*)\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n`)

func (c *envelopeConn) Write(p []byte) (int, error) {
	m := goRefusal.FindSubmatch(p)
	if m == nil {
		return c.Conn.Write(p)
	}
	status, _ := strconv.Atoi(string(m[1]))
	if _, err := c.Conn.Write(refusal(status, string(m[2]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// refusal is the whole HTTP answer for one of net/http's own refusals.
func refusal(status int, reason string) []byte {
	msg := "The request is not valid HTTP/1.1 (" + reason + ")."
	target := ""
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		msg = "The request's header fields are larger than " + strconv.Itoa(MaxHeaderBytes>>10) + " KiB."
		target = "header"
	case http.StatusNotImplemented:
		msg = "The request's Transfer-Encoding is not supported; send chunked or none."
		target = "Transfer-Encoding"
	}
	id := newUUID()
	details := []api.ErrorDetail{}
	if target != "" {
		details = append(details, api.ErrorDetail{Target: target, Message: msg})
	}
	body, _ := json.Marshal(errEnvelope{ResponseID: id, Error: errFully{Code: api.CodeBadRequest, Message: msg,
		Target: target, Details: details, RequestID: id}})
	body = append(body, '\n')
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + strconv.Itoa(status) + " " + http.StatusText(status) + "\r\n")
	b.WriteString("Content-Type: application/json\r\nConnection: close\r\n")
	b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n")
	b.Write(body)
	return b.Bytes()
}
