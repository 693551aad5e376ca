// Command campaigns is a terminal editor for Campaigns Service V5 campaigns,
// with an embedded sandbox service, a validator and an SSH server.
//
//	campaigns                 the editor (on the embedded sandbox by default)
//	campaigns serve           the sandbox service over HTTP
//	campaigns validate FILE   the validation engine on a file
//	campaigns ssh             the editor for any SSH client
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sync"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

// version is set with -ldflags "-X main.version=…"; builds from a checkout
// fall back to the module version.
var version = ""

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `campaigns — a terminal editor for Campaigns Service V5

Usage:
  campaigns [--base-url URL | --dc DC] [--workspace-id ID] [--theme NAME] [--data DIR]
  campaigns serve [--addr 127.0.0.1:8787] [--data DIR] [--workspace ID:KEY[:FLAGS]]...
  campaigns validate [--phase create|patch|publish] [--base STORED.json] [--state STATE] [--features LIST] FILE|-
  campaigns ssh [--demo | --authorized-keys PATH] [--addr 127.0.0.1:23234] [--data DIR]
  campaigns --version

Run "campaigns COMMAND --help" for the flags of a command.
`

// run is the whole program; it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "serve":
			return runServe(args[1:], stdout, stderr)
		case "validate":
			return runValidate(args[1:], stdin, stdout, stderr)
		case "ssh":
			return runSSH(args[1:], stdout, stderr)
		case "--version", "-version", "version":
			fmt.Fprintln(stdout, "campaigns", versionString())
			return 0
		case "--help", "-help", "-h", "help":
			fmt.Fprint(stdout, usage)
			return 0
		}
		if !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "campaigns: unknown command %q\n\n%s", args[0], usage)
			return 2
		}
	}
	return runEditor(args, stdout, stderr)
}

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// --- campaigns (the editor) ----------------------------------------------

const editorUsage = `Usage: campaigns [flags]

The editor. With no service named it runs the embedded sandbox in-process
(its data under --data, seeded with demo campaigns on first start).

Flags:
  --base-url URL      a real Campaigns V5 service
  --dc DC             or its data center: 01..06 or 101
  --workspace-id ID   the workspace (Basic-auth user); the API key is read
                      from $CAMPAIGNS_API_KEY
  --theme NAME        default, high-contrast or plain (NO_COLOR forces plain)
  --data DIR          where the sandbox and the sync journal live
                      (default: the user data directory, campaigns/)
`

