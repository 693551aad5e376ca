//go:build unix

package cli

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startServe runs `campaigns serve` with args until the test ends; it
// returns the base URL and the banner up to the line containing until.
func startServe(t *testing.T, until string, args ...string) (base, banner string) {
	t.Helper()
	freshHome(t)
	dir := filepath.Join(t.TempDir(), "data")
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- Run(append([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, args...), nil, pw, io.Discard)
		pw.Close()
	}()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(20 * time.Second)
read:
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				break read
			}
			banner += l + "\n"
			if rest, ok := strings.CutPrefix(l, "campaigns sandbox on "); ok {
				base = strings.Fields(rest)[0]
			}
			if strings.Contains(l, until) {
				break read
			}
		case <-timeout:
			break read
		}
	}
	go func() {
		for range lines {
		}
	}()
	t.Cleanup(func() {
		_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
		<-done
	})
	return base, banner
}

// --idempotency-quota reaches the sandbox: past it the oldest stored answers
// lose their bodies, and replaying such a key says the answer is no longer
// kept (instead of running the request again).
func TestServeIdempotencyQuotaIsUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	base, banner := startServe(t, "idempotent answers kept", "--quiet", "--no-rate-limits",
		"--workspace", "ACME:secret", "--idempotency-quota", "4KiB")
	if base == "" || !strings.Contains(banner, "idempotent answers kept: 4KiB per workspace") {
		t.Fatalf("banner:\n%s", banner)
	}
	search := func(key string) string {
		req, _ := http.NewRequest("POST", base+"/v5/campaigns/search", strings.NewReader(`{"limit":15,"page":1}`))
		req.SetBasicAuth("ACME", "secret")
		req.Header.Set("SVC-APPKEY", "ACME")
		req.Header.Set("X-SVC-Request-Id", "t")
		req.Header.Set("Idempotency-Key", key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return fmt.Sprint(res.StatusCode, " ", string(b))
	}
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
