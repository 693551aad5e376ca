package gitops

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
)

// Searcher is the search route; *api.Client has it.
type Searcher interface {
	Search(ctx context.Context, req api.SearchRequest) (api.SearchResult, error)
}

// PageSize is the service's largest search page.
const PageSize = 15

// SearchPages runs a search from page first, paced, until a page comes back
// short or pages pages were read (pages <= 0: every page). Each page's
// records are handed to onPage as JSON trees, unknown fields included.
func SearchPages(ctx context.Context, s Searcher, pacer *ops.Pacer, req api.SearchRequest, first, pages int, onPage func(page int, recs []map[string]any) error) error {
	if pacer == nil {
		pacer = ops.NewPacer(nil)
	}
	req.Limit = PageSize
	for page := first; pages <= 0 || page < first+pages; page++ {
		req.Page = page
		req.RequestID = "" // a fresh one per page
		var res api.SearchResult
		err := pacer.Do(ctx, ops.ClassSearch, func(ctx context.Context) error {
			var err error
			res, err = s.Search(ctx, req)
			return err
		})
		if err != nil {
			return err
		}
		recs := make([]map[string]any, 0, len(res.Campaigns))
		for _, c := range res.Campaigns {
			if t, ok := model.ToTree(c).(map[string]any); ok {
				recs = append(recs, t)
			}
		}
		if err := onPage(page, recs); err != nil {
			return err
		}
		if len(res.Campaigns) < PageSize {
			return nil
		}
	}
	return nil
}

// Latest keeps, per campaign_id, the record with the highest
// version_number (search returns every version when versioning is on), in
// first-seen order.
func Latest(recs []map[string]any) []map[string]any {
	idx := map[string]int{}
	var out []map[string]any
	for _, r := range recs {
		id := str(r["campaign_id"])
		if id == "" {
			id = str(r["id"])
		}
		if i, ok := idx[id]; ok {
			if version(r) > version(out[i]) {
				out[i] = r
			}
			continue
		}
		idx[id] = len(out)
		out = append(out, r)
	}
	return out
}

func version(r map[string]any) int64 {
	n, _ := r["version_number"].(json.Number)
	v, _ := strconv.ParseInt(n.String(), 10, 64)
	return v
}

// Export writes one record to dir as <campaign_id>.json in the stable
// format, keeps it as the file's base (dir/.campaigns/<campaign_id>.json,
// see BaseDir) and returns the path.
func Export(dir string, rec map[string]any) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	id := str(rec["campaign_id"])
	if id == "" {
		id = str(rec["id"])
	}
	path := filepath.Join(dir, FileName(id))
	if err := Save(path, rec); err != nil {
		return path, err
	}
	return path, SaveBase(path, rec)
}