func runEditor(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("campaigns", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, editorUsage) }
	baseURL := fs.String("base-url", "", "")
	dc := fs.String("dc", "", "")
	workspace := fs.String("workspace-id", "", "")
	themeName := fs.String("theme", "default", "")
	dataDir := fs.String("data", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, editorUsage)
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "campaigns: unexpected argument %q\n\n%s", fs.Arg(0), editorUsage)
		return 2
	}
	// no-color.org: set and not empty.
	theme, ok := themes.Select(*themeName, os.Getenv("NO_COLOR") != "")
	if !ok {
		fmt.Fprintf(stderr, "campaigns: unknown theme %q: use %s\n", *themeName, strings.Join(themes.Names, ", "))
		return 2
	}
	if *dataDir == "" {
		*dataDir = filepath.Dir(sandbox.DefaultDataDir())
	}

	cfg := ui.Config{Theme: theme, DataDir: *dataDir}
	if *baseURL != "" || *dc != "" {
		if *baseURL != "" && *dc != "" {
			fmt.Fprintln(stderr, "campaigns: give --base-url or --dc, not both")
			return 2
		}
		key := os.Getenv("CAMPAIGNS_API_KEY")
		if *workspace == "" || key == "" {
			fmt.Fprintln(stderr, "campaigns: a real service needs --workspace-id and the API key in $CAMPAIGNS_API_KEY")
			return 2
		}
		client, err := api.New(api.Config{BaseURL: *baseURL, DC: *dc, WorkspaceID: *workspace, APIKey: key})
		if err != nil {
			fmt.Fprintln(stderr, "campaigns:", err)
			return 2
		}
		cfg.Client, cfg.Service, cfg.Workspace = client, client.BaseURL(), *workspace
	} else {
		if *workspace != "" {
			fmt.Fprintln(stderr, "campaigns: --workspace-id needs --base-url or --dc (the embedded sandbox has its own workspace)")
			return 2
		}
		ws := sandbox.DefaultWorkspace()
		url, _, stop, err := sandbox.StartLocal(sandbox.Config{DataDir: filepath.Join(*dataDir, "sandbox"), Seed: true})
		if err != nil {
			fmt.Fprintln(stderr, "campaigns: starting the embedded sandbox:", err)
			return 1
		}
		defer stop()
		client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
		if err != nil {
			fmt.Fprintln(stderr, "campaigns:", err)
			return 1
		}
		cfg.Client, cfg.Service, cfg.Workspace = client, "embedded sandbox", ws.ID
	}
	closeEditor, err := wireEditor(&cfg)
	if errors.Is(err, sync.ErrDirInUse) {
		fmt.Fprintf(stderr, "campaigns: another campaigns editor is already open on %s.\nClose it first, or give this one a data directory of its own with --data DIR.\n", *dataDir)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "campaigns: opening the draft editor:", err)
		return 1
	}
	defer closeEditor()
	p := tea.NewProgram(ui.New(cfg), tea.WithAltScreen())
	if _, err := p.Run(); err != nil {
		fmt.Fprintln(stderr, "campaigns:", err)
		return 1
	}
	return 0
}

// wireEditor plugs the draft editor into the shell: one sync engine per
// program, journaling under the data directory in a directory of its own per
// service and workspace (ids are unique only there). Every workspace feature is
// assumed on for local checks, so only the service refuses what a workspace
// lacks.
func wireEditor(cfg *ui.Config) (func() error, error) {
	dir := filepath.Join(cfg.DataDir, "drafts", sync.DirName(cfg.Service, cfg.Workspace))
	f, closeFn, err := editor.Open(cfg.Client, dir, editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
		Users:      previewUsers(cfg.Service == "embedded sandbox"),
	})
	if err != nil {
		return nil, err
	}
	cfg.Editor = f
	return closeFn, nil
}

// --- campaigns serve ------------------------------------------------------

