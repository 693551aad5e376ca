// Package mcpserver serves the Model Context Protocol for `campaigns mcp`
// (decisions.md §5): tools over the Campaigns V5 client, checked first by the
// local engine, and resources describing the campaign model.
//
// Every write is validated locally before anything is sent, so an agent gets
// every problem with its target and can fix its own draft; a read-only
// profile does not even list the writing tools. Errors are tool results
// (IsError) carrying the service's code, message and target, never protocol
// errors, and a panic in one call ends only that call.
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
)

// Options build a server.
type Options struct {
	// Core is the one core every write goes through (target, author,
	// checks by state, pacing); nil builds one on Client with Features,
	// Label and Now.
	Core *ops.Core
	// Client is the selected service (the embedded sandbox by default);
	// with Core it is Core's.
	Client *api.Client
	// ReadOnly hides every tool that changes the service.
	ReadOnly bool
	// Logger receives one debug record per tool call; nil discards.
	Logger *slog.Logger
	// Features are the workspace features local validation assumes.
	Features engine.Features
	// Examples holds the publishable example campaigns (*.json) served as
	// resources; nil serves none.
	Examples fs.FS
	// Label names the service when Core is nil.
	Label string
	// Version is reported in the initialize answer.
	Version string
	// Now is the clock status rules read; nil means time.Now.
	Now func() time.Time
	// Checklist makes the will-it-send checklist of a campaign (the
	// command line gives the one the inspector and `campaigns status`
	// show); get_campaign_meta returns it as "checklist". nil: none.
	Checklist func(ctx context.Context, id string) (any, error)
}

// Server is one MCP server over one service.
type Server struct {
	opts Options
	c    *api.Client
	core *ops.Core
	log  *slog.Logger
	srv  *mcp.Server
	now  func() time.Time
	aud  audience
}

// New builds the server with its tools and resources.
func New(opts Options) (*Server, error) {
	if opts.Core != nil {
		opts.Client, opts.Features = opts.Core.Client(), opts.Core.Features()
	}
	if opts.Client == nil {
		return nil, errors.New("mcpserver: a client is needed")
	}
	if opts.Core == nil {
		opts.Core = ops.New(opts.Client, ops.Options{Target: ops.Target{Service: opts.Label}, Features: opts.Features, Now: opts.Now})
	}
	s := &Server{opts: opts, c: opts.Client, core: opts.Core, log: opts.Logger, now: opts.Now}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.now == nil {
		s.now = time.Now
	}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: "campaigns", Title: "Campaigns V5", Version: version},
		&mcp.ServerOptions{Instructions: s.instructions()})
	s.addTools()
	if err := s.addResources(); err != nil {
		return nil, err
	}
	return s, nil
}

// MCP is the SDK server, for transports and tests.
func (s *Server) MCP() *mcp.Server { return s.srv }

// Run serves one session on t until the client goes away or ctx ends.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error { return s.srv.Run(ctx, t) }

func (s *Server) instructions() string {
	txt := "Campaigns V5 (push and email marketing campaigns) in " + s.core.Target().String() + ": every tool reads and writes there, and every write's result names it. " +
		"Read the resource campaigns://spec/compact first: every field of every component in one line each (type, format, allowed values, where it applies, what it is); campaigns://spec/components/<name> has the same as JSON. " +
		"The publishable examples (campaigns://examples/...) are complete create bodies. " +
		"Build a draft with validate_campaign until it reports no problem, then create_draft, update_campaign, preview, test_campaign and publish_campaign. " +
		"Every problem names its target: the dotted JSON path of the field (campaign_content.content.default.variation_1.push.android.basic_details.title)."
	if s.opts.ReadOnly {
		txt += " This profile is read-only: only the reading tools are available."
	}
	return txt
}

// --- one wrapper for every tool ----------------------------------------------

// effect is what a tool does to the service, told to the client through
// the tool's annotations (so it can ask its user before the risky ones).
type effect int

const (
	reads         effect = iota // changes nothing
	adds                        // adds a draft; nothing existing changes
	overwrites                  // replaces components or changes a status (stop is final)
	reachesPeople               // sends test messages to the people named
	publishes                   // makes a campaign live: it will send to its audience
)

// toolFunc is a tool's work: the structured result, and a line or two
// that say what happened (the text a person or a text-only client reads;
// the data is in structuredContent only, not repeated as JSON text).
type toolFunc[In any] func(context.Context, In) (out any, summary string, err error)

// addTool registers a typed tool with its output schema: calls are logged,
// panics recovered, and errors turned into IsError results. Writing tools
// are left out of a read-only server.
func addTool[In any](s *Server, t *mcp.Tool, e effect, out *jsonschema.Schema, h toolFunc[In]) {
	write := e != reads
	if write && s.opts.ReadOnly {
		return
	}
	ann := &mcp.ToolAnnotations{ReadOnlyHint: !write, OpenWorldHint: ptr(e == reachesPeople || e == publishes)}
	if write {
		ann.DestructiveHint = ptr(e == overwrites || e == publishes)
	}
	t.Annotations = ann
	if sc, ok := t.InputSchema.(*jsonschema.Schema); ok {
		plain(sc)
	}
	if out != nil {
		t.OutputSchema = out
	}
	name := t.Name
	mcp.AddTool(s.srv, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out any, err error) {
		start := time.Now()
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("mcp tool panicked", "tool", name, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				res, out, err = errorResult(&toolError{Source: "server", Code: "INTERNAL_ERROR",
					Message: fmt.Sprintf("the %s tool failed inside the server (%v); nothing more was sent", name, r)}), nil, nil
			}
		}()
		v, summary, herr := h(ctx, in)
		if herr != nil {
			te := asToolError(herr)
			s.log.Debug("mcp tool", "tool", name, "duration", time.Since(start), "error", te.Message, "code", te.Code, "target", te.Target)
			return errorResult(te), nil, nil
		}
		s.log.Debug("mcp tool", "tool", name, "duration", time.Since(start))
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: summary}}}, v, nil
	})
}

