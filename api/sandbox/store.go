package sandbox

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/campaigns-cli/campaigns/api"

	"github.com/campaigns-cli/campaigns/model"
)

// ErrNotFound is returned when a workspace has no such campaign.
var ErrNotFound = errors.New("sandbox: not found")

// Record is one campaign document (one version) with the columns the
// service filters on. Doc is the whole campaign as JSON, server fields
// included; the columns are copies of what is inside it.
type Record struct {
	Workspace    string
	ID           string // this version's document id
	CampaignID   string // shared by every version
	Version      int64
	Latest       bool // the newest version of its campaign
	Status       string
	Channel      string
	DeliveryType string
	Name         string // written, not read back (see the document)
	CreatedBy    string
	Tags         []string // written, not read back
	ParentID     string
	FlowID       string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// NextAt is when the scheduler next moves this campaign on; zero = never.
	NextAt time.Time
	Doc    []byte
	// Rev counts the updates of this document (read only: Put bumps it).
	Rev int64

	// campaign is Doc decoded, when the record was built from it (recordOf);
	// the write cache keeps it so that the next edit need not decode Doc.
	campaign *model.Campaign
}

// Query is a search: every non-empty field narrows the result.
type Query struct {
	Workspace     string
	IDs           []string // matches id or campaign_id
	Channels      []string
	DeliveryTypes []string
	CreatedBy     []string
	Statuses      []string // empty = every status the Include flags allow
	Tags          []string // any of them
	Name          string   // case-insensitive partial match
	From, To      time.Time
	Version       *int64

	IncludeDrafts   bool // drafts only when DRAFT is asked for
	IncludeArchived bool
	IncludeChildren bool // periodic children and flow nodes
	LatestOnly      bool

	Limit, Offset int
}

// Idem is a stored response for an Idempotency-Key.
type Idem struct {
	Scope     string // workspace + method + path + key
	Workspace string
	BodyHash  string
	Status    int
	Header    string // "Name: value" lines replayed with the answer (Location, ETag)
	Body      []byte
	Dropped   bool // the body was dropped for the workspace's quota
	Created   time.Time
}

// errIdemTaken says that another request stored an answer for the same
// Idempotency-Key first (another process on the same data directory).
var errIdemTaken = errors.New("sandbox: idempotency key answered meanwhile")

// OutboxMessage is one rendered test message to one recipient.
type OutboxMessage struct {
	Seq        int64     `json:"seq"`
	Workspace  string    `json:"-"`
	At         time.Time `json:"at"`
	Key        string    `json:"key"` // ANDROID_default_variation_1 …
	Channel    string    `json:"channel"`
	Platform   string    `json:"platform,omitempty"`
	Locale     string    `json:"locale"`
	Variation  string    `json:"variation"`
	Identifier string    `json:"identifier"`       // the identifier type
	Value      string    `json:"identifier_value"` // as the test named it
	UserID     string    `json:"user_id,omitempty"`
	Address    string    `json:"address,omitempty"` // push token or email address
	Status     string    `json:"status"`
	Reason     string    `json:"failure_reason,omitempty"`
	DraftID    string    `json:"draft_id,omitempty"`
	Message    any       `json:"message,omitempty"` // the rendered payload
}

