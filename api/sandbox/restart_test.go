package sandbox

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// TestRestart stops the sandbox and starts it again on the same data
// directory: campaigns, versions, states, the outbox, stored idempotent
// answers and create request_id windows are all still there.
func TestRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clk := newClock()
	e := openOn(t, dir, clk, true)
	seeded, _ := e.s.store.Count(t.Context(), e.user)
	body := fixture(t, "push_one_time")
	body["request_id"] = "restart-create"
	key := newUUID()
	r := e.do("POST", api.PathCampaigns, withStart(body, clk.Now().Add(time.Hour), "UTC"), api.HeaderIdempotencyKey, key, api.HeaderRequestID, "")
	want(t, r, http.StatusCreated)
	created := r
	var d api.CreateResult
	r.data(t, &d)
	id := d.ID
	want(t, e.publish(id), http.StatusNoContent)
	r = e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "v2", "utm_medium": "m"}, "x_kept": 1})
	want(t, r, http.StatusOK)
	var p api.PatchResult
	r.data(t, &p)
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": e.create(fixture(t, "push_event_triggered")),
		"test_campaign_meta": map[string]any{"identifier": "PUSH_ID", "identifier_values": []string{"fcm:user-001:android"}}}), http.StatusOK)
	before := e.get(id)
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}

	e = openOn(t, dir, clk, true)
	defer e.stop()
	after := e.get(id)
	if !jsonSame(before, after) || after["id"] != p.ID || after["version_number"] != 2.0 || after["x_kept"] != 1.0 {
		t.Errorf("after restart %v\nbefore %v", after, before)
	}
	if n, _ := e.s.store.Count(t.Context(), e.user); n != seeded+3 {
		t.Errorf("%d campaigns after restart, want %d (no second seed)", n, seeded+3)
	}
	if ids := e.searchIDs(map[string]any{"campaign_fields": map[string]any{"ids": []string{id}}}); len(ids) != 2 {
		t.Errorf("versions after restart: %v", ids)
	}
	// The idempotent answer survives; so does the request_id window.
	r = e.do("POST", api.PathCampaigns, withStart(body, clk.Now().Add(time.Hour), "UTC"), api.HeaderIdempotencyKey, key, api.HeaderRequestID, "")
	if r.status != http.StatusCreated || string(r.raw) != string(created.raw) {
		t.Errorf("replay after restart: %d %s", r.status, r.raw)
	}
	want(t, e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, ""), http.StatusConflict, api.CodeBadRequest, "request_id")
	r = e.do("GET", PathOutbox, nil)
	if !strings.Contains(string(r.raw), "fcm:user-001:android") {
		t.Errorf("outbox after restart: %s", r.raw)
	}
	// Past the idempotency window the key is forgotten, in memory and on
	// disk (a restart does not bring it back).
	clk.Advance(IdemTTL + time.Minute)
	e.s.Tick()
	e.s.store.Update(t.Context(), func(Tx) error { return nil }) // the prune was queued before this
	if got, _ := e.s.store.Idempotent(t.Context(), time.Time{}); len(got) != 0 {
		t.Errorf("%d idempotency keys kept past their time", len(got))
	}
	clk.Advance(-IdemTTL - time.Minute)
	// The scheduler carries on where it was.
	clk.Advance(2 * time.Hour)
	e.s.Tick()
	if st := e.get(id)["status"]; st != "SENDING" {
		t.Errorf("status after restart and start time: %v", st)
	}
}

func jsonSame(a, b any) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

func TestInMemoryIsGoneOnClose(t *testing.T) {
	e := parallelEnv(t, nil)
	e.create(minimalPush())
	s2, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if n, _ := s2.store.Count(t.Context(), DefaultWorkspaceID); n != 0 {
		t.Errorf("a second in-memory sandbox sees %d campaigns", n)
	}
}

func TestRemoveWorkspace(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.Seed = true })
	w := Workspace{ID: "DEMO-1", Key: "k", Scope: ScopeCreateManage}
	if err := e.s.AddWorkspace(w, true); err != nil {
		t.Fatal(err)
	}
	d := e.as("DEMO-1", "k")
	if ids := d.searchIDs(map[string]any{}); len(ids) == 0 {
		t.Fatal("the new workspace was not seeded")
	}
	if err := e.s.RemoveWorkspace("DEMO-1"); err != nil {
		t.Fatal(err)
	}
	want(t, d.do("GET", api.PathCampaigns+"/x", nil), http.StatusUnauthorized, api.CodeUnauthorized)
	if n, _ := e.s.store.Count(t.Context(), "DEMO-1"); n != 0 {
		t.Errorf("%d campaigns left", n)
	}
	if ids := e.searchIDs(map[string]any{}); len(ids) == 0 {
		t.Error("the other workspace lost its campaigns")
	}
	// Added again, it is seeded afresh.
	if err := e.s.AddWorkspace(w, true); err != nil {
		t.Fatal(err)
	}
	if ids := d.searchIDs(map[string]any{}); len(ids) == 0 {
		t.Error("not seeded after re-adding")
	}
}

