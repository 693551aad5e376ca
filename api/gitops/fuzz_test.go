package gitops_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

// Any two documents: loading never panics, the export format reads back as
// the same tree, and a diff of every changed component is produced.
func FuzzFileDiff(f *testing.F) {
	fuzzseeds.Add(f, "FuzzFileDiff")
	f.Add([]byte(`{"campaign_id":"a","basic_details":{"name":"x"}}`), []byte(`{"campaign_id":"a","basic_details":{"name":"y","tags":[1,2.50]}}`))
	f.Add([]byte(`{"channel":"PUSH","x":null}`), []byte(`{"channel":"EMAIL","x":{"y":"\u2028"}}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, a, b []byte) {
		path := filepath.Join(dir, "f.json")
		if err := os.WriteFile(path, a, 0o644); err != nil {
			t.Fatal(err)
		}
		fa, err := gitops.Load(path)
		if err != nil {
			return
		}
		tb, err := model.Parse(b)
		mb, ok := tb.(map[string]any)
		if err != nil || !ok {
			return
		}
		again, err := model.Parse(gitops.Marshal(fa.Tree))
		if err != nil {
			t.Fatalf("export format does not parse: %v", err)
		}
		if len(gitops.Compare(fa.Tree, again.(map[string]any))) != 0 {
			t.Fatal("export format changed the document")
		}
		for _, c := range gitops.Compare(fa.Tree, mb) {
			if d := gitops.Unified("s", "f", c); !strings.HasPrefix(d, "--- s") {
				t.Fatalf("no diff for %s: %q", c.Component, d)
			}
		}
	})
}
