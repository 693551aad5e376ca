// Package sandbox is a local implementation of the Campaigns V5 service: the
// same routes, headers, envelopes, limits and lifecycle as the real one, on an
// embedded SQLite database, or on PostgreSQL shared by several instances (a
// team sandbox, store_pg.go). `campaigns serve` runs it over HTTP; the editor
// starts it in-process (StartLocal) when no real service is named.
//
// Layout: routes.go builds the handler (per route: auth → body → request id
// → rate limit → idempotency → handler, inside panic recovery),
// one file per middleware (mw_*.go), thin handlers (handlers_*.go) that call
// the engine and the Store, every SQL statement in the store_*.go files.
//
// Where neither the spec, the service reference nor decisions.md says, the
// sandbox does this:
//   - 405 uses code BAD_REQUEST and an Allow header; 413 (body over 1 MiB)
//     uses VALIDATION_FAILED with target "body"; a body that is not JSON is
//     400 with target "body" and the line and column.
//   - A non-JSON Content-Type on a body is 400 with target Content-Type; no
//     Content-Type at all is accepted.
//   - Idempotency: an answer is stored in the database, in the transaction
//     of the write it answers, before it is sent (a kill -9 right after an
//     answer never makes a retry run again); nothing of it stays in memory.
//     5xx and 429 answers are not stored (a retry with the same key runs
//     again); a replay carries "Idempotent-Replayed: true" and the original
//     Location and ETag; a key whose first request is still running gets
//     409. Keys live 24 hours. Stored bodies count against a per-workspace
//     quota (Config.IdempotencyQuotaBytes, default 256 MiB): past it bodies
//     are dropped (logged at Warn), the oldest first, refusals before
//     successes, so that a flood of refused requests costs only refusals;
//     a replay of such a key
//     answers its original status with a short body saying the answer is no
//     longer kept (an error envelope for 4xx). The V1 publish PATCH needs a
//     key too (every POST and PATCH but /validate).
//   - Bodies: a request is authenticated before its body is read; a body
//     must arrive within Config.BodyReadTimeout (30 s; 408 BAD_REQUEST,
//     target "body", after it); at most Config.MaxBodyReads (64) bodies are
//     read at once, the others wait for a slot within the same deadline.
//   - Extension, ETag and If-Match: GET of a campaign answers an ETag (strong,
//     quoted, one per revision of the newest version: any accepted PATCH,
//     status change or publish gives a new one), and so does the component
//     PATCH's 200 (so that a client can chain). The component PATCH honours
//     If-Match: no listed tag matching (and no "*") is 412 BAD_REQUEST,
//     target If-Match, "the campaign changed since you read it"; clients
//     that never send If-Match notice nothing. Create answers the new
//     campaign's ETag too.
//   - The read form (decisions.md §2, readonly_fields.go): GET and search
//     records past DRAFT carry scheduling_details as the real service
//     resolves it (SCHEDULED or PERIODIC, schedule_time, time_zone,
//     frequency; no start_time, no timezone); drafts keep the request form.
//     Create and PATCH drop read-form fields sent back: an echoed
//     schedule_time or time_zone stands for the stored value; a changed one
//     is 400 (it cannot move a schedule). A known field sent as null is
//     absent: never stored, never echoed.
//   - Lenient (Config.Lenient, mw_lenient.go): no SVC-APPKEY and no request
//     id are accepted, each logged once per client.
//   - Rate-limit classes are per route; preview has the reference's
//     10,000/min. X-RateLimit-* describe the window closest to its limit.
//   - updated_by, when an update does not name one, and on every status
//     action and publish, is the credential (CredentialIdentity).
//   - A one-time campaign is SENDING for SendDuration, then SENT; seeded
//     SENDING demos stay SENDING so that the demo keeps every state.
//   - Versioning: the superseded version keeps its state as a record of what
//     was live; status actions and the scheduler act on the newest version.
//   - Meta returns newest versions only; it has no archive flag, so archived
//     campaigns show when no status is given or ARCHIVED is listed; an id
//     alone finds the campaign whatever its status, drafts included.
//     created_by filters (search and meta) must be email addresses.
//   - Bounds (issue 26): at most MaxDetails details per error (then "and N
//     more problems"), every route rate-limited, numbers beyond float64
//     refused, Go's own refusals in the envelope (Listener), unclean paths
//     a 400, a full disk 503, a damaged database or WAL refused at start.
//   - Test sends go to the outbox (GET /sandbox/outbox); a payload is SENT
//     when every recipient got it. GET /sandbox/users lists the demo users.
package sandbox

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/engine"
)

