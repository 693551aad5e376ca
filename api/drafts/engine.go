// Package drafts owns the editor's campaigns while they are edited: the one
// working copy of each draft, its on-disk journal, and the sync with the
// service, so that nothing typed is ever lost.
//
// For each loaded campaign the Engine holds the base (the last copy the
// service confirmed) and the working copy (base plus local edits). There is
// no other copy: the editor reads the working copy through a Draft, under
// the Draft's lock, and changes it only with Draft.Edit.
//
// An Edit changes the working copy in memory and returns at once; a
// committer appends the edits of the last GroupWindow to the journal with
// one fsync (group commit). An edit is thus on disk within
// DurabilityWindow of the key press: a crash or a kill -9 loses at most
// the edits of that window, and Load replays the journal. Commit waits for
// everything edited so far to be on disk (an editor's quit, a test).
//
// After a pause in typing (Options.Debounce), or at once on Flush, the
// engine sends the top-level components (units) that differ from the base,
// each whole, in one component PATCH, and only those that pass DRAFT_PATCH
// locally. Right before sending it re-reads the campaign: a unit the
// service changed since the base is never overwritten but reported as a
// Conflict, for the user to Resolve. When the service answers with an
// ETag, the PATCH carries If-Match, so a write landing between that read
// and the PATCH is refused (412) and shown as a conflict too; a service
// without ETags leaves that window (one round trip) open. When the service
// cannot be reached, edits keep working and the engine retries in the
// background. Sends never exceed the spec's update rate limit.
//
// One Engine per directory: it is safe for concurrent use (the SSH server's
// sessions can share one, each with its own Subscribe feed). Open locks the
// directory (flock on Unix), so a second process gets ErrDirInUse instead of
// rewriting the same journals.
package drafts

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Options tune an Engine; the zero value is usable.
type Options struct {
	// Debounce is the pause in editing after which changes are sent
	// (default 800 ms).
	Debounce time.Duration
	// Clock drives every timer (default the wall clock).
	Clock Clock
	// Validation is the workspace's features for the local DRAFT_PATCH check;
	// nil turns every feature on, so that only the service refuses what the
	// workspace lacks.
	Validation *engine.Options
	// UpdatedBy is sent as updated_by on every PATCH when set (the person
	// editing); otherwise none is, and the service names the credential.
	// The draft's created_by is never sent in its place: the author of a
	// draft is not the person editing it now.
	UpdatedBy string
	// RetryMin and RetryMax bound the background retry backoff (default 1 s
	// and 1 min).
	RetryMin, RetryMax time.Duration
	// Limits are the client-side rolling rate limits on PATCH (default
	// ops.UpdateLimits, in the one pacer of the *api.Client, shared with
	// every engine and command using it, since the service counts per
	// credential).
	Limits []ops.Window
	// ReadOnly sends nothing at all (a read-only profile): edits a journal
	// holds from an earlier session stay in it, unsent (ErrReadOnly).
	ReadOnly bool
	// GroupWindow is how long the committer gathers edits before one fsync
	// (default DefaultGroupWindow).
	GroupWindow time.Duration
}

// Engine syncs campaigns. Create it with Open; Close it when done.
type Engine struct {
	dir    string
	client *api.Client
	opts   Options
	clock  Clock
	lim    *ops.Pacer
	vopts  engine.Options
	// validate is engine.ValidatePatch; tests swap in rules of their own.
	validate func(stored, patch *model.Campaign, state string, opts engine.Options) engine.PatchResult

	unlock func() // releases the directory lock
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed atomic.Bool
	cm     committer

	mu    sync.Mutex // guards camps
	camps map[string]*campaign

	recovered recoveries // damaged journals found, until reported

	subMu sync.Mutex
	main  *feed
	subs  map[*feed]bool
}

type rejection struct {
	value    []byte // the unit as the service refused it
	problems []engine.Problem
}