const serveUsage = `Usage: campaigns serve [--addr 127.0.0.1:8787] [--data DIR] [--workspace ID:KEY[:FLAGS]]...

Runs the sandbox: a local Campaigns V5 service (the V5 routes and V1 publish)
on an embedded SQLite database, seeded with demo campaigns on first start.

Flags:
  --addr HOST:PORT     where to listen (default 127.0.0.1:8787)
  --data DIR           where the database lives (default %s);
                       data survives a restart on the same directory
  --workspace ID:KEY[:FLAGS]
                       a workspace: Basic-auth user ID, password KEY, and
                       SVC-APPKEY: ID. FLAGS is a comma list of audience_limit,
                       versioning, scope=view|create_manage|create_manage_publish
                       (default scope create_manage_publish). Repeatable.
                       Without it: SANDBOX:sandbox-key with every feature on.
  --no-rate-limits     turn the service's rate limits off
  --no-seed            do not put demo campaigns into empty workspaces
  --quiet              log only errors

Sandbox-only routes (same credentials): GET /sandbox/outbox lists the test
messages "sent" (?after=SEQ&limit=N); GET /sandbox/users lists the demo users
and segments that tests and previews can name.
Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight finish first.
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8787", "")
	data := fs.String("data", sandbox.DefaultDataDir(), "")
	noLimits := fs.Bool("no-rate-limits", false, "")
	noSeed := fs.Bool("no-seed", false, "")
	quiet := fs.Bool("quiet", false, "")
	var workspaces []sandbox.Workspace
	fs.Func("workspace", "", func(v string) error {
		w, err := sandbox.ParseWorkspace(v)
		if err != nil {
			return err
		}
		workspaces = append(workspaces, w)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stdout, serveUsage, sandbox.DefaultDataDir())
			return 0
		}
		fmt.Fprintf(stderr, "campaigns serve: %v\n\n", err)
		fmt.Fprintf(stderr, serveUsage, sandbox.DefaultDataDir())
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "campaigns serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelError
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	s, err := sandbox.Open(sandbox.Config{DataDir: *data, Workspaces: workspaces, NoRateLimits: *noLimits,
		Seed: !*noSeed, Logger: logger})
	if err != nil {
		fmt.Fprintf(stderr, "campaigns serve: %v\n", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		s.Close()
		fmt.Fprintf(stderr, "campaigns serve: %v\n", err)
		return 1
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	// Signals are caught before the address is printed: whoever waits for
	// that line may signal at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "campaigns sandbox on http://%s (data in %s)\n", ln.Addr(), *data)
	for _, w := range s.Workspaces() {
		fmt.Fprintf(stdout, "  workspace %s  key %s  (%s)\n", w.ID, w.Key, w)
	}
	if len(workspaces) == 0 {
		w := s.Workspaces()[0]
		fmt.Fprintf(stdout, "  try: curl -u %s:%s -H 'SVC-APPKEY: %s' -H \"Idempotency-Key: $(uuidgen)\" -H 'X-SVC-Request-Id: r1' \\\n", w.ID, w.Key, w.ID)
		fmt.Fprintf(stdout, "         -H 'Content-Type: application/json' -d '{\"limit\":15,\"page\":1}' http://%s/v5/campaigns/search\n", ln.Addr())
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	code := 0
	select {
	case err := <-serveErr:
		fmt.Fprintf(stderr, "campaigns serve: %v\n", err)
		code = 1
	case <-ctx.Done():
		stop() // a second Ctrl-C ends the process at once
		fmt.Fprintln(stderr, "campaigns serve: shutting down (requests in flight finish first)")
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := srv.Shutdown(sctx); err != nil {
			fmt.Fprintf(stderr, "campaigns serve: shutdown: %v\n", err)
			code = 1
		}
		cancel()
	}
	if err := s.Close(); err != nil {
		fmt.Fprintf(stderr, "campaigns serve: closing the database: %v\n", err)
		code = 1
	}
	return code
}

// --- campaigns validate ---------------------------------------------------

const validateUsage = `Usage: campaigns validate [--phase create|patch|publish] [--base STORED.json] [--state STATE] [--features LIST] FILE|-

Runs the validation engine on a campaign file ("-" reads standard input) and
prints {"valid": bool, "errors": [{"target": ..., "message": ...}]}.

  --phase     create, patch or publish (default publish): DRAFT_CREATE,
              DRAFT_PATCH or DRAFT_PUBLISH rules
  --base      a stored campaign: FILE is then a component-update body merged
              onto it, and the edit restrictions of --state apply; with
              --phase publish the merged campaign is also publish-checked
  --state     the stored campaign's state (default DRAFT); in STOPPED,
              ARCHIVED or SENT no edit is allowed and the refusal is reported
              as an error with the empty target ""
  --features  workspace features that are on, comma-separated:
              audience_limit, versioning (default none)

