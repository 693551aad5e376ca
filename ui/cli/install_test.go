package cli

import (
	"os/exec"
	"strings"
	"testing"
)

// `go install ./...` installs one command: campaigns (the model's generator
// runs through a build-ignored file, not as a main package).
func TestInstallAllInstallsOnlyCampaigns(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "../../...").Output()
	if err != nil {
		t.Fatal(err)
	}
	if mains := strings.Fields(string(out)); len(mains) != 1 || mains[0] != "github.com/campaigns-cli/campaigns" {
		t.Fatalf("main packages: %v", mains)
	}
}
