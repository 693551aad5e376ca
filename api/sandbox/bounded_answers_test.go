package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// emptyObjects is a JSON array of n empty objects.
func emptyObjects(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
}

// timeboundsBody is the 1 MiB create body of 300,000 empty timebounds: two
// problems each.
func timeboundsBody(n int) []byte {
	return []byte(`{"channel":"PUSH","campaign_delivery_type":"LOCATION_TRIGGERED","created_by":"ana@example.com",` +
		`"scheduling_details":{"geo_fence_timelimit":{"notification_schedule":"LIMITED_TIME","timebounds":` + emptyObjects(n) + `}}}`)
}

// TestManyProblemsAnswerSmall: a body with 600,000 problems gets 100 of
// them and one "and N more problems" detail, in a few KiB, on create,
// patch and /validate alike; the first detail is still error.target.
// Without CAMPAIGNS_STRESS=1 the bodies hold 6,000 problems, not a body's
// worth (the engine's walk of 300,000 timebounds is most of the test's
// time): an answer listing them all would still be ten times the bound.
// TestOneHostileBodyKeepsMemoryBounded sends the full 1 MiB body always.
func TestManyProblemsAnswerSmall(t *testing.T) {
	e := parallelEnv(t, nil)
	n := 3_000
	if stress() {
		n = 300_000
	}
	body := timeboundsBody(n)
	if len(body) > MaxBody {
		t.Fatalf("body %d bytes, over the limit", len(body))
	}
	r := e.do("POST", api.PathCampaigns, body)
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if len(r.raw) > 64<<10 {
		t.Errorf("answer of %d KiB", len(r.raw)>>10)
	}
	ds := r.env.Error.Details
	if len(ds) != MaxDetails+1 {
		t.Fatalf("%d details, want %d", len(ds), MaxDetails+1)
	}
	if last := ds[MaxDetails]; last.Target != "body" || last.Message != fmt.Sprintf("and %d more problems", 2*n-MaxDetails) {
		t.Errorf("last detail %+v", last)
	}
	if r.env.Error.Target != ds[0].Target {
		t.Errorf("target %q, first detail %q", r.env.Error.Target, ds[0].Target)
	}

	id := e.create(minimalPush())
	patch := []byte(`{"scheduling_details":{"geo_fence_timelimit":{"notification_schedule":"LIMITED_TIME","timebounds":` + emptyObjects(n) + `}}}`)
	r = e.do("PATCH", api.PathCampaigns+"/"+id, patch)
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if n := len(r.env.Error.Details); n > MaxDetails+1 || len(r.raw) > 64<<10 {
		t.Errorf("patch: %d details, %d bytes", n, len(r.raw))
	}
}

// TestLongTargetsAreClipped: a key as long as the body, repeated in every
// detail's target, cannot make the answer grow past a few hundred KiB.
// Without CAMPAIGNS_STRESS=1 the key is 20,000 bytes, not 200,000 (the
// engine joins it into every problem's path, 2,000 times): unclipped, the
// 100 details would still be 2 MB, sixteen times the bound.
func TestLongTargetsAreClipped(t *testing.T) {
	e := parallelEnv(t, nil)
	variations := make([]string, 2000)
	for i := range variations {
		variations[i] = fmt.Sprintf(`"v%d":{}`, i)
	}
	key := 20_000
	if stress() {
		key = 200_000
	}
	body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","campaign_content":{"content":{"` +
		strings.Repeat("k", key) + `":{` + strings.Join(variations, ",") + `}}}}`
	r := e.do("POST", api.PathCampaigns, body)
	want(t, r, http.StatusBadRequest)
	if len(r.raw) > 128<<10 {
		t.Errorf("answer of %d KiB", len(r.raw)>>10)
	}
}