// campaign is one loaded draft. Its lock (mu) guards every field below it;
// the journal's I/O is serialised by jmu, always taken before mu, so the
// editor (which holds mu while it reads) never waits for a disk.
type campaign struct {
	id      string
	flushMu sync.Mutex // one flush at a time
	jmu     sync.Mutex // one journal write at a time, in the order built
	mu      sync.Mutex

	// working is the one copy of the draft: its address never changes and
	// it is changed in place, only under mu. base is never changed in place
	// (each change builds a new struct), and no unit value is shared
	// between the two.
	base, working *model.Campaign
	gen           uint64            // bumped on every change of working
	wjson         map[string][]byte // unit JSON of working, valid for wgen
	wgen          uint64
	bjson         map[string][]byte // unit JSON of base, valid for bfor
	bfor          *model.Campaign

	j         *journal
	journaled map[string][]byte // units as the journal holds them; nil: no file
	needSnap  bool              // base changed: the journal needs a new snapshot
	jerr      error             // the last journal failure, until a write works

	sent         sentUnits // values sent whose answer never came
	etag         string    // the service's version of the copy last read
	invalid      map[string]rejection
	rejected     map[string]rejection
	conflicts    map[string]*conflict
	offlineSince time.Time
	limitedUntil time.Time
	lastSynced   time.Time
	err          error
	debounce     Timer
	// mode is how the flush under way was asked for (under flushMu and mu).
	mode    sendMode
	retry   Timer
	retries int
	running bool
	again   bool
	last    string // signature of the last Status published
}

type conflict struct {
	Conflict
	remote *model.Campaign // the service's copy the conflict was seen in
}

// Open starts an engine keeping its journals in dir (created if needed).
func Open(dir string, client *api.Client, opts Options) (*Engine, error) {
	if client == nil {
		return nil, errors.New("sync: a client is needed")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("sync: journal directory: %w", err)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 800 * time.Millisecond
	}
	if opts.Clock == nil {
		opts.Clock = RealClock{}
	}
	if opts.RetryMin <= 0 {
		opts.RetryMin = time.Second
	}
	if opts.RetryMax <= 0 {
		opts.RetryMax = time.Minute
	}
	if opts.GroupWindow <= 0 {
		opts.GroupWindow = DefaultGroupWindow
	}
	var lim *ops.Pacer
	var releaseLim func()
	if opts.Limits == nil {
		lim, releaseLim = ops.SharedPacer(client)
	} else {
		lim, releaseLim = ops.NewPacer(nil), func() {}
		lim.Limits = map[ops.Class][]ops.Window{ops.ClassUpdate: opts.Limits}
	}
	vopts := engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}}
	if opts.Validation != nil {
		vopts = *opts.Validation
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := &Engine{
		dir: dir, client: client, opts: opts, clock: opts.Clock, lim: lim, vopts: vopts,
		validate: engine.ValidatePatch, unlock: func() { unlock(); releaseLim() },
		ctx: ctx, cancel: cancel, camps: map[string]*campaign{},
		main: newFeed(""), subs: map[*feed]bool{},
	}
	e.cm.start(e)
	return e, nil
}

