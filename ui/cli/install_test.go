package cli

import (
	"os/exec"
	"strings"
	"testing"
)

// `go install ./...` installs one command: campaigns (the model's generator
// runs through a build-ignored file, not as a main package).
func TestInstallAllInstallsOnlyCampaigns(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "../../...").Output()
	if err != nil {
		t.Fatal(err)
	}
	if mains := strings.Fields(string(out)); len(mains) != 1 || mains[0] != "github.com/campaigns-cli/campaigns" {
		t.Fatalf("main packages: %v", mains)
	}
}

// campaigns man has the sections a manual page is expected to have.
func TestManPageHasEverySection(t *testing.T) {
	code, out, _ := cli(t, "", "man")
	if code != 0 {
		t.Fatal(code)
	}
	at := -1
	for _, sec := range []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"} {
		i := strings.Index(out, ".SH "+sec+"\n")
		if i < 0 {
			i = strings.Index(out, `.SH "`+sec+`"`)
		}
		if i <= at {
			t.Fatalf("section %s missing or out of order", sec)
		}
		at = i
	}
	for _, want := range []string{"CAMPAIGNS_API_KEY", "CAMPAIGNS_BASE_URL", "config.toml", ".campaigns/<campaign_id>.json", "rejected credentials (401)"} {
		if !strings.Contains(out, want) {
			t.Errorf("man page lacks %s", want)
		}
	}
}
