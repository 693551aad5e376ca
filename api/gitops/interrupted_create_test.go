package gitops_test

import (
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
)

// answerLost passes every request on and loses the answer of a create, as
// a cut connection or a crash right after the send would.
type answerLost struct{}

func (answerLost) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	if err == nil && r.Method == http.MethodPost && r.URL.Path == api.PathCampaigns {
		res.Body.Close()
		return nil, errors.New("connection reset by peer")
	}
	return res, err
}

// TestInterruptedCreateIsFoundAgain: a create whose answer was lost, re-run
// after its stored answer has gone (the key expired, 25 hours later), finds
// the draft it made and writes its id into the file, instead of sending a
// second create (which the service would take: a duplicate draft).
func TestInterruptedCreateIsFoundAgain(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.dir, "once.json")
	writeFile(t, path, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"Only once","platforms":["ANDROID"]}}`)
	f, _ := gitops.Load(path)
	lost := e.plannerOver(answerLost{})
	if first := lost.Apply(ctx, lost.Plan(ctx, f)); first.Err == nil {
		t.Fatal("the lost answer was not reported")
	}
	e.clock.Advance(25 * time.Hour)
	f, _ = gitops.Load(path)
	again := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
	if again.Err != nil || again.NewID == "" {
		t.Fatalf("re-run: %v", again.Err)
	}
	var ids []string
	gitops.SearchPages(ctx, e.client, e.planner.Core.Pacer(), api.SearchRequest{CampaignFields: &api.SearchFields{Name: "Only once", Status: model.Statuses}}, 1, 0,
		func(_ int, recs []map[string]any) error {
			for _, r := range recs {
				ids = append(ids, r["campaign_id"].(string))
			}
			return nil
		})
	if len(ids) != 1 || ids[0] != again.NewID {
		t.Fatalf("drafts named Only once: %v (the re-run took %s)", ids, again.NewID)
	}
	if f, _ := gitops.Load(path); f.CampaignID() != again.NewID {
		t.Errorf("the file holds %q", f.CampaignID())
	}
	// Done: a further apply has nothing to send.
	f, _ = gitops.Load(path)
	if p := e.planner.Plan(ctx, f); p.Action != gitops.ActionNone {
		t.Errorf("after the re-run: %s", p.Action)
	}
}