Exit status: 0 valid, 1 invalid, 2 unreadable input or bad usage.
`

type validateError struct {
	Target  string `json:"target"`
	Message string `json:"message"`
}

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	phaseName := fs.String("phase", "publish", "")
	base := fs.String("base", "", "")
	state := fs.String("state", model.StatusDraft, "")
	features := fs.String("features", "", "")
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "campaigns validate: "+format+"\n", a...)
		return 2
	}
	// Flags may come before or after FILE.
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, validateUsage)
				return 0
			}
			fmt.Fprintf(stderr, "campaigns validate: %v\n\n%s", err, validateUsage)
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) != 1 {
		fmt.Fprintf(stderr, "campaigns validate: give exactly one FILE (or - for standard input)\n\n%s", validateUsage)
		return 2
	}
	phase, ok := engine.ParsePhase(*phaseName)
	if !ok {
		return fail("unknown --phase %q: use create, patch or publish", *phaseName)
	}
	if !slices.Contains(model.Statuses, *state) {
		return fail("unknown --state %q: use one of %s", *state, strings.Join(model.Statuses, ", "))
	}
	feats, err := engine.ParseFeatures(*features)
	if err != nil {
		return fail("--features: %v", err)
	}
	if *base != "" && phase == engine.PhaseCreate {
		return fail("--phase create checks a create body and takes no --base")
	}
	opts := engine.Options{Features: feats}

	doc, err := readCampaign(files[0], stdin)
	if err != nil {
		return fail("%v", err)
	}
	var problems []engine.Problem
	var refusal *engine.Refusal
	if *base == "" {
		problems = engine.Validate(doc, phase, opts)
	} else {
		stored, err := readCampaign(*base, nil)
		if err != nil {
			return fail("--base %v", err)
		}
		res := engine.ValidatePatch(stored, doc, *state, opts)
		problems, refusal = res.Problems, res.Refusal
		if refusal == nil && phase == engine.PhasePublish {
			problems = appendNew(problems, engine.Validate(res.Merged, engine.PhasePublish, opts))
		}
	}
	out := struct {
		Valid  bool            `json:"valid"`
		Errors []validateError `json:"errors"`
	}{Errors: []validateError{}}
	if refusal != nil {
		out.Errors = append(out.Errors, validateError{Target: "", Message: refusal.Message})
	}
	for _, p := range problems {
		out.Errors = append(out.Errors, validateError{Target: p.Target, Message: p.Message})
	}
	out.Valid = len(out.Errors) == 0
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fail("%v", err)
	}
	if !out.Valid {
		return 1
	}
	return 0
}

// appendNew adds the problems of more that are not in have yet (same target
// and message), keeping the order.
func appendNew(have, more []engine.Problem) []engine.Problem {
	seen := make(map[[2]string]bool, len(have))
	for _, p := range have {
		seen[[2]string{p.Target, p.Message}] = true
	}
	for _, p := range more {
		if key := [2]string{p.Target, p.Message}; !seen[key] {
			seen[key] = true
			have = append(have, p)
		}
	}
	return have
}

// readCampaign reads and decodes a campaign file ("-" is stdin). Errors name
// the file and, for broken JSON, the line and column.
func readCampaign(name string, stdin io.Reader) (*model.Campaign, error) {
	var data []byte
	var err error
	label := name
	if name == "-" && stdin != nil {
		label = "standard input"
		data, err = io.ReadAll(stdin)
	} else {
		if fi, serr := os.Stat(name); serr == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s is a folder: give one campaign file (for f in %s/*.json; do campaigns validate \"$f\"; done)", name, strings.TrimRight(name, "/"))
		}
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", label, err)
	}
	tree, err := model.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	if _, ok := tree.(map[string]any); !ok {
		return nil, fmt.Errorf("%s: the document must be a JSON object (a campaign), not %s", label, kindOf(tree))
	}
	var c model.Campaign
	if err := model.FromTree(tree, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	return &c, nil
}

func kindOf(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "a number"
}

// --- campaigns ssh --------------------------------------------------------

const sshUsage = `Usage: campaigns ssh [flags]

Serves the editor to any SSH client: ssh -p 23234 HOST. Public-key
authentication only; password and keyboard-interactive are refused.

Flags:
  --addr HOST:PORT          where to listen (default 127.0.0.1:23234, loopback only)
  --host-key PATH           the server's host key, created once (0600) and kept
                            (default: ssh_host_ed25519_key in the data directory)
  --data DIR                the data directory: host key, embedded sandbox, journals
                            (default: $XDG_DATA_HOME/campaigns or ~/.local/share/campaigns)
  --authorized-keys PATH    OpenSSH authorized_keys file of who may connect;
                            re-read when it changes (default:
                            ~/.ssh/authorized_keys; not with --demo)
  --demo                    any key gets in; each session edits a fresh, seeded
                            workspace of its own that is deleted when it ends
  --max-sessions N          sessions at once; more are politely refused (default 20)
  --idle-timeout DURATION   close a session after this long without a key press
                            (default 30m; 0 turns it off)
  --max-session DURATION    close a session after this long in any case
                            (default 4h; 0 turns it off)
  --theme NAME              default, high-contrast or plain; a client that sends
                            NO_COLOR (ssh -o SendEnv=NO_COLOR) gets plain

