package mcpserver_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
)

// TestMain prints the reference schema check's tallies after the suite.
func TestMain(m *testing.M) { refcheck.Main(m) }
