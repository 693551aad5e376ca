package gitops_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
)

// `git rm` of an exported campaign's file: its base is still kept, so the
// campaign is reported as on the service and not in the repository.
func TestRemovedFileIsReportedAsOrphan(t *testing.T) {
	e := newEnv(t)
	kept := e.export(e.find("June newsletter")["campaign_id"].(string))
	gone := e.export(e.find("Summer sale kickoff")["campaign_id"].(string))
	if err := os.Remove(gone.Path); err != nil {
		t.Fatal(err)
	}
	set := gitops.Scan([]string{e.dir})
	if len(set.Files) != 1 || set.Files[0].Path != kept.Path {
		t.Fatalf("files %v", set.Files)
	}
	if len(set.Orphans) != 1 || set.Orphans[0].CampaignID != gone.CampaignID() || set.Orphans[0].Name != "Summer sale kickoff" {
		t.Fatalf("orphans %+v", set.Orphans)
	}
}

// Two files with one campaign_id: an error naming both, and neither is
// worked on.
func TestDuplicateCampaignIDNamesBothFiles(t *testing.T) {
	e := newEnv(t)
	f := e.export(e.find("June newsletter")["campaign_id"].(string))
	copyPath := filepath.Join(e.dir, "copy.json")
	writeFile(t, copyPath, readFile(t, f.Path))
	set := gitops.Scan([]string{e.dir})
	if len(set.Files) != 0 || len(set.Errs) != 2 {
		t.Fatalf("files %d, errors %v", len(set.Files), set.Errs)
	}
	for _, err := range set.Errs {
		msg := err.Error()
		if !strings.Contains(msg, f.Path) || !strings.Contains(msg, copyPath) || !strings.Contains(msg, f.CampaignID()) {
			t.Fatalf("error does not name both files: %s", msg)
		}
	}
	if len(set.Orphans) != 0 {
		t.Fatalf("a duplicated campaign is not an orphan: %+v", set.Orphans)
	}
}
