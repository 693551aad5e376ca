//go:build unix

package serve

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeRunsAndStopsOnSIGTERM starts `campaigns serve` on a free port,
// uses it, sends the process SIGTERM and expects a clean exit; the data is
// there on the next start.
func TestServeRunsAndStopsOnSIGTERM(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM cannot be sent to a process on Windows")
	}
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := filepath.Join(t.TempDir(), "data")
	serve := func() (base string, done chan int) {
		r := startServe(t, "campaigns sandbox on", "--data", dir, "--quiet", "--workspace", "ACME:secret:versioning")
		return r.base, r.done
	}
	search := func(base string) string { return searchACME(t, base, "0b7f5b8e-3c52-4a5e-9a51-2f1f8c2f7d11") }
	base, done := serve()
	first := search(base)
	if !strings.HasPrefix(first, "200 ") || !strings.Contains(first, `"status":"ACTIVE"`) {
		t.Fatalf("search on a seeded workspace: %.300s", first)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := <-done; code != 0 {
		t.Fatalf("exit %d after SIGTERM", code)
	}
	base, done = serve()
	// The same key and body replay the stored answer: the data survived.
	if again := search(base); again != first {
		t.Errorf("after a restart:\n%.300s\nwant\n%.300s", again, first)
	}
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d after the second SIGTERM", code)
	}
}

// --idempotency-quota reaches the sandbox: past it the oldest stored answers
// lose their bodies, and replaying such a key says the answer is no longer
// kept (instead of running the request again).
func TestServeIdempotencyQuotaIsUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	srv := startServe(t, "idempotent answers kept", "--data", t.TempDir(), "--quiet", "--no-rate-limits",
		"--workspace", "ACME:secret", "--idempotency-quota", "4KiB")
	stopOnCleanup(t, srv)
	base, banner := srv.base, srv.banner
	if base == "" || !strings.Contains(banner, "idempotent answers kept: 4KiB per workspace") {
		t.Fatalf("banner:\n%s", banner)
	}
	search := func(key string) string { return searchACME(t, base, key) }
	key := func(i int) string { return fmt.Sprintf("0b7f5b8e-3c52-4a5e-9a51-2f1f8c2f7d%02d", i) }
	first := search(key(0))
	if !strings.HasPrefix(first, "200 ") || len(first) < 4<<10 {
		t.Fatalf("first search: %d bytes: %.200s", len(first), first)
	}
	for i := 1; i < 6; i++ {
		search(key(i))
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		again := search(key(0))
		if strings.Contains(again, "no longer kept") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the oldest answer is still kept whole past a 4 KiB quota: %.200s", again)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// --lenient reaches the sandbox: a GET without SVC-APPKEY or request id is
// answered (401 without the flag), and the banner says the mode is on.
func TestServeLenientIsUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	get := func(base string) int {
		req, _ := http.NewRequest("GET", base+"/v5/campaigns/0000000000000000deadbeef", nil)
		req.SetBasicAuth("ACME", "secret")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	srv := startServe(t, "lenient:", "--data", t.TempDir(), "--quiet", "--workspace", "ACME:secret", "--lenient")
	stopOnCleanup(t, srv)
	base, banner := srv.base, srv.banner
	if base == "" || !strings.Contains(banner, "lenient: SVC-APPKEY and the request id may be left out") {
		t.Fatalf("banner:\n%s", banner)
	}
	if st := get(base); st != http.StatusNotFound {
		t.Fatalf("lenient GET without SVC-APPKEY: %d, want 404 (authenticated, no such campaign)", st)
	}
}

// stopOnCleanup ends the server with SIGTERM, as a person would, when the
// test ends.
func stopOnCleanup(t *testing.T, r running) {
	t.Cleanup(func() {
		_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
		<-r.done
	})
}
