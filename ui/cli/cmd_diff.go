package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// fileSet expands FILE|DIR arguments (gitops.Scan), printing on stderr the
// files that cannot be read (with line and column for broken JSON) or that
// share a campaign_id, and the JSON skipped as not campaigns (listed with
// --verbose). bad: some file was unreadable or duplicated.
func (s *scriptCmd) fileSet(args []string, verbose bool) (set *gitops.Set, bad bool) {
	set = gitops.Scan(args)
	skippedNote(s.app.ErrOut, set.Skipped, verbose)
	for _, e := range set.Errs {
		fmt.Fprintf(s.app.ErrOut, "%s %s\n", s.est.Error.Render("error:"), cmdutil.InertBlock(e.Error()))
	}
	return set, len(set.Errs) > 0
}

// noFiles refuses a run that found nothing to work on: in CI a mistyped
// folder must not pass as "no difference".
func noFiles(args []string) error {
	return cmdutil.UsageError("no campaign files in %s", strings.Join(args, ", "))
}

// prefetch reads every file's campaign through search, 15 a call; a
// failure that would fail every read (401, unreachable) ends the command.
func (s *scriptCmd) prefetch(ctx context.Context, pl *gitops.Planner, files []*gitops.File) error {
	ids := make([]string, 0, len(files))
	for _, f := range files {
		ids = append(ids, f.CampaignID())
	}
	if err := pl.Prefetch(ctx, ids); cmdutil.Fatal(err) {
		return s.serviceError(err)
	}
	return nil // other failures: each file is read by GET instead
}

// orphanReason is what diff and apply say of a campaign whose file is gone.
func orphanReason(o gitops.Orphan) string {
	return fmt.Sprintf("campaign %s (%q) is on the service, not in the repository: its file was removed, but its base %s is still kept; there is no delete in V5, so nothing is done (restore the file, or remove the base to forget it)", o.CampaignID, o.Name, o.Base)
}

const diffLong = `Compares each campaign file (folders: every *.json inside, recursively) with
the campaign on the service and prints a unified diff per component that
differs ("-" the service, "+" what apply would send), in colour on a terminal.
A file without campaign_id is a new campaign: all of it differs.

Three-way: export keeps beside the files the service copy each was made from
(DIR/.campaigns/<campaign_id>.json, updated by every apply). With it, your
changes (base → file) and the service's (base → service) are merged field by
field: only a field changed on both sides, differently, is a conflict, shown
with its three values. Without a base (a hand-written file) the file is
compared with the service as it is, and any difference after the service's
updated_at moved is a conflict.

A campaign whose file was removed from an exported folder (its base is still
there) is reported as on the service, not in the repository.

--json prints [{"file", "campaign_id", "components", "conflicts", "fields":
[{"path", "base", "file", "service"}]}]; --output json one object with totals;
--output github workflow annotations at the line of each value.

--versions ID A B compares versions A and B of a campaign (a versioned
workspace keeps one per accepted edit of a live campaign).

Exit status: 0 no difference, 1 some difference, conflict, unknown campaign
or removed file, 2 an unreadable or duplicated file, bad usage, rejected
credentials or an unreachable service.`

func newDiffCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "diff FILE|DIR... | diff --versions ID A B",
		Short: "Compare campaign files with the service, component by component",
		Long:  diffLong,
		Example: `  campaigns diff campaigns/
  campaigns diff campaigns/6b0489….json --json
  campaigns diff campaigns/ --output github`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdutil.CommandLineError(fmt.Errorf("give the campaign files or folders to compare"))
			}
			return nil
		},
	}
	s := newScriptCmd(app, cmd)
	jsonOut := cmd.Flags().Bool("json", false, `print [{"file", "campaign_id", "components", "conflicts", "fields"}]`)
	output := addOutputFlag(cmd)
	verbose := cmd.Flags().BoolP("verbose", "v", false, "list the JSON files skipped as not campaigns")
	versions := cmd.Flags().Bool("versions", false, "compare two versions of a campaign: diff --versions ID A B")
	cmd.ValidArgsFunction = func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if *versions {
			return s.completeIDs(c, args, prefix)
		}
		return nil, cobra.ShellCompDirectiveDefault
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		if *versions {
			return s.diffVersions(ctx, args, *jsonOut)
		}
		set, bad := s.fileSet(args, *verbose)
		if len(set.Files) == 0 && !bad && len(set.Orphans) == 0 {
			return noFiles(args)
		}
		pl := s.planner()
		if err := s.prefetch(ctx, pl, set.Files); err != nil {
			return err
		}
		type fileDiff struct {
			File       string         `json:"file"`
			CampaignID string         `json:"campaign_id"`
			Components []string       `json:"components"`
			Conflicts  []string       `json:"conflicts,omitempty"`
			Fields     []gitops.Field `json:"fields"`
			Error      string         `json:"error,omitempty"`
		}
		out := []fileDiff{}
		report := newCIReport(s.svc)
		differ, refused := 0, 0
		text := !*jsonOut && output.Value() == "text"
		for _, f := range set.Files {
			p := pl.Diff(ctx, f)
			if p.Action == gitops.ActionError && cmdutil.Fatal(p.Err) {
				return s.serviceError(p.Err) // the rest would fail the same way
			}
			d := fileDiff{File: f.Path, CampaignID: p.CampaignID, Components: gitops.Names(p.Changes), Conflicts: p.Conflicts, Fields: p.Fields}
			if d.Components == nil {
				d.Components = []string{}
			}
			if d.Fields == nil {
				d.Fields = []gitops.Field{}
			}
			cf := ciFile{File: f.Path, CampaignID: p.CampaignID, Components: d.Components, Fields: d.Fields, Status: "unchanged"}
			switch {
			case p.Action == gitops.ActionError:
				refused++
				d.Error, cf.Status, cf.Reason = p.Reason, "error", p.Reason
				if api.StatusOf(p.Err) == http.StatusNotFound {
					cf.Status = "refused"
				}
				fmt.Fprintf(app.ErrOut, "%s %s: %s\n", s.est.Error.Render("error:"), cmdutil.Inert(f.Path), cmdutil.Inert(p.Reason))
			case p.Action == gitops.ActionConflict:
				differ++
				cf.Status, cf.Reason = "conflict", p.Reason
				cf.Conflicts = conflictFields(p)
				cf.Problems = locate(f.Path, conflictProblems(p))
			case len(p.Changes) > 0 || len(p.Drift) > 0:
				differ++
				cf.Status = "different"
				cf.Problems = locate(f.Path, differenceProblems(p))
			}
			out = append(out, d)
			report.add(cf)
			if text && p.Action != gitops.ActionError {
				s.printDiff(app.Out, p)
			}
		}
		for _, o := range set.Orphans {
			differ++
			reason := orphanReason(o)
			report.add(ciFile{File: o.Base, CampaignID: o.CampaignID, Status: "orphan", Reason: reason})
			out = append(out, fileDiff{File: o.Base, CampaignID: o.CampaignID, Components: []string{}, Fields: []gitops.Field{}, Error: reason})
			if text {
				fmt.Fprintf(app.Out, "%s %s\n\n", s.st.Warning.Render("on the service, not in the repository:"), cmdutil.Inert(reason))
			}
		}
		for _, e := range set.Errs {
			report.add(ciFile{File: e.Path, Status: "unreadable", Reason: e.Err.Error()})
		}
		switch {
		case *jsonOut:
			if err := cmdutil.PrintJSON(app.Out, out); err != nil {
				return cmdutil.UsageError("%v", err)
			}
		case output.json():
			if err := writeJSON(app.Out, report); err != nil {
				return cmdutil.UsageError("%v", err)
			}
		case output.github():
			report.writeGitHub(app.Out, "diff")
		default:
			fmt.Fprintf(app.Out, "%d of %d file(s) differ from %s.\n", differ, len(set.Files)+len(set.Orphans), s.svc.Label)
		}
		switch {
		case bad:
			return &cmdutil.ExitError{Code: cmdutil.ExitUsage, Err: cmdutil.ErrSilent}
		case differ > 0 || refused > 0:
			return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
		}
		return nil
	}
	return cmd
}

