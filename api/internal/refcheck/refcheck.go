// Package refcheck validates HTTP exchanges against the real service's
// reference OpenAPI (../shared/spec/reference-openapi.yaml) with
// kin-openapi's openapi3filter, oneOf included: every request a client sends
// against the request schemas, every answer the sandbox gives against the
// response schemas. Tests put it in front of the sandbox (Middleware) or a
// client (Transport); violations the reference's own defects explain are
// counted by class (defects.go), any other fails the test. Test support
// only: linked into tests, never into the binary.
package refcheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/campaigns-cli/campaigns/api/internal/statuswriter"
)

// SpecPath is where the reference lives, relative to the repository root.
const SpecPath = "../shared/spec/reference-openapi.yaml"

// Checker holds the loaded reference and the tallies of one test binary.
type Checker struct {
	router routers.Router

	mu          sync.Mutex
	requests    int
	responses   int
	byClass     map[string]int
	unexplained []string
}

var (
	once    sync.Once
	shared  *Checker
	loadErr error
)

// Load returns the package's Checker, or skips t (one line) when the
// reference is absent, as outside the project's workspace.
func Load(t testing.TB) *Checker {
	t.Helper()
	once.Do(func() { shared, loadErr = load() })
	if errors.Is(loadErr, os.ErrNotExist) {
		t.Skip("reference OpenAPI not found (" + SpecPath + "): schema check skipped")
	}
	if loadErr != nil {
		t.Fatalf("reference OpenAPI: %v", loadErr)
	}
	return shared
}

func load() (*Checker, error) {
	path, err := specFile()
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, err
	}
	doc.Servers = nil // match on the path alone: the tests run on loopback
	r, err := legacy.NewRouter(doc, openapi3.DisableExamplesValidation())
	if err != nil {
		return nil, err
	}
	return &Checker{router: r, byClass: map[string]int{}}, nil
}

// specFile finds the reference from the repository root (where go.mod is).
func specFile() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, SpecPath)
			_, err := os.Stat(p)
			return p, err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", os.ErrNotExist
		}
		dir = up
	}
}

// Wrap is Middleware on the package's Checker, or next unchanged when the
// reference is absent (the caller's test runs without the check). Use it in
// front of a service that the client under test talks to.
func Wrap(t testing.TB, next http.Handler) http.Handler { return wrap(t, next, true) }

// WrapAnswers checks the answers only: for suites whose requests are
// hand-made on purpose (the sandbox's own tests send nulls, bodies without
// channel, broken JSON) rather than sent by the client.
func WrapAnswers(t testing.TB, next http.Handler) http.Handler { return wrap(t, next, false) }

func wrap(t testing.TB, next http.Handler, requests bool) http.Handler {
	once.Do(func() { shared, loadErr = load() })
	if loadErr != nil {
		if !errors.Is(loadErr, os.ErrNotExist) {
			t.Fatalf("reference OpenAPI: %v", loadErr)
		}
		return next
	}
	return shared.middleware(t, next, requests)
}

// Current is the package's Checker, nil when the reference is absent.
func Current() *Checker {
	once.Do(func() { shared, loadErr = load() })
	return shared
}

// Middleware validates every exchange through next once it is answered.
// The request body is copied as next reads it and the answer as next writes
// it, so timing (slow bodies, streaming, deadlines) is next's own.
// Violations that no known defect explains fail t when it ends.
func (c *Checker) Middleware(t testing.TB, next http.Handler) http.Handler {
	return c.middleware(t, next, true)
}

func (c *Checker) middleware(t testing.TB, next http.Handler, requests bool) http.Handler {
	t.Cleanup(func() { c.report(t) })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var reqBody bytes.Buffer
		if requests && r.Body != nil {
			r.Body = struct {
				io.Reader
				io.Closer
			}{io.TeeReader(r.Body, &reqBody), r.Body}
		}
		tw := &teeWriter{Writer: statuswriter.New(w)}
		next.ServeHTTP(tw, r)
		req := r.Clone(context.Background())
		c.check(req, requests, reqBody.Bytes(), tw.Status(), w.Header(), tw.body.Bytes())
	})
}