func ptr[T any](v T) *T { return &v }

// toolError is the body of every IsError result.
type toolError struct {
	// Source says who refused: "service" (the call was sent), "local" (the
	// engine refused it before sending; nothing changed), "input" (the
	// arguments), "client" (the service could not be reached) or "server".
	Source            string          `json:"source"`
	Status            int             `json:"status,omitempty"`
	Code              string          `json:"code"`
	Message           string          `json:"message"`
	Target            string          `json:"target"`
	Details           []problemOut    `json:"details"`
	RequestID         string          `json:"request_id,omitempty"`
	RetryAfterSeconds float64         `json:"retry_after_seconds,omitempty"`
	Refusal           *engine.Refusal `json:"-"`
}

func (e *toolError) Error() string { return e.Message }

// problemOut is one problem as tools report it.
type problemOut struct {
	Target  string `json:"target"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
}

func problemsOut(ps []engine.Problem) []problemOut {
	out := make([]problemOut, len(ps))
	for i, p := range ps {
		out[i] = problemOut{Target: p.Target, Message: p.Message, Rule: string(p.Rule)}
	}
	return out
}

// localRefusal is a write the engine refused: nothing was sent.
func localRefusal(msg string, ps []engine.Problem) *toolError {
	te := &toolError{Source: "local", Code: api.CodeValidationFailed, Message: msg + " Nothing was sent; fix the problems and call again.",
		Details: problemsOut(ps)}
	if len(ps) > 0 {
		te.Target = ps[0].Target
	}
	return te
}

// refusedError is a write the core refused before sending.
func refusedError(rf *ops.Refused) *toolError {
	te := &toolError{Source: "local", Code: api.CodeValidationFailed, Details: problemsOut(rf.Problems),
		Message: rf.Reason + ". Nothing was sent."}
	switch rf.Code {
	case ops.CodeState, ops.CodeNotDraft:
		te.Status, te.Code, te.Target = 409, api.CodeBadRequest, "status"
	case ops.CodeNotAllowed:
		te.Status, te.Code, te.Target = 422, api.CodeUnprocessableEntity, "action"
		te.Message = rf.Reason + " Allowed now: " + allowed(rf.Allowed) + ". Nothing was sent."
	case ops.CodeBreaksLive:
		te.Code = "BREAKS_LIVE_CAMPAIGN"
		if len(rf.Removes) > 0 {
			te.Message += " It would remove " + strings.Join(rf.Removes, "; ") + "."
		}
		te.Message += " Fix the problems, or call again with force: true if the person you act for confirmed it."
	default:
		te.Message = rf.Reason + ". Nothing was sent; fix the problems and call again."
	}
	if len(rf.Problems) > 0 {
		te.Target = rf.Problems[0].Target
	}
	return te
}

func inputError(target, format string, a ...any) *toolError {
	return &toolError{Source: "input", Code: api.CodeValidationFailed, Target: target, Message: fmt.Sprintf(format, a...),
		Details: []problemOut{{Target: target, Message: fmt.Sprintf(format, a...)}}}
}

func asToolError(err error) *toolError {
	var te *toolError
	var rf *ops.Refused
	if errors.As(err, &rf) {
		return refusedError(rf)
	}
	if errors.As(err, &te) {
		if te.Details == nil {
			te.Details = []problemOut{}
		}
		return te
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		te := &toolError{Source: "service", Status: ae.Status, Code: ae.Code, Message: ae.Message, Target: ae.Target,
			RequestID: ae.RequestID, Details: []problemOut{}}
		if te.Code == "" {
			te.Code = fmt.Sprintf("HTTP_%d", ae.Status)
		}
		for _, d := range ae.Details {
			te.Details = append(te.Details, problemOut{Target: d.Target, Message: d.Message})
		}
		if ae.RetryAfter > 0 {
			te.RetryAfterSeconds = ae.RetryAfter.Seconds()
			te.Message += fmt.Sprintf(" (rate limited: try again in %.0f s)", ae.RetryAfter.Seconds())
		}
		return te
	}
	if api.IsUnreachable(err) {
		return &toolError{Source: "client", Code: "UNREACHABLE", Message: err.Error(), Details: []problemOut{}}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &toolError{Source: "client", Code: "CANCELLED", Message: err.Error(), Details: []problemOut{}}
	}
	return &toolError{Source: "client", Code: "ERROR", Message: err.Error(), Details: []problemOut{}}
}

func errorResult(te *toolError) *mcp.CallToolResult {
	if te.Details == nil {
		te.Details = []problemOut{}
	}
	body := map[string]any{"error": te}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: te.summary()}}, StructuredContent: body}
}

// summary is the error in words: the message, then one line per problem
// (the structured result has them all, with their rules).
func (e *toolError) summary() string {
	var b strings.Builder
	b.WriteString(e.Code + ": " + e.Message)
	if e.Target != "" && (len(e.Details) == 0 || len(e.Details) == 1 && e.Details[0].Message == e.Message) {
		b.WriteString(" (" + e.Target + ")")
	}
	for i, d := range e.Details {
		if len(e.Details) == 1 && d.Message == e.Message {
			break // said already
		}
		if i == 20 {
			fmt.Fprintf(&b, "\n… and %d more (see the structured result)", len(e.Details)-i)
			break
		}
		fmt.Fprintf(&b, "\n- %s: %s", orRoot(d.Target), d.Message)
	}
	return b.String()
}

func orRoot(target string) string {
	if target == "" {
		return "(body)"
	}
	return target
}
