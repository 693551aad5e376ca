package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/mcpserver"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const mcpLong = `Serves the Model Context Protocol over standard input and output, so an AI
assistant can search, read, draft, check, preview, test and publish campaigns.

It serves the embedded sandbox (safe to experiment with) unless a service
is named explicitly: --profile or CAMPAIGNS_PROFILE, or --base-url/--dc with
--workspace-id (or their CAMPAIGNS_ variables). The default profile is never
picked up. The instructions and every write's result name the service and
workspace. Every write is checked by the local validation engine first and
refused with every problem (target and message) before anything is sent; an
update that would break a campaign that is not a draft needs force: true. A
read-only profile (or --read-only) lists only the reading tools.

Tools: search_campaigns, get_campaign, get_campaign_meta, validate_campaign,
preview; and, unless read-only, create_draft, update_campaign, test_campaign,
change_status, publish_campaign.
Resources: campaigns://spec/components (every field, type, allowed values and
the delivery types it applies to) and campaigns://examples/<file>.json.

Register it with an MCP client, e.g.:
  {"mcpServers": {"campaigns": {"command": "campaigns", "args": ["mcp"]}}}

With --debug every tool call and HTTP exchange is written to the debug log.`

func newMCPCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the Model Context Protocol (for AI assistants) over stdin/stdout",
		Long:  mcpLong,
		Args:  cmdutil.NoArgs,
	}
	svcFlags := cmdutil.AddServiceFlags(cmd, app)
	// An agent's writes go where its configuration says, never to a default
	// profile picked up from this machine.
	svcFlags.ExplicitOnly = true
	var readOnly bool
	features := cmdutil.AddFeaturesFlag(cmd)
	cmd.Flags().BoolVar(&readOnly, "read-only", false, "list only the reading tools (a read-only profile does this by itself)")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := features.Check(); err != nil {
			return err
		}
		// stdout belongs to the protocol: waits before retries go to the log.
		svcFlags.OnRetry = func(ri api.RetryInfo) {
			app.Log.Warn("waiting before a retry", "status", ri.Status, "wait", ri.Wait, "request", ri.Method+" "+ri.Path)
		}
		svc, err := svcFlags.Open(cmd.Context())
		if err != nil {
			return err
		}
		defer svc.Close()
		feats, err := features.Resolve(svc)
		if err != nil {
			return err
		}
		// Tool calls go to the debug trace with --debug; stdout belongs to
		// the protocol, so nothing else may write there.
		logger := app.Log
		if app.Trace != nil {
			logger = app.Trace
		}
		examples := sandbox.Examples()
		core := ops.New(svc.Client, ops.Options{Target: svc.Target(), Author: svc.Author, Features: feats})
		defer core.Close()
		srv, err := mcpserver.New(mcpserver.Options{Core: core, ReadOnly: svc.ReadOnly || readOnly, Logger: logger,
			Examples: examples, Version: versionString(),
			Checklist: func(ctx context.Context, id string) (any, error) {
				_, checks, err := readChecklist(ctx, svc.Client, id, time.Now())
				return checks, err
			}})
		if err != nil {
			return cmdutil.FailError("%v", err)
		}
		if cmdutil.IsTerminalReader(app.In) {
			// A person ran it by hand: without a word it would look hung.
			fmt.Fprintf(app.ErrOut, "campaigns mcp: serving the Model Context Protocol on standard input/output, in %s.\n"+
				"It is meant to be started by an MCP client (see campaigns mcp --help); ctrl+d ends it.\n", core.Target())
		}
		// Malformed lines are answered with JSON-RPC errors before the SDK
		// sees them: it would end the session on the first one.
		in, out := mcpserver.Guard(app.In, app.Out)
		t := &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: mcpserver.MaxMessage + 1}
		if err := srv.Run(cmd.Context(), t); err != nil && cmd.Context().Err() == nil {
			return cmdutil.FailError("mcp: %v", err)
		}
		return nil
	}
	return cmd
}
