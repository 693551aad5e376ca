package cli

// The CI outputs of validate, diff and apply (decisions.md §5): --output
// json, one stable object with totals, and --output github, workflow
// annotations naming the file, line and column of the offending value.

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// outputFlag is --output of validate, diff and apply.
type outputFlag struct{ *cmdutil.EnumFlag }

func addOutputFlag(cmd *cobra.Command) *outputFlag {
	return &outputFlag{cmdutil.AddEnumFlag(cmd, cmd.Flags(), "output", "text", []string{"text", "json", "github"},
		"text, json (one object: service, workspace, files, totals) or\ngithub (workflow annotations with file, line and column)")}
}

func (f *outputFlag) json() bool   { return f.Value() == "json" }
func (f *outputFlag) github() bool { return f.Value() == "github" }

// ciProblem is one finding, placed in its file when it can be.
type ciProblem struct {
	Target  string `json:"target"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// ciFile is one file of --output json. Status is ok, invalid, not_checked,
// unreadable (validate); unchanged, different, conflict, refused, error,
// orphan (diff and apply; apply: also applied, created).
type ciFile struct {
	File       string         `json:"file"`
	CampaignID string         `json:"campaign_id,omitempty"`
	Status     string         `json:"status"`
	Reason     string         `json:"reason,omitempty"`
	Components []string       `json:"components,omitempty"`
	Fields     []gitops.Field `json:"fields,omitempty"`
	Conflicts  []gitops.Field `json:"conflicts,omitempty"`
	Problems   []ciProblem    `json:"problems,omitempty"`
	Request    map[string]any `json:"request,omitempty"`
	line, col  int            // where the file's annotation points
}

// ciReport is --output json.
type ciReport struct {
	Service   string         `json:"service"`
	Workspace string         `json:"workspace"`
	Files     []ciFile       `json:"files"`
	Totals    map[string]int `json:"totals"`
}

func newCIReport(svc *cmdutil.Service) *ciReport {
	r := &ciReport{Files: []ciFile{}, Totals: map[string]int{"files": 0}}
	if svc != nil {
		r.Service, r.Workspace = svc.Label, svc.Workspace
	}
	return r
}

func (r *ciReport) add(f ciFile) {
	r.Files = append(r.Files, f)
	r.Totals["files"]++
	r.Totals[f.Status]++
}

// locate places each problem at its value in the file (best effort: a
// file that is not there or not JSON keeps its problems unplaced).
func locate(path string, ps []ciProblem) []ciProblem {
	data, err := os.ReadFile(path)
	if err != nil {
		return ps
	}
	for i := range ps {
		if pos, ok := gitops.Locate(data, ps[i].Target); ok {
			ps[i].Line, ps[i].Column = pos.Line, pos.Column
		}
	}
	return ps
}

// writeGitHub prints the report as workflow commands: an error or warning
// per problem, conflict and difference, at the line of its value.
func (r *ciReport) writeGitHub(w io.Writer, command string) {
	for _, f := range r.Files {
		level := "error"
		switch f.Status {
		case "ok", "unchanged", "applied", "created":
			continue
		case "different", "not_checked":
			level = "warning"
		}
		title := "campaigns " + command
		if len(f.Problems) == 0 {
			msg := f.Reason
			if msg == "" {
				msg = f.Status
			}
			annotate(w, level, f.File, f.line, f.col, title+": "+f.Status, msg)
		}
		for _, p := range f.Problems {
			annotate(w, level, f.File, p.Line, p.Column, title+": "+cmdutil.OrRoot(p.Target), p.Message)
		}
	}
	var parts []string
	for _, k := range slices.Sorted(mapsKeys(r.Totals)) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, r.Totals[k]))
	}
	fmt.Fprintf(w, "::notice title=campaigns %s::%s\n", command, escapeData(strings.Join(parts, " ")))
}

func mapsKeys(m map[string]int) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// annotate writes one workflow command (GitHub's escaping: data escapes %,
// CR and LF; properties also : and ,).
func annotate(w io.Writer, level, file string, line, col int, title, msg string) {
	props := []string{"file=" + escapeProp(file)}
	if line > 0 {
		props = append(props, fmt.Sprintf("line=%d", line))
		if col > 0 {
			props = append(props, fmt.Sprintf("col=%d", col))
		}
	}
	props = append(props, "title="+escapeProp(title))
	fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), escapeData(msg))
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// skippedNote says what was skipped, the same for every command: files
// that could not be read safely (a pipe, a link out of the folder) each
// with its reason; JSON that is not a campaign (package.json) as a count,
// listed with --verbose.
func skippedNote(w io.Writer, skipped []gitops.Skipped, verbose bool) {
	others := 0
	for _, sk := range skipped {
		if verbose || !strings.HasPrefix(sk.Reason, "not a campaign") {
			fmt.Fprintf(w, "skipped %s: %s\n", cmdutil.Inert(sk.Path), cmdutil.Inert(sk.Reason))
		} else {
			others++
		}
	}
	if others > 0 {
		fmt.Fprintf(w, "skipped %d JSON file(s) that are not campaigns (--verbose lists them)\n", others)
	}
}