// conflictFields are the fields changed on both sides, differently.
func conflictFields(p gitops.Plan) []gitops.Field {
	var out []gitops.Field
	for _, c := range p.FieldConflicts {
		out = append(out, gitops.Field{Path: c.Path, Base: c.Base, File: c.File, Service: c.Service, Conflict: true})
	}
	return out
}

// conflictProblems places every conflict (or, without a base, every
// conflicting component) for annotations.
func conflictProblems(p gitops.Plan) []ciProblem {
	var out []ciProblem
	for _, c := range p.FieldConflicts {
		out = append(out, ciProblem{Target: c.Path, Message: fmt.Sprintf("changed in the file and on the service since the export: base %s, file %s, service %s",
			jsonValue(c.Base), jsonValue(c.File), jsonValue(c.Service))})
	}
	if len(out) == 0 {
		for _, comp := range p.Conflicts {
			out = append(out, ciProblem{Target: comp, Message: p.Reason})
		}
	}
	return out
}

// differenceProblems places every field apply would change.
func differenceProblems(p gitops.Plan) []ciProblem {
	var out []ciProblem
	for _, f := range p.Fields {
		out = append(out, ciProblem{Target: f.Path, Message: fmt.Sprintf("differs from the service: file %s, service %s", jsonValue(f.File), jsonValue(f.Service))})
	}
	return out
}

// jsonValue is a value as JSON, shortened for one line.
func jsonValue(v any) string {
	if v == nil {
		return "(absent)"
	}
	s := strings.TrimSpace(string(gitops.Marshal(v)))
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		s = s[:117] + "…"
	}
	return s
}

// printDiff prints one file's differences, component by component.
func (s *scriptCmd) printDiff(w io.Writer, p gitops.Plan) {
	if len(p.Changes) == 0 && len(p.FieldConflicts) == 0 && len(p.Drift) == 0 {
		return
	}
	st := s.st
	title := p.File.Path
	switch {
	case p.CampaignID == "":
		title += "  " + st.Accent.Render("new campaign (no campaign_id): apply creates a draft")
	default:
		title += "  " + st.Muted.Render(fmt.Sprintf("%s, %s", cmdutil.Inert(p.File.Name()), cmdutil.Inert(p.CampaignID)))
	}
	fmt.Fprintln(w, st.Title.Render(title))
	if p.Reason != "" && p.Action == gitops.ActionConflict {
		fmt.Fprintln(w, st.Warning.Render("conflict: "+cmdutil.Inert(p.Reason)))
	}
	for _, c := range p.FieldConflicts {
		fmt.Fprintf(w, "  %s %s\n      base     %s\n      file     %s\n      service  %s\n", st.Warning.Render("conflict"), cmdutil.Inert(c.Path),
			cmdutil.Inert(jsonValue(c.Base)), cmdutil.Inert(jsonValue(c.File)), cmdutil.Inert(jsonValue(c.Service)))
	}
	if len(p.Drift) > 0 && p.Base != nil {
		fmt.Fprintln(w, st.Muted.Render("  changed on the service since the export (apply keeps these; export again to see them in the file): "+strings.Join(p.Drift, ", ")))
	}
	if p.CampaignID == "" {
		body := map[string]any{}
		for _, c := range p.Changes {
			body[c.Component] = c.File
		}
		colourDiff(w, st, gitops.Unified("/dev/null", p.File.Path, gitops.Change{Component: "campaign", File: body, InFile: true}))
		fmt.Fprintln(w)
		return
	}
	for _, c := range p.Changes {
		label := c.Component
		switch {
		case c.Removed():
			label += " (only on the service)"
		case !c.InService:
			label += " (only in the file)"
		}
		fmt.Fprintln(w, st.Subtitle.Render("  "+label))
		svc := "service/" + p.CampaignID + "#" + c.Component
		colourDiff(w, st, gitops.Unified(svc, p.File.Path+"#"+c.Component, c))
	}
	fmt.Fprintln(w)
}

