// This file is `campaigns mcp`: the Model Context Protocol over standard
// input and output, for AI assistants.

package serve

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/mcpserver"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/checklist"
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

// MCPOptions are mcp's flags.
type MCPOptions struct {
	IO *cmdutil.IOStreams
	// Service opens the service named explicitly, else the embedded
	// sandbox; run closes it.
	Service func(context.Context) (*cmdutil.Service, error)
	// Features are the workspace features the local checks assume, for
	// the service opened.
	Features func(*cmdutil.Service) (engine.Features, error)
	Ctx      context.Context
	// Log gets tool calls (the debug trace with --debug): stdout belongs
	// to the protocol, so nothing else may write there.
	Log      *slog.Logger
	ReadOnly bool
	Version  string
}

// mcpDoc is what `campaigns mcp --help` says.
var mcpDoc = cmdutil.Doc{
	Use:   "mcp",
	Short: "Serve the Model Context Protocol (for AI assistants) over stdin/stdout",
	Long:  mcpLong,
}

// NewCmdMCP builds `campaigns mcp`; runF, when set, receives the checked
// options instead of runMCP (tests).
func NewCmdMCP(f *cmdutil.Factory, runF func(*MCPOptions) error) *cobra.Command {
	opts := &MCPOptions{IO: f.IOStreams, Version: f.Version}
	cmd := mcpDoc.Command(cmdutil.NoArgs)
	flags := cmdutil.AddServiceFlags(cmd, f)
	// An agent's writes go where its configuration says, never to a default
	// profile picked up from this machine.
	flags.ExplicitOnly = true
	features := cmdutil.AddFeaturesFlag(cmd)
	opts.Features = features.Resolve
	cmd.Flags().BoolVar(&opts.ReadOnly, "read-only", false, "list only the reading tools (a read-only profile does this by itself)")
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		if err := features.Check(); err != nil {
			return err
		}
		opts.Ctx, opts.Log = cmd.Context(), f.Log
		if f.Trace != nil {
			opts.Log = f.Trace
		}
		// stdout belongs to the protocol: waits before retries go to the log,
		// not through the factory's notes.
		flags.OnRetry = func(ri api.RetryInfo) {
			f.Log.Warn("waiting before a retry", "status", ri.Status, "wait", ri.Wait, "request", ri.Method+" "+ri.Path)
		}
		opts.Service = flags.Open
		return nil
	}, runF, runMCP)
	return cmd
}

func runMCP(opts *MCPOptions) error {
	svc, err := opts.Service(opts.Ctx)
	if err != nil {
		return err
	}
	defer svc.Close()
	feats, err := opts.Features(svc)
	if err != nil {
		return err
	}
	core := ops.New(svc.Client, ops.Options{Target: svc.Target(), Author: svc.Author, Features: feats})
	defer core.Close()
	srv, err := mcpserver.New(mcpserver.Options{Core: core, ReadOnly: svc.ReadOnly || opts.ReadOnly, Logger: opts.Log,
		Examples: sandbox.Examples(), Version: opts.Version,
		Checklist: func(ctx context.Context, id string) (any, error) {
			_, checks, err := checklist.Read(ctx, svc.Client, id, time.Now())
			return checks, err
		}})
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	if opts.IO.IsStdinTTY() {
		// A person ran it by hand: without a word it would look hung.
		fmt.Fprintf(opts.IO.ErrOut, "campaigns mcp: serving the Model Context Protocol on standard input/output, in %s.\n"+
			"It is meant to be started by an MCP client (see campaigns mcp --help); ctrl+d ends it.\n", core.Target())
	}
	return serveMCP(opts.Ctx, srv, opts.IO.In, opts.IO.Out)
}

// serveMCP runs the protocol until the input ends. Malformed lines are
// answered with JSON-RPC errors before the SDK sees them: it would end the
// session on the first one.
func serveMCP(ctx context.Context, srv *mcpserver.Server, stdin io.Reader, stdout io.Writer) error {
	in, out := mcpserver.Guard(stdin, stdout)
	t := &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: mcpserver.MaxMessage + 1}
	if err := srv.Run(ctx, t); err != nil && ctx.Err() == nil {
		return cmdutil.FailError("mcp: %v", err)
	}
	return nil
}