// Store keeps campaigns. Writes go through Update, whose function runs in one
// transaction that is durable when Update returns; the SQLite store commits
// many concurrent Updates together (group commit), the PostgreSQL store
// commits each on its own (store_pg.go). Both pass the same conformance
// suite (store_conformance_test.go).
type Store interface {
	Update(ctx context.Context, fn func(Tx) error) error
	// Queue queues a write like Update and returns at once; wait returns
	// its result once it is durable. Writes run in the order queued.
	Queue(fn func(Tx) error) (wait func() error, err error)
	// Expect says a write is being worked out and will be queued soon;
	// done says it is queued (or will not be). The store may hold a
	// commit briefly for expected writes, so that they share it.
	Expect() (done func())
	// UpdateLater queues a write without waiting for it (housekeeping that
	// may be lost: pruning, trimming the idempotency quota).
	UpdateLater(fn func(Tx) error)
	// Latest is the newest version of a campaign, by campaign_id or by any
	// of its versions' ids.
	Latest(ctx context.Context, workspace, campaignID string) (*Record, error)
	Search(ctx context.Context, q Query) ([]*Record, error)
	// Due lists the newest versions whose NextAt has come.
	Due(ctx context.Context, now time.Time) ([]*Record, error)
	Count(ctx context.Context, workspace string) (int, error)
	ChildCounts(ctx context.Context, workspace string, parentIDs []string) (map[string]int64, error)
	Outbox(ctx context.Context, workspace string, after int64, limit int) ([]OutboxMessage, error)
	// Idem is the stored answer for a key scope, nil when there is none.
	Idem(ctx context.Context, scope string) (*Idem, error)
	// Idempotent lists the stored answers since a time (tests, tools).
	Idempotent(ctx context.Context, since time.Time) ([]Idem, error)
	// IdemUsage is the bytes of kept answer bodies per workspace.
	IdemUsage(ctx context.Context) (map[string]int64, error)
	// Ready says whether the database answers and its schema is the one
	// this build expects (GET /readyz).
	Ready(ctx context.Context) error
	Close() error
}

// Tx is what an Update can do.
type Tx interface {
	Latest(workspace, campaignID string) (*Record, error)
	// Put inserts or replaces a document (by workspace and id).
	Put(r *Record) error
	// Replace writes out over was (the newest version as read) only if was
	// is still the newest version at the same revision, else errStale.
	Replace(was, out *Record) error
	// CreateRequestUntil is when a create request_id becomes reusable (zero
	// when it already is).
	CreateRequestUntil(workspace, requestID string) (time.Time, error)
	RememberCreateRequest(workspace, requestID string, until time.Time) error
	// PutIdem stores an answer (its status and headers only when
	// i.Dropped: an answer over MaxStoredAnswer); errIdemTaken when the scope already has
	// one younger than expiredBefore.
	PutIdem(i Idem, expiredBefore time.Time) error
	// DropIdemBodies drops kept bodies of a workspace until at most quota
	// bytes are kept: the oldest first, refusals (status 400 and up)
	// before successes; it returns how many and the bytes kept.
	DropIdemBodies(workspace string, quota int64) (dropped int, kept int64, err error)
	PruneIdem(before time.Time) error
	AddOutbox(m OutboxMessage) error
	Seeded(workspace string) (bool, error)
	MarkSeeded(workspace string) error
	DropWorkspace(workspace string) error
}

// unavailableError says the database cannot be reached right now (a
// PostgreSQL server restarting, a network cut, a deadline passed): the
// request is answered 503 with Retry-After, never 500, and may be retried
// with the same Idempotency-Key.
type unavailableError struct{ err error }

func (e *unavailableError) Error() string { return "sandbox: database unavailable: " + e.err.Error() }
func (e *unavailableError) Unwrap() error { return e.err }

// unavailableRetry is the Retry-After of a 503 for an unreachable database:
// about what a PostgreSQL restart takes.
// gate lets a store's writes start until it closes: a write holds mu for
// reading while it starts (and checks closed), Close holds it for writing,
// so that no write starts after Close.
type gate struct {
	mu     sync.RWMutex
	closed atomic.Bool
}

// shut closes the gate; false when it was closed already.
func (g *gate) shut() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.closed.Swap(true)
}

const unavailableRetry = 2 * time.Second

// errUnavailable is the answer while the database cannot be reached: 503,
// the code of a server failure (the spec has no other), and when to retry.
func errUnavailable() *apiError {
	secs := ceilSeconds(unavailableRetry)
	e := &apiError{status: http.StatusServiceUnavailable, code: api.CodeInternalError, header: http.Header{},
		message: "The sandbox's database cannot be reached right now. Retry after " + model.Count(secs, "second") + "; a retry with the same Idempotency-Key is safe."}
	e.header.Set(api.HeaderRetryAfter, strconv.Itoa(secs))
	return e
}
