package serve

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func newServeCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdServe(f, nil) }

// serveCLI runs `serve ARGS` (args[0] is "serve") in e.
func serveCLI(e *clitest.Env, args ...string) (code int, stdout, stderr string) {
	r := e.Do(newServeCmd(e.F), args[1:]...)
	return r.Code, r.Out, r.Err
}

// running is `campaigns serve` running in the test: its address, what it
// printed up to a line, and its exit status once it stops.
type running struct {
	base, banner string
	done         chan int
}

// startServe runs `campaigns serve ARGS` on a free port until it stops; it
// reads its output up to the line containing until.
func startServe(t *testing.T, until string, args ...string) running {
	t.Helper()
	e := clitest.New(t, nil)
	pr, pw := io.Pipe()
	e.F.Out, e.F.ErrOut = pw, io.Discard
	r := running{done: make(chan int, 1)}
	go func() {
		code, _ := e.Execute(newServeCmd(e.F), append([]string{"--addr", "127.0.0.1:0"}, args...)...)
		r.done <- code
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
			r.banner += l + "\n"
			if rest, ok := strings.CutPrefix(l, "campaigns sandbox on "); ok {
				r.base = strings.Fields(rest)[0]
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
	if r.base == "" {
		t.Fatalf("serve printed no address:\n%s", r.banner)
	}
	return r
}

// searchACME searches workspace ACME (key "secret") of the sandbox at base
// with idempotency key key, and returns the status and body.
func searchACME(t *testing.T, base, key string) string {
	t.Helper()
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
