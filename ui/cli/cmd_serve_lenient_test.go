//go:build unix

package cli

import (
	"net/http"
	"strings"
	"testing"
)

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
	base, banner := startServe(t, "lenient:", "--quiet", "--workspace", "ACME:secret", "--lenient")
	if base == "" || !strings.Contains(banner, "lenient: SVC-APPKEY and the request id may be left out") {
		t.Fatalf("banner:\n%s", banner)
	}
	if st := get(base); st != http.StatusNotFound {
		t.Fatalf("lenient GET without SVC-APPKEY: %d, want 404 (authenticated, no such campaign)", st)
	}
}
