//go:build unix

package main

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
)

// TestServeRunsAndStopsOnSIGTERM starts `campaigns serve` on a free port,
// uses it, sends the process SIGTERM and expects a clean exit; the data is
// there on the next start.
func TestServeRunsAndStopsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := filepath.Join(t.TempDir(), "data")
	serve := func() (base string, done chan int) {
		pr, pw := io.Pipe()
		done = make(chan int, 1)
		go func() {
			done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--quiet", "--workspace", "ACME:secret:versioning"}, nil, pw, io.Discard)
			pw.Close()
		}()
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "campaigns sandbox on "); ok {
				base = strings.Fields(rest)[0]
				break
			}
		}
		go io.Copy(io.Discard, pr)
		if base == "" {
			t.Fatal("serve printed no address")
		}
		return base, done
	}
	search := func(base string) string {
		req, _ := http.NewRequest("POST", base+"/v5/campaigns/search", strings.NewReader(`{"limit":15,"page":1}`))
		req.SetBasicAuth("ACME", "secret")
		req.Header.Set("SVC-APPKEY", "ACME")
		req.Header.Set("X-SVC-Request-Id", "t")
		req.Header.Set("Idempotency-Key", "0b7f5b8e-3c52-4a5e-9a51-2f1f8c2f7d11")
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return fmt.Sprint(res.StatusCode, " ", string(b))
	}
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
