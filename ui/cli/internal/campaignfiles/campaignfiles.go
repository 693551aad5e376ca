// Package campaignfiles is what diff and apply share about the campaign
// files they are given: expanding FILE|DIR arguments, saying what was
// skipped, reading the campaigns behind them in bulk, and putting the
// conflicts and differences of a plan into words for the CI report.
package campaignfiles

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/cireport"
)

// Scan expands FILE|DIR arguments (gitops.Scan), printing on io's stderr
// the files that cannot be read (with line and column for broken JSON) or
// that share a campaign_id, and the JSON skipped as not campaigns (listed
// with verbose). bad: some file was unreadable or duplicated.
func Scan(io *cmdutil.IOStreams, args []string, verbose bool) (set *gitops.Set, bad bool) {
	set = gitops.Scan(args)
	SkippedNote(io.ErrOut, set.Skipped, verbose)
	est := io.ErrStyles()
	for _, e := range set.Errs {
		fmt.Fprintf(io.ErrOut, "%s %s\n", est.Error.Render("error:"), cmdutil.InertBlock(e.Error()))
	}
	return set, len(set.Errs) > 0
}

// NoFiles refuses a run that found nothing to work on: in CI a mistyped
// folder must not pass as "no difference".
func NoFiles(args []string) error {
	return cmdutil.UsageError("no campaign files in %s", strings.Join(args, ", "))
}

// Empty: nothing was found to work on, and nothing went wrong finding it.
func Empty(set *gitops.Set, bad bool) bool {
	return len(set.Files) == 0 && !bad && len(set.Orphans) == 0
}

// SkippedNote says what was skipped, the same for every command: files
// that could not be read safely (a pipe, a link out of the folder) each
// with its reason; JSON that is not a campaign (package.json) as a count,
// listed with verbose.
func SkippedNote(w io.Writer, skipped []gitops.Skipped, verbose bool) {
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

// Prefetch reads every file's campaign through search, 15 a call; a
// failure that would fail every read (401, unreachable) ends the command.
func Prefetch(ctx context.Context, svc *cmdutil.Service, pl *gitops.Planner, files []*gitops.File) error {
	ids := make([]string, 0, len(files))
	for _, f := range files {
		ids = append(ids, f.CampaignID())
	}
	if err := pl.Prefetch(ctx, ids); cmdutil.Fatal(err) {
		return cmdutil.ServiceError(svc, err)
	}
	return nil // other failures: each file is read by GET instead
}

// OrphanReason is what diff and apply say of a campaign whose file is gone.
func OrphanReason(o gitops.Orphan) string {
	return fmt.Sprintf("campaign %s (%q) is on the service, not in the repository: its file was removed, but its base %s is still kept; there is no delete in V5, so nothing is done (restore the file, or remove the base to forget it)", o.CampaignID, o.Name, o.Base)
}

// Orphan is a removed file's entry in the CI report.
func Orphan(o gitops.Orphan) cireport.File {
	return cireport.File{File: o.Base, CampaignID: o.CampaignID, Status: "orphan", Reason: OrphanReason(o)}
}

// AddUnreadable reports the files that could not be read.
func AddUnreadable(r *cireport.Report, set *gitops.Set) {
	for _, e := range set.Errs {
		r.Add(cireport.File{File: e.Path, Status: "unreadable", Reason: e.Err.Error()})
	}
}

// ConflictFields are the fields changed on both sides, differently.
func ConflictFields(p gitops.Plan) []gitops.Field {
	var out []gitops.Field
	for _, c := range p.FieldConflicts {
		out = append(out, gitops.Field{Path: c.Path, Base: c.Base, File: c.File, Service: c.Service, Conflict: true})
	}
	return out
}

// ConflictProblems places every conflict (or, without a base, every
// conflicting component) for annotations.
func ConflictProblems(p gitops.Plan) []cireport.Problem {
	var out []cireport.Problem
	for _, c := range p.FieldConflicts {
		out = append(out, cireport.Problem{Target: c.Path, Message: fmt.Sprintf("changed in the file and on the service since the export: base %s, file %s, service %s",
			JSONValue(c.Base), JSONValue(c.File), JSONValue(c.Service))})
	}
	if len(out) == 0 {
		for _, comp := range p.Conflicts {
			out = append(out, cireport.Problem{Target: comp, Message: p.Reason})
		}
	}
	return cireport.Locate(p.File.Path, out)
}

// DifferenceProblems places every field apply would change.
func DifferenceProblems(p gitops.Plan) []cireport.Problem {
	var out []cireport.Problem
	for _, f := range p.Fields {
		out = append(out, cireport.Problem{Target: f.Path, Message: fmt.Sprintf("differs from the service: file %s, service %s", JSONValue(f.File), JSONValue(f.Service))})
	}
	return cireport.Locate(p.File.Path, out)
}

// JSONValue is a value as JSON, shortened for one line.
func JSONValue(v any) string {
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