// teeWriter passes an answer through and keeps a copy.
type teeWriter struct {
	*statuswriter.Writer
	body bytes.Buffer
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.Writer.Write(b)
}

// Check validates one exchange: the request (method, path, headers and body)
// and the answer (status, headers and body).
func (c *Checker) Check(r *http.Request, reqBody []byte, status int, hdr http.Header, respBody []byte) {
	c.check(r, true, reqBody, status, hdr, respBody)
}

func (c *Checker) check(r *http.Request, requests bool, reqBody []byte, status int, hdr http.Header, respBody []byte) {
	route, params, err := c.router.FindRoute(r)
	if err != nil {
		return // a route of the sandbox only (V1 publish, /sandbox/...): not in the reference
	}
	ctx := context.Background()
	r.Body = io.NopCloser(bytes.NewReader(reqBody))
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
	var reqErr error
	if requests { // answers only (WrapAnswers): the request's verdict would be thrown away
		reqErr = openapi3filter.ValidateRequest(ctx, in)
	}
	respErr := openapi3filter.ValidateResponse(ctx, &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: status, Header: hdr,
		Body: io.NopCloser(bytes.NewReader(respBody)), Options: opts})

	c.mu.Lock()
	defer c.mu.Unlock()
	c.responses++
	op := r.Method + " " + route.Path
	if requests {
		c.requests++
		for _, msg := range messages(reqErr) {
			c.classify(Exchange{Kind: KindRequest, Op: op, Status: status, Message: msg, Body: reqBody})
		}
	}
	for _, msg := range messages(respErr) {
		c.classify(Exchange{Kind: KindResponse, Op: op, Status: status, Message: msg, Body: respBody})
	}
}

func (c *Checker) classify(x Exchange) {
	if otherBranch(x) {
		return // the other channel's branch of a oneOf: says nothing by itself
	}
	for _, d := range Defects {
		if d.Explains(x) {
			c.byClass[d.ID]++
			return
		}
	}
	c.byClass["unexplained "+string(x.Kind)]++
	c.unexplained = append(c.unexplained, fmt.Sprintf("%s %s (%d): %s", x.Kind, x.Op, x.Status, x.Message))
}

// messages flattens a (multi) error into one line per violation.
func messages(err error) []string {
	if err == nil {
		return nil
	}
	var me openapi3.MultiError
	if errors.As(err, &me) {
		var out []string
		for _, e := range me {
			out = append(out, messages(e)...)
		}
		return out
	}
	return []string{strings.Join(strings.Fields(err.Error()), " ")}
}

func (c *Checker) report(t testing.TB) {
	c.mu.Lock()
	bad := c.unexplained
	c.unexplained = nil
	c.mu.Unlock()
	for _, u := range bad {
		t.Errorf("reference schema: %s", u)
	}
}

// Main runs a package's tests and, with -v, prints the tallies after them
// (requests and responses validated, violations by known-defect class):
// func TestMain(m *testing.M) { refcheck.Main(m) }.
//
// Unless GOGC is set, the tests run with the collector at a quarter of its
// usual pace: a test process keeps a few MiB live and makes request
// garbage fast, so at GOGC=100 collecting was 10-20% of these packages'
// CPU. No test measures this process's heap (the memory tests measure a
// child sandbox, which starts before Main, or count TotalAlloc).
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	code := m.Run()
	Report()
	os.Exit(code)
}

// Report prints the tallies with -v.
func Report() {
	if c := Current(); c != nil && testing.Verbose() {
		fmt.Println(c.Summary())
	}
}

// Summary is the tallies so far: requests and responses validated and the
// violations by class.
func (c *Checker) Summary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	classes := make([]string, 0, len(c.byClass))
	for k := range c.byClass {
		classes = append(classes, k)
	}
	sort.Strings(classes)
	var b strings.Builder
	fmt.Fprintf(&b, "reference schema check: %d requests, %d responses validated", c.requests, c.responses)
	for _, k := range classes {
		fmt.Fprintf(&b, "; %s: %d", k, c.byClass[k])
	}
	return b.String()
}