// TestStartLocalGracefulStop stops the server while a request is still
// being sent: the request completes, then stop returns.
func TestStartLocalGracefulStop(t *testing.T) {
	t.Parallel()
	base, s, stop, err := StartLocal(Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com"}`
	head := fmt.Sprintf("POST /v5/campaigns HTTP/1.1\r\nHost: x\r\nAuthorization: Basic U0FOREJPWDpzYW5kYm94LWtleQ==\r\nSVC-APPKEY: SANDBOX\r\n"+
		"Idempotency-Key: %s\r\nX-SVC-Request-Id: slow\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", newUUID(), len(body))
	if _, err := io.WriteString(conn, head+body[:10]); err != nil {
		t.Fatal(err)
	}
	// Wait until the server holds the request: it is reading the body.
	// (A probe on a second connection proved only that the first was
	// accepted, not that its headers had been read.)
	for len(s.bodySlots) == 0 {
		time.Sleep(time.Millisecond)
	}
	var stopped atomic.Bool
	done := make(chan error, 1)
	go func() { err := stop(); stopped.Store(true); done <- err }()
	// Shutdown closes the listener first: once new connections are refused,
	// the server is stopping, with our request still half sent.
	for {
		c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			break
		}
		c.Close()
		runtime.Gosched()
	}
	if stopped.Load() {
		t.Fatal("stop returned while a request was in flight")
	}
	if _, err := io.WriteString(conn, body[10:]); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated || !strings.Contains(string(b), `"status":"DRAFT"`) {
		t.Errorf("in-flight request: %d %s", res.StatusCode, b)
	}
	if err := <-done; err != nil {
		t.Errorf("stop: %v", err)
	}
}

// TestWithoutRowidDatabaseMigrates opens a data directory whose campaigns
// table an older sandbox made WITHOUT ROWID: every campaign is still there,
// editable and searchable, and the table is a rowid table with its indexes.
func TestWithoutRowidDatabaseMigrates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clk := newClock()
	e := openOn(t, dir, clk, true)
	id := e.create(fixture(t, "push_one_time"))
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"x_kept": 1}), http.StatusOK)
	before := e.get(id)
	seeded, _ := e.s.store.Count(t.Context(), e.user)
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	// The table as older sandboxes made it.
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "sandbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(campaignsTable, "(", "campaigns_old (", 1)
	if _, err := db.Exec(`CREATE TABLE ` + old + ` WITHOUT ROWID;
		INSERT INTO campaigns_old (` + selectColumns + `) SELECT ` + selectColumns + ` FROM campaigns;
		DROP TABLE campaigns;
		ALTER TABLE campaigns_old RENAME TO campaigns;
		CREATE INDEX campaigns_cid ON campaigns (workspace, campaign_id, version)`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	e = openOn(t, dir, clk, true)
	defer e.stop()
	if n, _ := e.s.store.Count(t.Context(), e.user); n != seeded {
		t.Errorf("%d campaigns after the migration, want %d", n, seeded)
	}
	if after := e.get(id); !jsonSame(before, after) {
		t.Errorf("campaign changed by the migration:\n%v\n%v", before, after)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"x_kept": 2}), http.StatusOK)
	if got := e.get(id)["x_kept"]; got != 2.0 {
		t.Errorf("x_kept = %v after a PATCH on the migrated table, want 2", got)
	}
	if ids := e.searchIDs(map[string]any{"campaign_fields": map[string]any{"ids": []string{id}, "status": []string{"DRAFT"}}}); len(ids) != 1 {
		t.Errorf("search finds %v, want the campaign", ids)
	}
	var def string
	var indexes int
	st := e.s.store.(*sqliteStore)
	if err := st.read.QueryRow("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'campaigns'").Scan(&def); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.ToUpper(def), "WITHOUT ROWID") {
		t.Errorf("campaigns is still WITHOUT ROWID: %s", def)
	}
	if err := st.read.QueryRow("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'campaigns' AND name LIKE 'campaigns_%'").Scan(&indexes); err != nil {
		t.Fatal(err)
	}
	if indexes < 9 {
		t.Errorf("%d campaigns indexes after the migration, want the schema's 9", indexes)
	}
}
