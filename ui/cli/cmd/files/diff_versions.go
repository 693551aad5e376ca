package files

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// versions is `diff --versions ID A B`: two versions of one campaign (a
// versioned workspace writes one per accepted edit of a live campaign),
// component by component.
func versions(opts *DiffOptions, svc *cmdutil.Service) error {
	id, from, to := opts.Args[0], opts.Args[1], opts.Args[2]
	var recs [2]map[string]any
	for i, v := range opts.Args[1:] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return cmdutil.UsageError("version %q: a version number is 1 or more", v)
		}
		req := api.SearchRequest{CampaignFields: &api.SearchFields{IDs: []string{id}, Status: model.Statuses, VersionNumber: &n},
			IncludeArchiveCampaigns: true, IncludeChildCampaigns: true}
		err = gitops.SearchPages(opts.Service.Context(), svc.Client, svc.Pacer(), req, 1, 1, func(_ int, page []map[string]any) error {
			for _, r := range page {
				if fmt.Sprint(r["campaign_id"]) == id && fmt.Sprint(r["version_number"]) == v {
					recs[i] = r
				}
			}
			return nil
		})
		if err != nil {
			return cmdutil.ServiceError(svc, err)
		}
		if recs[i] == nil {
			// 2, not 1: for diff, 1 means "different", which a missing
			// version is not (decisions.md §5: 2 is an error).
			return cmdutil.UsageError("campaign %s has no version %s on %s", id, v, svc.Label)
		}
	}
	changes := gitops.Compare(recs[1], recs[0])
	fields := gitops.Fields(nil, recs[1], recs[0])
	if opts.JSON {
		if err := cmdutil.PrintJSON(opts.IO.Out, map[string]any{"campaign_id": id, "from": from, "to": to,
			"components": nonNil(gitops.Names(changes)), "fields": nonNil(fields)}); err != nil {
			return cmdutil.UsageError("%v", err)
		}
	} else {
		// In words first, field by field (as the inspector's Versions tab
		// says it), then as a diff.
		w, st, inert := opts.IO.Out, opts.IO.OutStyles(), cmdutil.Inert
		for _, f := range fields {
			fmt.Fprintf(w, "  • %s: %s → %s\n", inert(f.Path), inert(wordValue(f.Service)), inert(wordValue(f.File)))
		}
		p := printer{w: w, st: st}
		for _, c := range changes {
			fmt.Fprintln(w, st.Subtitle.Render("  "+c.Component))
			p.unified(gitops.Unified(id+" v"+from+"#"+c.Component, id+" v"+to+"#"+c.Component, c))
		}
		fmt.Fprintf(w, "Versions %s and %s of %s differ in %d component(s).\n", from, to, id, len(changes))
	}
	if len(changes) > 0 {
		return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: cmdutil.ErrSilent}
	}
	return nil
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
