// This file is `campaigns get`: one campaign, as a summary with its
// will-it-send checklist, or the whole record as JSON.

package read

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/checklist"
)

// GetOptions are what `campaigns get` was asked.
type GetOptions struct {
	cmdutil.Record
	// Now is the time the checklist is judged at.
	Now func() time.Time
}

// getDoc is what `campaigns get --help` says.
var getDoc = cmdutil.Doc{
	Use:   "get ID",
	Short: "Show one campaign: a summary, or the whole record as JSON",
	Long: `Reads one campaign (GET /v5/campaigns/{campaign_id}). On a terminal a summary;
--json prints the record exactly as the service returns it, unknown fields
included; --jq EXPR filters it (strings print raw).

Exit status: 0 found, 1 refused by the service (an unknown id: 404), 2 bad
usage or unreachable.`,
	Example: `  campaigns get 6b0489…
  campaigns get 6b0489… --jq .basic_details.name`,
}

// NewCmdGet is `campaigns get`; runF, when given, runs instead of the command
// (tests check the flags with it).
func NewCmdGet(f *cmdutil.Factory, runF func(*GetOptions) error) *cobra.Command {
	opts := &GetOptions{Now: time.Now}
	cmd := getDoc.Command(nil)
	opts.Record = cmdutil.AddRecord(f, cmd)
	cmd.RunE = cmdutil.RunE(opts, opts.Record.Check, runF, runGet)
	return cmd
}

func runGet(opts *GetOptions) error {
	ctx := opts.Service.Context()
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	if opts.Output.Raw() {
		// The record exactly as the service sent it, key order too.
		var raw json.RawMessage
		err := svc.Pacer().Do(ctx, ops.ClassRead, func(ctx context.Context) error {
			var err error
			raw, err = svc.Client.GetRaw(ctx, opts.ID)
			return err
		})
		if err != nil {
			return cmdutil.ServiceError(svc, err)
		}
		return cmdutil.PrintRaw(opts.IO.Out, raw)
	}
	rec, err := svc.Planner().Fetch(ctx, opts.ID)
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	if opts.Output.Machine() {
		return cmdutil.AsUsage(opts.Output.Write(opts.IO.Out, rec))
	}
	printSummary(opts.IO, rec)
	// On a terminal, the will-it-send checklist follows (the record as the
	// service sent it stays --json's alone).
	c := new(model.Campaign)
	_ = model.FromTree(rec, c)
	st := opts.IO.OutStyles()
	fmt.Fprintf(opts.IO.Out, "\n%s\n", st.Subtitle.Render("Will it send?"))
	checklist.Print(opts.IO.Out, st, checklist.Of(ctx, svc.Client, c, opts.Now()))
	return nil
}