// Scopes of an API key, weakest first (decisions.md §2 "X-SVC-Scopes").
const (
	ScopeView                = "view"
	ScopeCreateManage        = "create_manage"
	ScopeCreateManagePublish = "create_manage_publish"
)

var scopeRank = map[string]int{ScopeView: 1, ScopeCreateManage: 2, ScopeCreateManagePublish: 3}

// Workspace is one tenant of the sandbox: its id (the Basic-auth username and
// SVC-APPKEY), its API key, its features and the key's scope.
type Workspace struct {
	ID, Key  string
	Features engine.Features
	Scope    string
}

// Default workspace when none is configured (decisions.md §5).
const (
	DefaultWorkspaceID  = "SANDBOX"
	DefaultWorkspaceKey = "sandbox-key"
)

// DefaultWorkspace is SANDBOX / sandbox-key with every feature on.
func DefaultWorkspace() Workspace {
	return Workspace{ID: DefaultWorkspaceID, Key: DefaultWorkspaceKey,
		Features: engine.Features{AudienceLimit: true, Versioning: true}, Scope: ScopeCreateManagePublish}
}

// ParseWorkspace reads a --workspace value, "ID:KEY[:FLAGS]" with FLAGS a
// comma list of audience_limit, versioning and scope=view|create_manage|
// create_manage_publish.
func ParseWorkspace(flag string) (Workspace, error) {
	parts := strings.SplitN(flag, ":", 3)
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return Workspace{}, fmt.Errorf("workspace %q: want ID:KEY[:FLAGS]", flag)
	}
	w := Workspace{ID: parts[0], Key: parts[1], Scope: ScopeCreateManagePublish}
	// The id travels in the SVC-APPKEY header, which cannot carry these.
	if strings.ContainsFunc(w.ID, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return Workspace{}, fmt.Errorf("workspace %q: the id may not contain spaces or control characters", flag)
	}
	if len(parts) == 3 && parts[2] != "" {
		for f := range strings.SplitSeq(parts[2], ",") {
			f = strings.TrimSpace(f)
			switch {
			case f == "audience_limit":
				w.Features.AudienceLimit = true
			case f == "versioning":
				w.Features.Versioning = true
			case strings.HasPrefix(f, "scope="):
				s := strings.TrimPrefix(f, "scope=")
				if scopeRank[s] == 0 {
					return Workspace{}, fmt.Errorf("workspace %q: scope %q: want view, create_manage or create_manage_publish", flag, s)
				}
				w.Scope = s
			case f == "":
			default:
				return Workspace{}, fmt.Errorf("workspace %q: unknown flag %q: want audience_limit, versioning or scope=…", flag, f)
			}
		}
	}
	return w, nil
}

// String is the --workspace form of w.
func (w Workspace) String() string {
	var flags []string
	if w.Features.AudienceLimit {
		flags = append(flags, "audience_limit")
	}
	if w.Features.Versioning {
		flags = append(flags, "versioning")
	}
	flags = append(flags, "scope="+w.Scope)
	return w.ID + ":" + w.Key + ":" + strings.Join(flags, ",")
}

// Config configures a sandbox.
type Config struct {
	DataDir string // "" = in-memory database (gone on Close)
	// DB names a PostgreSQL database (postgres://…) that several instances
	// share (a team sandbox); "" = SQLite in DataDir.
	DB string
	// DBTimeout bounds each PostgreSQL call; 0 = DefaultDBTimeout.
	DBTimeout time.Duration
	// Instance names this process in the logs of a team sandbox; "" =
	// host-pid-random.
	Instance     string
	Workspaces   []Workspace      // none = the default SANDBOX workspace
	Now          func() time.Time // injectable clock; nil = time.Now (and a background scheduler)
	NoRateLimits bool             // for benchmarks
	Seed         bool             // seed demo content into empty workspaces
	// SeedCampaigns tops every workspace up to this many campaigns of bulk
	// demo content (seed_bulk.go); 0: none.
	SeedCampaigns int
	Logger        *slog.Logger // nil = discard

	// BodyReadTimeout bounds the reading of one request body (408 after
	// it); 0 = DefaultBodyReadTimeout (30 s).
	BodyReadTimeout time.Duration
	// MaxBodyReads caps the bodies being read at once; 0 =
	// DefaultMaxBodyReads.
	MaxBodyReads int
	// IdempotencyQuotaBytes caps, per workspace, the bytes of stored
	// idempotent answer bodies; past it the oldest are dropped. 0 =
	// DefaultIdempotencyQuota (256 MiB).
	IdempotencyQuotaBytes int64
	// Lenient accepts what the reference accepts and the spec requires
	// (mw_lenient.go): no SVC-APPKEY, no request id. Off by default.
	Lenient bool
	// DistrustScopesHeader makes X-SVC-Scopes only able to lower the API
	// key's own scope. By default the header is trusted, as the real
	// service trusts its gateway to set it; the sandbox has no gateway.
	DistrustScopesHeader bool
}

