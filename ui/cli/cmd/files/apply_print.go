package files

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// outcome prints one file's line, and under it what the update removes,
// breaks and chose, or the problems that refused it.
func (p printer) outcome(o gitops.Outcome, r result) {
	st, w, inert := p.st, p.w, cmdutil.Inert
	comps := strings.Join(r.Components, ", ")
	switch {
	case o.Action == gitops.ActionNone:
		fmt.Fprintf(w, "%s %s: unchanged\n", st.Muted.Render("·"), inert(r.File))
	case p.confirmed && o.Sent && o.Err == nil && o.Action == gitops.ActionCreate:
		fmt.Fprintf(w, "%s %s: created draft %s in %s (id written into the file)\n", st.OK.Render("✓"), inert(r.File), inert(o.NewID), r.Target)
	case p.confirmed && o.Sent && o.Err == nil:
		fmt.Fprintf(w, "%s %s: updated %s in %s\n", st.OK.Render("✓"), inert(r.File), comps, r.Target)
		p.live(r)
		p.notes(r)
	case p.confirmed && o.Sent:
		fmt.Fprintf(w, "%s %s: %s\n", st.Warning.Render("!"), inert(r.File), cmdutil.InertBlock(fmt.Sprint(o.Err)))
	case o.Action == gitops.ActionPatch || o.Action == gitops.ActionCreate:
		what := "would create a draft"
		if o.Action == gitops.ActionPatch {
			what = "would update " + comps
		}
		fmt.Fprintf(w, "%s %s: %s in %s\n", st.Accent.Render("→"), inert(r.File), what, r.Target)
		p.notes(r)
		fmt.Fprintln(w, st.Muted.Render(r.Method+" "+inert(r.Path)))
		p.live(r)
		fmt.Fprint(w, cmdutil.InertBlock(string(gitops.Marshal(r.Body))))
	case o.Action == gitops.ActionConflict:
		fmt.Fprintf(w, "%s %s: conflict in %s: %s\n", st.Warning.Render("!"), inert(r.File), inert(strings.Join(o.Conflicts, ", ")), inert(o.Reason))
	default:
		label := "refused"
		if o.Action == gitops.ActionError {
			label = "error"
		}
		fmt.Fprintf(w, "%s %s: %s: %s\n", st.Error.Render("✗"), inert(r.File), label, inert(r.Reason))
		for _, pr := range r.Problems {
			fmt.Fprintf(w, "    %s: %s\n", inert(cmdutil.OrRoot(pr.Target)), inert(pr.Message))
		}
		p.live(result{Removes: r.Removes})
	}
}

// live says what an update removes and, forced, what it breaks.
func (p printer) live(r result) {
	for _, rm := range r.Removes {
		fmt.Fprintf(p.w, "    %s %s\n", p.st.Warning.Render("removes"), cmdutil.Inert(rm))
	}
	for _, pr := range r.Breaks {
		fmt.Fprintf(p.w, "    %s %s: %s\n", p.st.Warning.Render("breaks"), cmdutil.Inert(cmdutil.OrRoot(pr.Target)), cmdutil.Inert(pr.Message))
	}
}

// notes prints what apply chose that the file does not say.
func (p printer) notes(r result) {
	for _, n := range r.Notes {
		fmt.Fprintf(p.w, "    %s\n", p.st.Muted.Render("note: "+n))
	}
}

// summary is the last line: how many files went (or would go) which way.
func (p printer) summary(counts map[string]int) {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, what))
		}
	}
	if p.confirmed {
		add(counts[string(gitops.ActionPatch)], "updated")
		add(counts[string(gitops.ActionCreate)], "created")
	} else {
		add(counts[string(gitops.ActionPatch)], "to update")
		add(counts[string(gitops.ActionCreate)], "to create")
	}
	add(counts[string(gitops.ActionNone)], "unchanged")
	add(counts[string(gitops.ActionRefused)], "refused")
	add(counts[string(gitops.ActionConflict)], "in conflict")
	add(counts[string(gitops.ActionError)], "failed")
	if len(parts) == 0 {
		parts = []string{"no campaign files"}
	}
	msg := strings.Join(parts, ", ") + "."
	if !p.confirmed {
		msg = "Dry run, nothing sent: " + msg
		if counts[string(gitops.ActionPatch)]+counts[string(gitops.ActionCreate)] > 0 {
			msg += " Run again with --confirm to send."
		}
	}
	fmt.Fprintln(p.w, msg)
}
