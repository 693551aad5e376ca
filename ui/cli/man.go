package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// newManCmd prints the man page of the whole tree (fang's own writes to
// os.Stdout, which in-process tests cannot capture).
func newManCmd(app *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (campaigns man | man -l -)",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return cmdutil.FailError("man page: %v", err)
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), withDescription(page.Build(roff.NewDocument()), cmd.Root().Long)+manSections(app.Getenv))
			return err
		},
	}
}

// withDescription replaces the DESCRIPTION section of a man page, where
// mango makes every line of the root's help its own paragraph (so man
// justifies each line alone and breaks the summary table), with long
// rendered for roff: blank-line paragraphs filled as prose, and an indented
// block of "command  what it does" lines as a tagged list.
func withDescription(page, long string) string {
	start := strings.Index(page, ".SH DESCRIPTION\n")
	if start < 0 {
		return page
	}
	body := start + len(".SH DESCRIPTION\n")
	end := strings.Index(page[body:], "\n.SH ")
	if end < 0 {
		return page
	}
	end += body + 1
	var b strings.Builder
	for i, para := range strings.Split(strings.TrimSpace(long), "\n\n") {
		lines := strings.Split(para, "\n")
		if i > 0 {
			b.WriteString(".PP\n")
		}
		if !strings.HasPrefix(lines[0], " ") {
			for _, l := range lines {
				b.WriteString(roffText(strings.TrimSpace(l)) + "\n")
			}
			continue
		}
		for _, l := range lines {
			term, desc, ok := strings.Cut(strings.TrimSpace(l), "  ")
			if !ok {
				b.WriteString(".br\n" + roffText(strings.TrimSpace(l)) + "\n")
				continue
			}
			b.WriteString(".TP\n\\fB" + roffText(term) + "\\fP\n" + roffText(strings.TrimSpace(desc)) + "\n")
		}
	}
	return page[:body] + b.String() + page[end:]
}

// roffText escapes one line of text for roff: backslashes, and a leading
// dot or quote that would make it a request.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

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
