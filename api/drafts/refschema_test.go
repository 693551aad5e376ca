package drafts

import (
	"fmt"
	"os"
	"testing"

	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
)

// TestMain prints the reference schema check's tallies after the suite
// (requests and responses validated, violations by known-defect class).
func TestMain(m *testing.M) {
	code := m.Run()
	if c := refcheck.Current(); c != nil && testing.Verbose() {
		fmt.Println(c.Summary())
	}
	os.Exit(code)
}