// TestReachAnswersBounded: /sandbox/reach lists at most 100 issues (then
// "and N more") and is rate-limited like every route.
func TestReachAnswersBounded(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.NoRateLimits = false })
	body := `{"segmentation_details":{"included_filters":{"filter_operator":"and","filters":` + emptyObjects(100_000) + `}}}`
	r := e.do("POST", api.PathSandboxReach, body)
	want(t, r, http.StatusOK)
	var out api.ReachResult
	r.data(t, &out)
	if len(out.Issues) != MaxDetails+1 || !strings.HasPrefix(out.Issues[MaxDetails].Issue, "and ") || len(r.raw) > 64<<10 {
		t.Fatalf("%d issues in %d bytes", len(out.Issues), len(r.raw))
	}
	if r.header.Get(api.HeaderRateLimit) == "" {
		t.Errorf("reach answered without rate-limit headers")
	}
	small := `{"segmentation_details":{"is_all_user_campaign":true}}`
	var limited *resp
	for range 100 {
		if limited = e.do("POST", api.PathSandboxReach, small); limited.status != http.StatusOK {
			break
		}
	}
	want(t, limited, http.StatusTooManyRequests, api.CodeRateLimited)
	for _, p := range []string{PathOutbox, PathUsers} {
		if r := e.do("GET", p, nil); r.header.Get(api.HeaderRateLimit) == "" {
			t.Errorf("%s is not rate-limited", p)
		}
	}
}

// TestOutOfRangeNumbersRefused: 1e999 fits no float64; stored, it would be
// echoed as a literal standard decoders refuse. It is a 400 naming the
// field, wherever it is (a known field, an unknown one, an array).
func TestOutOfRangeNumbersRefused(t *testing.T) {
	e := parallelEnv(t, nil)
	cases := map[string]string{
		`"x_big":1e999`: "x_big",
		`"basic_details":{"name":"n","x_list":[1,-2e400]}`: "basic_details.x_list[1]",
		`"segmentation_details":{"x":{"y":1E+999}}`:        "segmentation_details.x.y",
	}
	for field, target := range cases {
		body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com",` + field + `}`
		r := e.do("POST", api.PathCampaigns, body)
		want(t, r, http.StatusBadRequest, api.CodeValidationFailed, target)
	}
	// A large number that fits, and 1e999 inside a string, are fine.
	id := e.create(map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com",
		"x_ok": json.Number("1e300"), "x_text": "1e999"})
	var got map[string]any
	raw := e.do("GET", api.PathCampaigns+"/"+id, nil).raw
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("the stored campaign does not decode: %v", err)
	}
}

// TestSearchNameTooLong: a name past SQLite's LIKE pattern limit is a 400
// naming campaign_fields.name, not a 500.
func TestSearchNameTooLong(t *testing.T) {
	e := parallelEnv(t, nil)
	for _, path := range []string{api.PathSearch, api.PathMeta} {
		body := map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"name": strings.Repeat("a", 60_000)}}
		want(t, e.do("POST", path, body), http.StatusBadRequest, api.CodeValidationFailed, "campaign_fields.name")
	}
	body := map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"name": strings.Repeat("a", MaxSearchName)}}
	want(t, e.do("POST", api.PathSearch, body), http.StatusOK)
}

// TestOneHostileBodyKeepsMemoryBounded: the 1 MiB body of 300,000 empty
// timebounds costs the sandbox (a child process) less than 100 MB of
// resident memory (it cost 620 MB when every problem was kept).
func TestOneHostileBodyKeepsMemoryBounded(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if raceOn {
		t.Skip("the race detector multiplies memory: measured without it")
	}
	c := startChild(t, t.TempDir())
	before, _ := c.rssMiB()
	o := &crashOp{method: "POST", path: api.PathCampaigns, body: timeboundsBody(300_000), key: newUUID(), reqID: "tb"}
	st, _, raw, err := o.send(&http.Client{}, c.url)
	if err != nil || st != http.StatusBadRequest {
		t.Fatalf("%d %v", st, err)
	}
	peak := c.peakRSSMiB()
	t.Logf("resident %.0f MiB before, peak %.0f MiB; answer %d bytes", before, peak, len(raw))
	if peak-before > 100 {
		t.Errorf("one 1 MiB body took %.0f MiB", peak-before)
	}
	if !bytes.Contains(raw, []byte("more problems")) {
		t.Errorf("answer: %.200s", raw)
	}
}
