package gitops_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
)

func loadFixture(b *testing.B) map[string]any {
	return loadTree(b, "../../testdata/campaigns/push_one_time.json")
}

// Writing one campaign in the export format.
func BenchmarkMarshal(b *testing.B) {
	tree := loadFixture(b)
	b.ReportAllocs()
	for b.Loop() {
		gitops.Marshal(tree)
	}
}

// Comparing a file with the service's record, one component changed, and
// the unified diff of that component.
func BenchmarkCompareAndDiff(b *testing.B) {
	svc := loadFixture(b)
	file := loadFixture(b)
	file["basic_details"].(map[string]any)["name"] = "changed"
	b.ReportAllocs()
	for b.Loop() {
		ch := gitops.Compare(file, svc)
		if len(ch) != 1 {
			b.Fatal(len(ch))
		}
		gitops.Unified("a", "b", ch[0])
	}
}