Without --demo, sessions edit through one service as one workspace:
  (nothing)                 the embedded sandbox, kept in the data directory
  --base-url URL | --dc DC  a real service (DC: 01..06 or 101), with
  --workspace-id ID         and the API key in CAMPAIGNS_API_KEY
`

func runSSH(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("campaigns ssh", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", sshserver.DefaultAddr, "")
	hostKey := fs.String("host-key", "", "")
	dataFlag := fs.String("data", "", "")
	authKeys := fs.String("authorized-keys", "", "")
	demo := fs.Bool("demo", false, "")
	maxSessions := fs.Int("max-sessions", 20, "")
	idle := fs.Duration("idle-timeout", 30*time.Minute, "")
	maxSession := fs.Duration("max-session", 4*time.Hour, "")
	themeName := fs.String("theme", "default", "")
	baseURL := fs.String("base-url", "", "")
	dc := fs.String("dc", "", "")
	workspaceID := fs.String("workspace-id", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, sshUsage)
			return 0
		}
		fmt.Fprintf(stderr, "campaigns ssh: %v\n\n%s", err, sshUsage)
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "campaigns ssh: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	if *maxSessions < 1 {
		return usageErr("--max-sessions must be at least 1")
	}
	if *idle < 0 || *maxSession < 0 {
		return usageErr("--idle-timeout and --max-session cannot be negative")
	}
	// The server's own NO_COLOR is about its terminal, not the visitors':
	// each session follows the NO_COLOR its client sends.
	theme, ok := themes.ByName(*themeName)
	if !ok {
		return usageErr("unknown --theme %q (default, high-contrast or plain)", *themeName)
	}
	remote := *baseURL != "" || *dc != ""
	if *demo && (remote || *workspaceID != "") {
		return usageErr("--demo serves the embedded sandbox; it does not take --base-url, --dc or --workspace-id")
	}
	if *demo && *authKeys != "" {
		return usageErr("--demo lets any key in; leave out --authorized-keys (or leave out --demo)")
	}
	if !*demo && *authKeys == "" {
		// Like sshd, let in whoever may log in to this account already.
		home, _ := os.UserHomeDir()
		def := filepath.Join(home, ".ssh", "authorized_keys")
		if _, err := os.Stat(def); home == "" || err != nil {
			return usageErr("no --authorized-keys PATH given and %s does not exist; name an OpenSSH authorized_keys file, or use --demo to let any key in", def)
		}
		*authKeys = def
	}
	if *baseURL != "" && *dc != "" {
		return usageErr("give --base-url or --dc, not both")
	}
	if remote && (*workspaceID == "" || os.Getenv("CAMPAIGNS_API_KEY") == "") {
		return usageErr("a service named with --base-url or --dc needs --workspace-id and the API key in CAMPAIGNS_API_KEY")
	}

	// A quoted ~ is not expanded by the shell; people still mean their home.
	for _, p := range []*string{hostKey, authKeys, dataFlag} {
		if rest, ok := strings.CutPrefix(*p, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				*p = filepath.Join(home, rest)
			}
		}
	}
	dataDir := *dataFlag
	if dataDir == "" {
		dataDir = filepath.Dir(sandbox.DefaultDataDir()) // the editor's data directory
	}
	if *hostKey == "" {
		*hostKey = filepath.Join(dataDir, sshserver.HostKeyName)
	}
	logger := log.NewWithOptions(stderr, log.Options{ReportTimestamp: true, Prefix: "campaigns ssh"})

	base := ui.Config{Theme: theme}
	var open sshserver.WorkspaceFunc
	switch {
	case remote:
		client, err := api.New(api.Config{BaseURL: *baseURL, DC: *dc, WorkspaceID: *workspaceID, APIKey: os.Getenv("CAMPAIGNS_API_KEY")})
		if err != nil {
			return usageErr("%v", err)
		}
		base.Service = client.BaseURL()
		open = sshserver.SharedWorkspace(client, dataDir)
	default:
		svc, err := sshSandbox(*demo, dataDir, logger)
		if err != nil {
			fmt.Fprintf(stderr, "campaigns ssh: embedded sandbox: %v\n", err)
			return 1
		}
		defer svc.stop()
		base.Service = "embedded sandbox"
		open = svc.open
	}

	srv, err := sshserver.New(sshserver.Config{
		Addr:               *addr,
		HostKeyPath:        *hostKey,
		AuthorizedKeysPath: *authKeys,
		Demo:               *demo,
		MaxSessions:        *maxSessions,
		IdleTimeout:        *idle,
		MaxSession:         *maxSession,
		App:                sshserver.EditorApp(base, open, wireEditor),
		Logger:             logger,
	})
	if err != nil {
		fmt.Fprintf(stderr, "campaigns ssh: %v\n", err)
		return 1
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "campaigns ssh: %v\n", err)
		return 1
	}
	mode := "sessions edit " + base.Service
	if *demo {
		mode = "demo: every session gets a fresh workspace of its own"
	}
	logger.Info("listening", "addr", l.Addr().String(), "host-key", gossh.FingerprintSHA256(srv.HostKey()), "mode", mode)
	host, port, _ := net.SplitHostPort(l.Addr().String())
	fmt.Fprintf(stdout, "campaigns ssh: connect with  ssh -p %s %s\n", port, host)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "campaigns ssh: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	stop() // a second ctrl+c kills at once
	logger.Info("shutting down: telling sessions", "sessions", srv.Sessions())
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		logger.Warn("sessions closed forcibly", "error", err)
	}
	<-served
	logger.Info("stopped")
	return 0
}

// sshService is the embedded sandbox as the SSH server uses it.
type sshService struct {
	open sshserver.WorkspaceFunc
	stop func()
}

// sshSandbox starts the embedded sandbox: in demo mode in memory, with a
// workspace per session; otherwise in the data directory (the same sandbox
// the local editor opens), every session editing its SANDBOX workspace.
func sshSandbox(demo bool, dataDir string, logger *log.Logger) (*sshService, error) {
	cfg := sandbox.Config{Seed: true} // in memory for demos
	if !demo {
		cfg.DataDir = filepath.Join(dataDir, "sandbox") // the editor's own, by default
	}
	baseURL, sb, stop, err := sandbox.StartLocal(cfg)
	if err != nil {
		return nil, err
	}
	svc := &sshService{stop: func() {
		if err := stop(); err != nil {
			logger.Warn("embedded sandbox did not stop cleanly", "error", err)
		}
	}}
	if !demo {
		w := sandbox.DefaultWorkspace()
		client, err := api.New(api.Config{BaseURL: baseURL, WorkspaceID: w.ID, APIKey: w.Key})
		if err != nil {
			svc.stop()
			return nil, err
		}
		svc.open = sshserver.SharedWorkspace(client, dataDir)
		return svc, nil
	}
	// Demo sessions never share a workspace, not even the default one.
	if err := sb.RemoveWorkspace(sandbox.DefaultWorkspaceID); err != nil {
		svc.stop()
		return nil, err
	}
	svc.open = sshserver.DemoWorkspaces(sshserver.DemoHost{
		BaseURL: baseURL,
		Add: func(id, key string) error {
			w := sandbox.DefaultWorkspace()
			w.ID, w.Key = id, key
			return sb.AddWorkspace(w, true)
		},
		Remove: sb.RemoveWorkspace,
	})
	return svc, nil
}
