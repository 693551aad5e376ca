// This file is `campaigns list`: the campaigns of the workspace through
// the search route, as a table, tab-separated rows or JSON.

package read

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/search"
)

// ListOptions are what `campaigns list` was asked.
type ListOptions struct {
	IO      *cmdutil.IOStreams
	Service *cmdutil.ServiceFlags
	Output  *cmdutil.OutputFlags
	Request api.SearchRequest // from the filter flags
	Page    int
	All     bool
}

// listDoc is what `campaigns list --help` says.
var listDoc = cmdutil.Doc{
	Use:   "list [flags]",
	Short: "List campaigns (the search route), as a table or JSON",
	Long: `Lists the campaigns of the workspace through the search route, 15 a page.
A table on a terminal; --json prints the records exactly as the service
returns them (a JSON array); --jq EXPR filters that array (strings print raw).

Exit status: 0 listed, 1 refused by the service, 2 bad usage or unreachable.`,
	Example: `  campaigns list --status paused
  campaigns list --all --channel email --json
  campaigns list --all \
      --jq '.[] | select(.status == "ACTIVE") | .basic_details.name'`,
}

// NewCmdList is `campaigns list`; runF, when given, runs instead of the
// command (tests check the flags with it).
func NewCmdList(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{IO: f.IOStreams}
	cmd := listDoc.Command(nil)
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	filters := search.AddFilters(cmd)
	opts.Output = cmdutil.AddOutputFlags(cmd, "records")
	opts.Output.AddHeadersFlag(cmd)
	cmd.Args = opts.Output.AdoptFields(cmdutil.NoArgs, 0)
	cmd.Flags().IntVar(&opts.Page, "page", 1, "the page to show (15 campaigns a page)")
	cmd.Flags().BoolVar(&opts.All, "all", false, "walk every page (paced under the service's rate limits)")
	cmd.MarkFlagsMutuallyExclusive("page", "all")
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		if opts.Page < 1 {
			return cmdutil.UsageError("--page must be 1 or more, not %d", opts.Page)
		}
		var err error
		if opts.Request, err = filters.Request(); err != nil {
			return err
		}
		return opts.Output.Check()
	}, runF, runList)
	return cmd
}

func runList(opts *ListOptions) error {
	ctx := opts.Service.Context()
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	out := opts.IO.Out
	if opts.Output.Raw() {
		// The records exactly as the service sent them, key order too.
		raws, err := search.Raw(ctx, opts.IO, svc, opts.Request, opts.Page, opts.All)
		if err != nil {
			return cmdutil.ServiceError(svc, err)
		}
		return cmdutil.PrintRawArray(out, raws)
	}
	recs, more, err := search.Pages(ctx, opts.IO, svc, opts.Request, opts.Page, opts.All)
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	if opts.Output.Machine() {
		arr := make([]any, len(recs))
		for i, r := range recs {
			arr[i] = r
		}
		return cmdutil.AsUsage(opts.Output.Write(out, arr))
	}
	printTable(opts.IO, recs, opts.Output.Headers)
	if !opts.IO.IsStdoutTTY() {
		return nil // tab-separated rows only: a pipe gets no notes
	}
	switch {
	case len(recs) == 0 && opts.Page > 1:
		fmt.Fprintf(out, "No campaigns on page %d.\n", opts.Page)
	case len(recs) == 0:
		fmt.Fprintln(out, "No campaigns match.")
	case more:
		fmt.Fprintf(out, "%s\n", opts.IO.OutStyles().Muted.Render(fmt.Sprintf("Page %d; there may be more: --page %d, or --all.", opts.Page, opts.Page+1)))
	}
	return nil
}
