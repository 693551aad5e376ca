package api

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A traced exchange names the method, URL, status and bodies, and no
// secret: not the key in Authorization, not SVC-APPKEY, not the key echoed
// back in a body.
func TestTraceRedactsSecrets(t *testing.T) {
	const key = "k3y-that-must-not-leak"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if !strings.Contains(string(b), `"limit":1`) {
			t.Errorf("the traced request lost its body: %s", b)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Api-Token", "tok-123456")
		io.WriteString(w, `{"data":{"campaigns":[],"total":0},"echo":"`+key+`","api_key":"other-secret"}`)
	}))
	defer srv.Close()
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c, err := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: key, HTTPClient: TraceHTTPClient(log)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Search(context.Background(), SearchRequest{Limit: 1, Page: 1}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, secret := range []string{key, "other-secret", "tok-123456", "Basic "} {
		if strings.Contains(out, secret) {
			t.Errorf("trace holds %q:\n%s", secret, out)
		}
	}
	for _, want := range []string{"method=POST", "/v5/campaigns/search", "status=200", "duration=", `\"limit\":1`, Redacted, "Content-Type"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %q:\n%s", want, out)
		}
	}
}

func TestTraceCutsLongBodies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, strings.Repeat("x", 3*TraceBodyLimit))
	}))
	defer srv.Close()
	var buf bytes.Buffer
	hc := TraceHTTPClient(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	res, err := hc.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if len(b) != 3*TraceBodyLimit {
		t.Fatalf("the caller got %d bytes, want the whole %d", len(b), 3*TraceBodyLimit)
	}
	if n := buf.Len(); n > 2*TraceBodyLimit || !strings.Contains(buf.String(), "…(cut)") {
		t.Fatalf("trace of %d bytes, want it cut near %d", n, TraceBodyLimit)
	}
}
