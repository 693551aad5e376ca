package cli

import (
	"strings"
	"testing"
)

func TestRoffTextEscapes(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{`a\b`: `a\eb`, ".x": `\&.x`, "'q": `\&'q`, "plain": "plain"} {
		if got := roffText(in); got != want {
			t.Errorf("roffText(%q) = %q, want %q", in, got, want)
		}
	}
}

// campaigns man is a manual page with the sections one expects, in order;
// its DESCRIPTION is the top-level help as prose paragraphs and a list of
// commands, not one paragraph per line (which man justifies line by line,
// tearing the summary apart).
func TestManPage(t *testing.T) {
	r := parallelRoot(t)
	code, out, errs := r.run("", "man")
	if code != 0 || !strings.Contains(out, ".TH CAMPAIGNS 1") || !strings.Contains(out, "auth") || !strings.Contains(out, "--base-url") {
		t.Fatalf("man: exit %d %s\n%.500s", code, errs, out)
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
	i, j := strings.Index(out, ".SH DESCRIPTION\n"), strings.Index(out, ".SH OPTIONS\n")
	if i < 0 || j < i {
		t.Fatalf("no DESCRIPTION before OPTIONS:\n%.800s", out)
	}
	desc := out[i:j]
	for _, want := range []string{".TP\n\\fBcampaigns serve [--addr HOST:PORT]\\fP\nthe sandbox service (HTTP)\n",
		".TP\n\\fBcampaigns mcp\\fP\n", "With no service named, the editor runs the embedded sandbox in-process (its\ndata under --data"} {
		if !strings.Contains(desc, want) {
			t.Errorf("DESCRIPTION lacks %q:\n%s", want, desc)
		}
	}
	if strings.Count(desc, ".PP") > 3 {
		t.Errorf("DESCRIPTION is cut into %d paragraphs:\n%s", strings.Count(desc, ".PP"), desc)
	}
	if !strings.Contains(out, ".SH COMMANDS") || !strings.Contains(out, "\\fBapply\\fP") {
		t.Error("the rest of the page is gone")
	}
}
