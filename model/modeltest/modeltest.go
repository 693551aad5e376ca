// Package modeltest makes campaigns for the tests of every layer: from
// JSON text or from a file, failing the test on a bad one. For tests only.
package modeltest

import (
	"os"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Decode is the campaign in the JSON text s.
func Decode(t testing.TB, s string) *model.Campaign {
	t.Helper()
	c, err := model.Decode([]byte(s))
	if err != nil {
		t.Fatalf("decoding the campaign: %v", err)
	}
	return c
}

// Read is the campaign in the JSON file at path.
func Read(t testing.TB, path string) *model.Campaign {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Decode(t, string(data))
}
