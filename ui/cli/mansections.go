package cli

import (
	"path/filepath"
	"strings"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// manTerm is one tagged paragraph of a man page section.
type manTerm struct{ term, text string }

// manSections are the sections of `campaigns man` that mango does not
// write: EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES.
func manSections(getenv func(string) string) string {
	var b strings.Builder
	section := func(name string, terms []manTerm) {
		b.WriteString(".SH \"" + name + "\"\n")
		for _, t := range terms {
			b.WriteString(".TP\n\\fB" + roffText(t.term) + "\\fP\n" + roffText(t.text) + "\n")
		}
	}
	section("EXIT STATUS", []manTerm{
		{"0", "Done: valid, no difference, applied."},
		{"1", "Refused (by the service, a read-only profile or the local checks), invalid, different, in conflict, or a campaign unknown to the service."},
		{"2", "Bad usage or unreadable input, rejected credentials (401), or an unreachable service."},
	})
	section("ENVIRONMENT", []manTerm{
		{"CAMPAIGNS_API_KEY", "The API key of the service named by --base-url or --dc (never read from a file)."},
		{"CAMPAIGNS_BASE_URL, CAMPAIGNS_DC, CAMPAIGNS_WORKSPACE_ID", "Defaults of --base-url, --dc and --workspace-id."},
		{"CAMPAIGNS_PROFILE", "The profile to use (as --profile)."},
		{"CAMPAIGNS_DEBUG", "1 traces every HTTP exchange, secrets redacted, to the debug log (as --debug)."},
		{"NO_COLOR", "Set: no colour."},
		{"XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME", "Where the files below live."},
	})
	section("FILES", []manTerm{
		{filepath.Join("$XDG_CONFIG_HOME", "campaigns", profile.ConfigName), "Profiles (service, workspace, author); keys are kept in the OS keyring."},
		{"$XDG_DATA_HOME/campaigns/sandbox", "The embedded sandbox's data and the editor's journals (--data)."},
		{cmdutil.DebugLogPath(getenv), "The debug log (--debug)."},
		{"$XDG_CACHE_HOME/campaigns/ids-*.json", "Campaign ids read for shell completion, kept a minute."},
		{"DIR/.campaigns/<campaign_id>.json", "The base of each exported file: the service copy it was made from (export, apply)."},
	})
	section("EXAMPLES", []manTerm{
		{"campaigns", "The editor, on the embedded sandbox."},
		{"campaigns list --status paused", "Paused campaigns; tab-separated when piped."},
		{"campaigns export --dir campaigns/ && campaigns diff campaigns/", "Campaigns as files, compared with the service."},
		{"campaigns apply campaigns/ --plan changes.plan", "The exact requests, to review; then campaigns apply changes.plan --confirm."},
		{"campaigns api GET /v5/campaigns/ID", "One request with the service's headers."},
	})
	return b.String()
}