// colourDiff prints a unified diff, "-" lines in the error colour and "+"
// lines in the OK colour (plain when the styles are).
func colourDiff(w io.Writer, st themes.Styles, diff string) {
	for _, line := range strings.SplitAfter(diff, "\n") {
		if line == "" {
			continue
		}
		text := strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(text, "+++"), strings.HasPrefix(text, "---"):
			text = st.Muted.Render(text)
		case strings.HasPrefix(text, "@@"):
			text = st.Accent.Render(text)
		case strings.HasPrefix(text, "+"):
			text = st.OK.Render(text)
		case strings.HasPrefix(text, "-"):
			text = st.Error.Render(text)
		}
		fmt.Fprintln(w, cmdutil.InertBlock(text))
	}
}

// diffVersions is `diff --versions ID A B`: two versions of one campaign
// (a versioned workspace writes one per accepted edit of a live campaign),
// component by component.
func (s *scriptCmd) diffVersions(ctx context.Context, args []string, jsonOut bool) error {
	if len(args) != 3 {
		return cmdutil.CommandLineError(fmt.Errorf("--versions takes a campaign ID and two version numbers"))
	}
	id := args[0]
	var recs [2]map[string]any
	for i, v := range args[1:] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return cmdutil.UsageError("version %q: a version number is 1 or more", v)
		}
		req := api.SearchRequest{CampaignFields: &api.SearchFields{IDs: []string{id}, Status: model.Statuses, VersionNumber: &n},
			IncludeArchiveCampaigns: true, IncludeChildCampaigns: true}
		err = gitops.SearchPages(ctx, s.svc.Client, s.svc.Pacer(), req, 1, 1, func(_ int, page []map[string]any) error {
			for _, r := range page {
				if str(r["campaign_id"]) == id && str(r["version_number"]) == v {
					recs[i] = r
				}
			}
			return nil
		})
		if err != nil {
			return s.serviceError(err)
		}
		if recs[i] == nil {
			// 2, not 1: for diff, 1 means "different", which a missing
			// version is not (decisions.md §5: 2 is an error).
			return &cmdutil.ExitError{Code: cmdutil.ExitUsage, Err: fmt.Errorf("campaign %s has no version %s on %s", id, v, s.svc.Label)}
		}
	}
	changes := gitops.Compare(recs[1], recs[0])
	if jsonOut {
		if err := cmdutil.PrintJSON(s.app.Out, map[string]any{"campaign_id": id, "from": args[1], "to": args[2],
			"components": nonNil(gitops.Names(changes)), "fields": nonNilFields(gitops.Fields(nil, recs[1], recs[0]))}); err != nil {
			return cmdutil.UsageError("%v", err)
		}
	} else {
		// In words first, field by field (as the inspector's Versions tab
		// says it), then as a diff.
		for _, f := range gitops.Fields(nil, recs[1], recs[0]) {
			fmt.Fprintf(s.app.Out, "  • %s: %s → %s\n", cmdutil.Inert(f.Path), cmdutil.Inert(wordValue(f.Service)), cmdutil.Inert(wordValue(f.File)))
		}
		for _, c := range changes {
			fmt.Fprintln(s.app.Out, s.st.Subtitle.Render("  "+c.Component))
			colourDiff(s.app.Out, s.st, gitops.Unified(id+" v"+args[1]+"#"+c.Component, id+" v"+args[2]+"#"+c.Component, c))
		}
		fmt.Fprintf(s.app.Out, "Versions %s and %s of %s differ in %d component(s).\n", args[1], args[2], id, len(changes))
	}
	if len(changes) > 0 {
		return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilFields(f []gitops.Field) []gitops.Field {
	if f == nil {
		return []gitops.Field{}
	}
	return f
}

// wordValue is a field's value in a sentence: “text”, a number, or
// "(absent)".
func wordValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "(absent)"
	case string:
		return "“" + x + "”"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