// DefaultDataDir is where `campaigns serve` and the editor keep the sandbox
// by default: $XDG_DATA_HOME/campaigns/sandbox, else the platform's user data
// directory (~/.local/share on Linux, ~/Library/Application Support on macOS,
// %AppData% on Windows).
func DefaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "campaigns", "sandbox")
	}
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" || runtime.GOOS == "openbsd" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "campaigns", "sandbox")
		}
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "campaigns", "sandbox")
	}
	return filepath.Join(os.TempDir(), "campaigns-sandbox")
}

// Server is a running sandbox (without a listener: see Handler).
type Server struct {
	cfg      Config
	where    string // the database, for people: "data in DIR" or "database HOST:PORT/DB (user U), instance ID"
	now      func() time.Time
	log      *slog.Logger
	leniency leniency
	store    Store
	limits   rateLimits
	idem     *idemState
	reach    *reachCache
	cache    *writeCache
	users    func() *audience.Directory // the demo users, built on first use

	mu         sync.RWMutex
	workspaces map[string]Workspace

	locks [256]sync.Mutex // per-campaign write locks, by hash
	seed  maphash.Seed

	bodySlots   chan struct{} // one per body being read
	bodyWaiting atomic.Int32  // requests waiting for a slot

	handler   http.Handler
	tickMu    sync.Mutex // one Tick at a time
	lastPrune time.Time  // under tickMu
	// lastRefresh is when Tick last reloaded what other instances change.
	lastRefresh time.Time
	stopBg      chan struct{}
	bgDone      chan struct{}
	closeMu     sync.Once
}

// Open opens (or creates) the sandbox's database and makes it ready to serve.
func Open(cfg Config) (*Server, error) {
	if len(cfg.Workspaces) == 0 {
		cfg.Workspaces = []Workspace{DefaultWorkspace()}
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler) // Enabled is false: no line is even formatted
	}
	st, limits, err := openStore(cfg)
	if err != nil {
		return nil, err
	}
	anchor, where := now(), "data in "+cfg.DataDir
	if ps, ok := st.(*pgStore); ok {
		instance := cmp.Or(cfg.Instance, newInstanceID())
		log = log.With("instance", instance)
		where = "database " + ps.where + ", instance " + instance
		if anchor, err = ps.usersAnchor(anchor); err != nil {
			st.Close()
			return nil, err
		}
	}
	s := &Server{
		cfg: cfg, now: func() time.Time { return now().UTC() }, log: log, store: st, where: where,
		limits: limits, idem: newIdemState(), reach: newReachCache(), cache: newWriteCache(cfg.DB == ""), users: demoUsers(anchor),
		workspaces: map[string]Workspace{}, seed: maphash.MakeSeed(),
		stopBg: make(chan struct{}), bgDone: make(chan struct{}),
	}
	slots := cfg.MaxBodyReads
	if slots <= 0 {
		slots = DefaultMaxBodyReads
	}
	s.bodySlots = make(chan struct{}, slots)
	if err := s.loadIdemUsage(); err != nil {
		st.Close()
		return nil, fmt.Errorf("sandbox: idempotency keys: %w", err)
	}
	for _, w := range cfg.Workspaces {
		if err := s.AddWorkspace(w, cfg.Seed); err != nil {
			st.Close()
			return nil, err
		}
		if cfg.SeedCampaigns > 0 {
			if err := s.SeedCampaigns(w.ID, cfg.SeedCampaigns); err != nil {
				st.Close()
				return nil, fmt.Errorf("sandbox: seeding %d campaigns: %w", cfg.SeedCampaigns, err)
			}
		}
	}
	s.handler = s.routes()
	if cfg.Now == nil {
		go s.background()
	} else {
		close(s.bgDone)
	}
	return s, nil
}