// Journaled lists the campaigns with a journal in the directory: local
// changes that may not have reached the service (after a crash, say).
func (e *Engine) Journaled() ([]string, error) {
	ents, err := os.ReadDir(e.dir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, ent := range ents {
		if id, ok := idOfJournal(ent.Name()); ok && ent.Type().IsRegular() {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Load reads campaign id and returns a copy of its working copy that the
// caller owns (LoadDraft gives the editor the working copy itself). A
// journal left by an earlier run is replayed (its unsynced edits come back,
// still unsynced, and are sent in the background); otherwise the campaign
// is read from the service.
//
// Every copy read from the service is kept in the request form
// (ops.RequestForm): a published campaign's GET adds response-only
// scheduling fields (delivery_type SCHEDULED or PERIODIC, schedule_time,
// time_zone, frequency) that the engine's checks refuse and a PATCH must
// never carry, and scheduling_details is sent whole.
func (e *Engine) Load(ctx context.Context, id string) (*model.Campaign, error) {
	d, err := e.LoadDraft(ctx, id)
	if err != nil {
		return nil, err
	}
	d.Lock()
	defer d.Unlock()
	return model.Clone(d.c.working), nil
}

// LoadDraft is Load returning the Draft itself.
func (e *Engine) LoadDraft(ctx context.Context, id string) (*Draft, error) {
	if e.closed.Load() {
		return nil, ErrClosed
	}
	e.mu.Lock()
	c := e.camps[id]
	e.mu.Unlock()
	if c != nil {
		return &Draft{e: e, c: c}, nil
	}

	j := &journal{path: journalPath(e.dir, id)}
	if j.exists() {
		c, err := e.replayJournal(id, j)
		if err != nil {
			return nil, err
		}
		if c != nil {
			return &Draft{e: e, c: c}, nil
		}
	}
	s, err := e.client.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	s = ops.RequestForm(s, nil)
	c, _ = e.register(id, s, model.Clone(s), j)
	return &Draft{e: e, c: c}, nil
}

// Adopt makes c (a campaign read from the service by someone else, or built
// in a test) a loaded draft, as if Load had read it. A campaign already
// loaded, or with a journal from an earlier run, is loaded as it is.
func (e *Engine) Adopt(c *model.Campaign) (*Draft, error) {
	if c == nil || c.CampaignID == nil && c.ID == nil {
		return nil, errors.New("sync: adopt needs a campaign with an id")
	}
	if e.closed.Load() {
		return nil, ErrClosed
	}
	id := model.Str(c.CampaignID)
	if id == "" {
		id = model.Str(c.ID)
	}
	if (&journal{path: journalPath(e.dir, id)}).exists() {
		// Unsynced edits of an earlier run win over the copy given.
		if d, err := e.LoadDraft(context.Background(), id); err == nil {
			return d, nil
		}
	}
	c = ops.RequestForm(c, nil)
	cp, _ := e.register(id, model.Clone(c), model.Clone(c), &journal{path: journalPath(e.dir, id)})
	return &Draft{e: e, c: cp}, nil
}

func (e *Engine) register(id string, base, working *model.Campaign, j *journal) (*campaign, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.camps[id]; c != nil {
		return c, false // a concurrent Load won
	}
	c := &campaign{id: id, base: base, working: working, j: j,
		conflicts: map[string]*conflict{}, rejected: map[string]rejection{}}
	e.camps[id] = c
	return c, true
}

func (e *Engine) get(id string) (*campaign, error) {
	if e.closed.Load() {
		return nil, ErrClosed
	}
	e.mu.Lock()
	c := e.camps[id]
	e.mu.Unlock()
	if c == nil {
		return nil, fmt.Errorf("%w: %s", ErrNotLoaded, id)
	}
	return c, nil
}

func (e *Engine) all() []*campaign {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]*campaign, 0, len(e.camps))
	for _, c := range e.camps {
		out = append(out, c)
	}
	return out
}

// Events delivers what changed, in order, for the UI to turn into messages.
// It is closed by Close. Events queue while nobody reads (the oldest are
// dropped past a few thousand).
func (e *Engine) Events() <-chan Event { return e.main.out }

// Subscribe opens another event feed, of one campaign (or of all when id is
// ""), for one more reader such as a second SSH session; cancel ends it.
func (e *Engine) Subscribe(id string) (events <-chan Event, cancel func()) {
	f := newFeed(id)
	e.subMu.Lock()
	if e.subs == nil { // closed
		f.close()
	} else {
		e.subs[f] = true
	}
	e.subMu.Unlock()
	return f.out, func() {
		e.subMu.Lock()
		delete(e.subs, f)
		e.subMu.Unlock()
		f.close()
	}
}

// stopTimers stops every draft's debounce and retry: nothing more is sent
// on its own.
func (e *Engine) stopTimers() {
	for _, c := range e.all() {
		c.mu.Lock()
		if c.debounce != nil {
			c.debounce.Stop()
		}
		if c.retry != nil {
			c.retry.Stop()
		}
		c.mu.Unlock()
	}
}

// Close stops background work, waits for a running send to end and writes
// every edit made so far to the journals: nothing is lost.
func (e *Engine) Close() error {
	if e.closed.Swap(true) {
		return nil
	}
	e.stopTimers()
	e.cancel()
	e.wg.Wait()
	e.cm.stop()
	var errs []error
	for _, c := range e.all() {
		errs = append(errs, e.commit(c))
		c.jmu.Lock()
		c.j.close()
		c.jmu.Unlock()
	}
	e.unlock()
	e.subMu.Lock()
	e.main.close()
	for f := range e.subs {
		f.close()
	}
	e.subs = nil
	e.subMu.Unlock()
	return errors.Join(errs...)
}
