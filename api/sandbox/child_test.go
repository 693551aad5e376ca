package sandbox

import (
	"bufio"
	"fmt"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The crash and memory tests run the sandbox in a child process: this test
// binary again, which serves instead of testing when SANDBOX_CHILD_DATA
// names a data directory. The child prints "listening ADDR" and serves
// until it is killed.
func TestMain(m *testing.M) {
	if dir := os.Getenv("SANDBOX_CHILD_DATA"); dir != "" {
		os.Exit(serveChild(dir))
	}
	refcheck.Main(m)
}

func serveChild(dir string) int {
	cfg := Config{DataDir: dir, NoRateLimits: true}
	if q, err := strconv.ParseInt(os.Getenv("SANDBOX_CHILD_QUOTA"), 10, 64); err == nil {
		cfg.IdempotencyQuotaBytes = q
	}
	s, err := Open(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("listening %s\n", ln.Addr())
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	_ = srv.Serve(ln)
	return 0
}

// child is a sandbox server process.
type child struct {
	t   testing.TB
	cmd *exec.Cmd
	url string
}

func startChild(t testing.TB, dir string, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "SANDBOX_CHILD_DATA="+dir), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{t: t, cmd: cmd}
	t.Cleanup(c.kill)
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	if err != nil || !ok {
		t.Fatalf("child did not start: %q %v", line, err)
	}
	c.url = "http://" + addr
	return c
}

// kill ends the child with SIGKILL: no deferred function, no queued write
// gets to run.
func (c *child) kill() {
	if c.cmd.ProcessState != nil {
		return
	}
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	_ = c.cmd.Wait()
}

// rssMiB is the child's resident memory (Linux).
func (c *child) rssMiB() (float64, bool) { return c.status("VmRSS:") }

// peakRSSMiB is the most resident memory the child has had (Linux).
func (c *child) peakRSSMiB() float64 {
	n, _ := c.status("VmHWM:")
	return n
}

// status reads a size in MiB from the child's /proc status.
func (c *child) status(field string) (float64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			if kb, err := strconv.ParseFloat(f[0], 64); err == nil {
				return kb / 1024, true
			}
		}
	}
	return 0, false
}

// stress says whether the stress tests run in full: CAMPAIGNS_STRESS=1, as
// .ci/run sets it. Otherwise they run a short form, so that go test ./...
// stays quick on a developer's machine.
func stress() bool { return os.Getenv("CAMPAIGNS_STRESS") == "1" }