// demoUsers builds the demo users at anchor when first asked for: most
// sandboxes a test opens never read them, and building them was a fifth of
// a sandbox's start.
func demoUsers(anchor time.Time) func() *audience.Directory {
	return sync.OnceValue(func() *audience.Directory { return audience.Demo(anchor) })
}

// Where says where the data lives (without any password), and on a team
// sandbox which instance this is.
func (s *Server) Where() string { return s.where }

// Handler is the service's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops the scheduler and closes the database; queued writes finish.
func (s *Server) Close() error {
	var err error
	s.closeMu.Do(func() {
		close(s.stopBg)
		<-s.bgDone
		err = s.store.Close()
	})
	return err
}

// AddWorkspace adds (or replaces) a workspace; with seed, an empty workspace
// that was never seeded gets the demo campaigns.
func (s *Server) AddWorkspace(w Workspace, seed bool) error {
	if w.ID == "" || w.Key == "" {
		return errors.New("sandbox: a workspace needs an id and a key")
	}
	if w.Scope == "" {
		w.Scope = ScopeCreateManagePublish
	}
	if scopeRank[w.Scope] == 0 {
		return fmt.Errorf("sandbox: workspace %s: unknown scope %q", w.ID, w.Scope)
	}
	s.mu.Lock()
	s.workspaces[w.ID] = w
	s.mu.Unlock()
	if seed {
		return s.seedWorkspace(w)
	}
	return nil
}

// RemoveWorkspace forgets a workspace and drops all of its data.
func (s *Server) RemoveWorkspace(id string) error {
	s.mu.Lock()
	delete(s.workspaces, id)
	s.mu.Unlock()
	s.limits.forget(id)
	s.idem.mu.Lock()
	delete(s.idem.used, id)
	s.idem.mu.Unlock()
	s.reach.drop(id)
	s.cache.dropWorkspace(id)
	return s.store.Update(context.Background(), func(tx Tx) error { return tx.DropWorkspace(id) })
}

func (s *Server) workspace(id string) (Workspace, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	w, ok := s.workspaces[id]
	return w, ok
}

// Workspaces lists the configured workspaces by id.
func (s *Server) Workspaces() []Workspace {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]Workspace, 0, len(s.workspaces))
	for _, w := range s.workspaces {
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b Workspace) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// lockCampaign serialises writes to one campaign, so that concurrent PATCHes
// each merge onto the previous one's result.
func (s *Server) lockCampaign(workspace, campaignID string) func() {
	var h maphash.Hash
	h.SetSeed(s.seed)
	h.WriteString(workspace)
	h.WriteByte(0)
	h.WriteString(campaignID)
	m := &s.locks[h.Sum64()%uint64(len(s.locks))]
	m.Lock()
	return m.Unlock
}

// background runs the scheduler every second on the real clock.
func (s *Server) background() {
	defer close(s.bgDone)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.stopBg:
			return
		case <-t.C:
			s.Tick()
		}
	}
}

// freshConns are a server's connections that have sent no request yet.
type freshConns struct {
	mu sync.Mutex
	m  map[net.Conn]bool
}

func (f *freshConns) track(c net.Conn, st http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if st != http.StateNew {
		delete(f.m, c)
		return
	}
	if f.m == nil {
		f.m = map[net.Conn]bool{}
	}
	f.m[c] = true
}

func (f *freshConns) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.m {
		_ = c.Close()
	}
}

// StartLocal serves on a free loopback port for in-process use: the editor's
// embedded default. stop shuts the listener down gracefully and closes s.
func StartLocal(cfg Config) (baseURL string, s *Server, stop func() error, err error) {
	s, err = Open(cfg)
	if err != nil {
		return "", nil, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.Close()
		return "", nil, nil, err
	}
	srv := NewHTTPServer(s.Handler(), nil)
	// Shutdown waits up to 5 s for a connection that has sent no request
	// (net/http counts a new one as busy that long), and a client that
	// dialed for a request it then gave up (the editor quit while asking for
	// a preview) leaves one. Once the listener is closed such connections
	// are closed too: they hold nothing to finish.
	var fresh freshConns
	srv.ConnState = fresh.track
	srv.RegisterOnShutdown(fresh.closeAll)
	go func() { _ = srv.Serve(Listener(ln)) }()
	stop = func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := srv.Shutdown(ctx)
		if e := s.Close(); err == nil {
			err = e
		}
		return err
	}
	return "http://" + ln.Addr().String(), s, stop, nil
}
