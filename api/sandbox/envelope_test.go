package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// TestEveryErrorStatusHasTheWholeEnvelope sends one request for every
// error status the sandbox produces and checks, on the raw JSON, that each
// answer carries response_id and error.{code, message, target, details,
// request_id}, with target a string (maybe "") and details an array (maybe
// []) — never omitted (decisions.md §2 "error envelopes").
func TestEveryErrorStatusHasTheWholeEnvelope(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.BodyReadTimeout = 300 * time.Millisecond })
	id := e.create(minimalPush())
	path := api.PathCampaigns + "/" + id
	utm := map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}
	key := newUUID()
	e.do("POST", api.PathSearch, map[string]any{"limit": 1, "page": 1}, api.HeaderIdempotencyKey, key)
	stopped := e.create(withStart(fixture(t, "push_one_time"), e.clk.Now().Add(time.Hour), "UTC"))
	want(t, e.publish(stopped), http.StatusNoContent)
	want(t, e.action(stopped, "STOP"), http.StatusOK)
	body := minimalPush()
	body["request_id"] = "once"
	e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, "")
	limited := newEnv(t, func(c *Config) { c.NoRateLimits = false })
	for range 10 {
		limited.do("GET", api.PathCampaigns+"/x", nil)
	}

	raws := map[string]*resp{
		"400":            e.do("PATCH", path, map[string]any{"basic_details": map[string]any{"name": 1}}),
		"401":            e.do("GET", path, nil, api.HeaderAppKey, ""),
		"403":            e.do("PATCH", path, utm, api.HeaderScopes, "campaigns:view"),
		"404":            e.do("GET", api.PathCampaigns+"/000000000000000000000000", nil),
		"405":            e.do("DELETE", path, nil),
		"409 key reused": e.do("POST", api.PathSearch, map[string]any{"limit": 2, "page": 1}, api.HeaderIdempotencyKey, key),
		"409 state":      e.do("PATCH", api.PathCampaigns+"/"+stopped, utm),
		"409 request_id": e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, ""),
		"412":            e.do("PATCH", path, utm, "If-Match", `"stale"`),
		"413":            e.do("POST", api.PathSearch, `"`+strings.Repeat("a", MaxBody)+`"`),
		"422":            e.action(id, "STOP"),
		"429":            limited.do("GET", api.PathCampaigns+"/x", nil),
		"408":            trickle(t, e),
	}
	wantStatus := map[string]int{"400": 400, "401": 401, "403": 403, "404": 404, "405": 405, "409 key reused": 409, "409 state": 409,
		"409 request_id": 409, "412": 412, "413": 413, "422": 422, "429": 429, "408": 408}
	// A store that fails answers 500 (nothing leaks but the envelope).
	broken := newEnv(t, nil)
	bid := broken.create(minimalPush())
	broken.s.store.Close()
	raws["500"] = broken.do("GET", api.PathCampaigns+"/"+bid, nil)
	wantStatus["500"] = 500

	for name, r := range raws {
		if r.status != wantStatus[name] {
			t.Errorf("%s: status %d: %s", name, r.status, r.raw)
			continue
		}
		var m struct {
			ResponseID *string `json:"response_id"`
			Error      *struct {
				Code      *string           `json:"code"`
				Message   *string           `json:"message"`
				Target    *string           `json:"target"`
				Details   *[]map[string]any `json:"details"`
				RequestID *string           `json:"request_id"`
			} `json:"error"`
		}
		if err := json.Unmarshal(r.raw, &m); err != nil {
			t.Errorf("%s: not JSON: %s", name, r.raw)
			continue
		}
		er := m.Error
		switch {
		case m.ResponseID == nil || *m.ResponseID == "":
			t.Errorf("%s: no response_id: %s", name, r.raw)
		case er == nil || er.Code == nil || *er.Code == "" || er.Message == nil || *er.Message == "":
			t.Errorf("%s: no error code or message: %s", name, r.raw)
		case er.Target == nil || er.Details == nil || er.RequestID == nil:
			t.Errorf("%s: error.target, error.details and error.request_id must all be present: %s", name, r.raw)
		case len(*er.Details) > 0 && (*er.Details)[0]["target"] != *er.Target:
			t.Errorf("%s: error.target is not the first detail's: %s", name, r.raw)
		}
	}
}

// trickle sends a POST whose body never finishes arriving: the first
// bytes, then nothing. It returns the answer (408 when the server gives up
// on the body within its read timeout) and how long the connection stayed
// open.
func trickle(t *testing.T, e *env) *resp {
	t.Helper()
	r, _, _ := trickleTimed(t, e)
	return r
}

func trickleTimed(t *testing.T, e *env) (r *resp, took time.Duration, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"limit":1,"page":1}`
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: Basic U0FOREJPWDpzYW5kYm94LWtleQ==\r\nSVC-APPKEY: SANDBOX\r\n"+
		"Idempotency-Key: %s\r\nX-SVC-Request-Id: slow\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", api.PathSearch, newUUID(), len(body))
	start := time.Now()
	if _, err := io.WriteString(conn, head+body[:3]); err != nil {
		t.Fatal(err)
	}
	// One more byte now and then, never the whole body.
	done := make(chan struct{})
	defer close(done)
	go func() {
		for i := 3; i < len(body)-1; i++ {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := io.WriteString(conn, body[i:i+1]); err != nil {
				return
			}
		}
	}()
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second)) // the test's own bound, far above the server's
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("trickled request: %v", err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took = time.Since(start)
	out := &resp{status: res.StatusCode, header: res.Header, raw: raw}
	_ = json.Unmarshal(raw, &out.env)
	// The server hangs up after it: reading on gives EOF, not a wait (or a
	// reset, when the hang-up overtook a byte the trickle still sent).
	_, err = br.ReadByte()
	return out, took, err == io.EOF || errors.Is(err, syscall.ECONNRESET)
}
