// Package cireport is the CI output of validate, diff and apply
// (decisions.md §5): --output json, one stable object with totals, and
// --output github, workflow annotations naming the file, line and column
// of the offending value.
package cireport

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// The values of --output.
const (
	OutputText   = "text"
	OutputJSON   = "json"
	OutputGitHub = "github"
)

// AddOutputFlag declares --output of validate, diff and apply.
func AddOutputFlag(cmd *cobra.Command) *cmdutil.EnumFlag {
	return cmdutil.AddEnumFlag(cmd, cmd.Flags(), "output", OutputText, []string{OutputText, OutputJSON, OutputGitHub},
		"text, json (one object: service, workspace, files, totals) or\ngithub (workflow annotations with file, line and column)")
}

// Problem is one finding, placed in its file when it can be.
type Problem struct {
	Target  string `json:"target"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// File is one file of --output json. Status is ok, invalid, not_checked,
// unreadable (validate); unchanged, different, conflict, refused, error,
// orphan (diff and apply; apply: also applied, created).
type File struct {
	File       string         `json:"file"`
	CampaignID string         `json:"campaign_id,omitempty"`
	Status     string         `json:"status"`
	Reason     string         `json:"reason,omitempty"`
	Components []string       `json:"components,omitempty"`
	Fields     []gitops.Field `json:"fields,omitempty"`
	Conflicts  []gitops.Field `json:"conflicts,omitempty"`
	Problems   []Problem      `json:"problems,omitempty"`
	Request    map[string]any `json:"request,omitempty"`
	line, col  int            // where the file's annotation points
}

// At places the file's own annotation (a syntax error's position).
func (f *File) At(line, col int) { f.line, f.col = line, col }

// Report is --output json.
type Report struct {
	Service   string         `json:"service"`
	Workspace string         `json:"workspace"`
	Files     []File         `json:"files"`
	Totals    map[string]int `json:"totals"`
}

// New is an empty report for a service and workspace ("" for validate,
// which talks to none).
func New(service, workspace string) *Report {
	return &Report{Service: service, Workspace: workspace, Files: []File{}, Totals: map[string]int{"files": 0}}
}

// Add counts one file.
func (r *Report) Add(f File) {
	r.Files = append(r.Files, f)
	r.Totals["files"]++
	r.Totals[f.Status]++
}

// Locate places each problem at its value in the file (best effort: a
// file that is not there or not JSON keeps its problems unplaced).
func Locate(path string, ps []Problem) []Problem {
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

// WriteGitHub prints the report as workflow commands: an error or warning
// per problem, conflict and difference, at the line of its value.
func (r *Report) WriteGitHub(w io.Writer, command string) {
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
	for _, k := range slices.Sorted(maps.Keys(r.Totals)) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, r.Totals[k]))
	}
	fmt.Fprintf(w, "::notice title=campaigns %s::%s\n", command, escapeData(strings.Join(parts, " ")))
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

// Print writes the report as output asks (json: the one object; github:
// the annotations) and says so; for text it prints nothing and returns
// false: the command prints its own lines for a person.
func (r *Report) Print(w io.Writer, output, command string) (bool, error) {
	switch output {
	case OutputJSON:
		return true, cmdutil.PrintJSON(w, r)
	case OutputGitHub:
		r.WriteGitHub(w, command)
		return true, nil
	}
	return false, nil
}

// Exit is the exit status of validate, diff and apply once their output
// said everything: 2 when a file could not be read (or a request failed),
// else 1 when a file is invalid, differs or was refused, else 0.
func Exit(unreadable, differs bool) error {
	switch {
	case unreadable:
		return &cmdutil.ExitError{Code: cmdutil.ExitUsage, Err: cmdutil.ErrSilent}
	case differs:
		return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
	}
	return nil
}

// Args wants at least one FILE or DIR to work on (to names the work).
func Args(to string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmdutil.CommandLineError(fmt.Errorf("give the campaign files or folders %s", to))
		}
		return nil
	}
}
