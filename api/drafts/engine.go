// Package sync keeps the editor's local copies of campaigns in step with the
// service, so that nothing typed is ever lost.
//
// For each loaded campaign the Engine holds the base (the last copy the
// service confirmed) and the working copy (base plus local edits). An Edit is
// appended to an fsync'd on-disk journal before it returns, so a crash or a
// kill -9 loses nothing: Load replays the journal and the edits are there,
// still unsynced. After a pause in typing (Options.Debounce), or at once on
// Flush, the engine sends the top-level components (units) that differ from
// the base, each whole, in one component PATCH, and only those that pass
// DRAFT_PATCH locally. Before sending it re-reads the campaign: a unit the
// service changed since the base is never overwritten but reported as a
// Conflict, for the user to Resolve. When the service cannot be reached,
// edits keep working and the engine retries in the background. Sends never
// exceed the spec's update rate limit.
//
// One Engine per directory: it is safe for concurrent use (the SSH server's
// sessions can share one, each with its own Subscribe feed). Open locks the
// directory (flock on Unix), so a second process gets ErrDirInUse instead of
// rewriting the same journals.
package drafts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
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
	// UpdatedBy is sent as updated_by on every PATCH when set.
	UpdatedBy string
	// RetryMin and RetryMax bound the background retry backoff (default 1 s
	// and 1 min).
	RetryMin, RetryMax time.Duration
	// Limits are the client-side rolling rate limits on PATCH (default
	// UpdateLimits, shared by every engine using the same *api.Client, since
	// the service counts per credential).
	Limits []Limit
}

// Engine syncs campaigns. Create it with Open; Close it when done.
type Engine struct {
	dir    string
	client *api.Client
	opts   Options
	clock  Clock
	lim    *limiter
	vopts  engine.Options
	// validate is engine.ValidatePatch; tests swap in rules of their own.
	validate func(stored, patch *model.Campaign, state string, opts engine.Options) engine.PatchResult

	unlock func() // releases the directory lock
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	camps  map[string]*campaign
	closed bool

	subMu sync.Mutex
	main  *feed
	subs  map[*feed]bool
}

type rejection struct {
	value    []byte // the unit as the service refused it
	problems []engine.Problem
}

type campaign struct {
	id      string
	flushMu sync.Mutex // one flush at a time

	// Guarded by Engine.mu. base and working are never changed in place:
	// every change builds a new struct, so a pointer read under the lock is
	// a stable snapshot.
	base, working *model.Campaign
	j             *journal
	invalid       map[string]rejection // found locally, for the value checked
	rejected      map[string]rejection // refused by the service
	conflicts     map[string]*conflict
	offlineSince  time.Time
	limitedUntil  time.Time
	lastSynced    time.Time
	err           error
	debounce      Timer
	retry         Timer
	retries       int
	running       bool
	again         bool
	last          string // signature of the last Status published
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
	var lim *limiter
	var releaseLim func()
	if opts.Limits == nil {
		lim, releaseLim = sharedLimiter(client)
	} else {
		lim, releaseLim = newLimiter(opts.Limits), func() {}
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

// Load returns the working copy of campaign id. A journal left by an
// earlier run is replayed (its unsynced edits come back, still unsynced, and
// are sent in the background); otherwise the campaign is read from the
// service. The result is a copy the caller owns.
func (e *Engine) Load(ctx context.Context, id string) (*model.Campaign, error) {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, ErrClosed
	}
	if c := e.camps[id]; c != nil {
		w := model.Clone(c.working)
		e.mu.Unlock()
		return w, nil
	}
	e.mu.Unlock()

	j := &journal{path: journalPath(e.dir, id)}
	if j.exists() {
		base, working, _, ok, err := replay(j.path)
		if err != nil {
			return nil, fmt.Errorf("sync: replaying the journal of %s: %w", id, err)
		}
		if ok {
			c := e.register(id, base, working, j)
			e.mu.Lock()
			w := model.Clone(c.working)
			e.publishLocked(c)
			c.retry = e.clock.AfterFunc(0, func() { e.runFlush(c) })
			e.mu.Unlock()
			return w, nil
		}
		// Not even the first snapshot made it to disk, so no edit did either.
		if err := j.remove(); err != nil {
			return nil, err
		}
	}
	s, err := e.client.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	c := e.register(id, s, model.Clone(s), j)
	e.mu.Lock()
	defer e.mu.Unlock()
	return model.Clone(c.working), nil
}

func (e *Engine) register(id string, base, working *model.Campaign, j *journal) *campaign {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.camps[id]; c != nil {
		return c // a concurrent Load won
	}
	c := &campaign{id: id, base: base, working: working, j: j,
		conflicts: map[string]*conflict{}, rejected: map[string]rejection{}}
	e.camps[id] = c
	return c
}

func (e *Engine) get(id string) (*campaign, error) {
	if e.closed {
		return nil, ErrClosed
	}
	c := e.camps[id]
	if c == nil {
		return nil, fmt.Errorf("%w: %s", ErrNotLoaded, id)
	}
	return c, nil
}

// Edit changes the working copy of a loaded campaign: fn gets a copy to
// change. The units fn changed are journaled (fsync'd) before Edit returns;
// when it returns nil the change is made and will survive a crash. Changes
// fn makes outside the units (see Units) are dropped.
func (e *Engine) Edit(id string, fn func(*model.Campaign)) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, err := e.get(id)
	if err != nil {
		return err
	}
	next := model.Clone(c.working)
	fn(next)
	units := map[string]json.RawMessage{}
	for _, u := range Units {
		if nj := unitJSON(next, u); !bytes.Equal(nj, unitJSON(c.working, u)) {
			units[u] = nj
		}
	}
	if len(units) == 0 {
		return nil
	}
	if !c.j.exists() {
		if err := c.j.rewrite(snapOf(c.base, c.working)); err != nil {
			return fmt.Errorf("sync: journal: %w", err)
		}
	}
	if err := c.j.append(record{T: "edit", Units: units}); err != nil {
		return fmt.Errorf("sync: journal: %w", err)
	}
	w := *c.working
	for u := range units {
		copyUnit(&w, next, u)
	}
	c.working = &w
	e.armDebounce(c)
	e.publishLocked(c)
	return nil
}

// Put makes c the working copy of campaign id (through Edit, so journaled).
func (e *Engine) Put(id string, c *model.Campaign) error {
	src := model.Clone(c)
	return e.Edit(id, func(w *model.Campaign) {
		for _, u := range Units {
			copyUnit(w, src, u)
		}
	})
}

// Working returns a copy of the working copy (nil when not loaded).
func (e *Engine) Working(id string) *model.Campaign {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.camps[id]; c != nil {
		return model.Clone(c.working)
	}
	return nil
}

// Base returns a copy of the service's last confirmed copy (nil when not
// loaded).
func (e *Engine) Base(id string) *model.Campaign {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c := e.camps[id]; c != nil {
		return model.Clone(c.base)
	}
	return nil
}

// Status reports where campaign id stands.
func (e *Engine) Status(id string) Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	c := e.camps[id]
	if c == nil {
		return Status{ID: id, Err: ErrNotLoaded, State: StateFailed}
	}
	return e.statusLocked(c)
}

// Conflicts returns the open conflicts of campaign id.
func (e *Engine) Conflicts(id string) []Conflict {
	e.mu.Lock()
	defer e.mu.Unlock()
	c := e.camps[id]
	if c == nil {
		return nil
	}
	var out []Conflict
	for _, u := range Units {
		if cf := c.conflicts[u]; cf != nil {
			out = append(out, Conflict{ID: id, Component: u,
				Base: copyValue(u, cf.Base), Local: unitCopy(c.working, u), Remote: unitCopy(cf.remote, u)})
		}
	}
	return out
}

// Flush sends campaign id's changes now (ctrl+s), without waiting for the
// debounce. It returns nil when the service has every local change; else
// the network or service error, or ErrConflict, ErrInvalid or ErrRateLimited
// (wrapped) when some units stay local.
func (e *Engine) Flush(ctx context.Context, id string) error {
	e.mu.Lock()
	c, err := e.get(id)
	if err == nil && c.debounce != nil {
		c.debounce.Stop()
	}
	e.mu.Unlock()
	if err != nil {
		return err
	}
	return e.flush(ctx, c)
}

// FlushAll sends the changes of every loaded campaign now, as an editor
// should on quit, and returns the ids that still have unsynced changes
// (these stay in the journal for the next start) with the errors met.
func (e *Engine) FlushAll(ctx context.Context) (unsynced []string, err error) {
	e.mu.Lock()
	var ids []string
	for id, c := range e.camps {
		if len(e.dirtyLocked(c)) > 0 {
			ids = append(ids, id)
		}
	}
	e.mu.Unlock()
	slices.Sort(ids)
	var errs []error
	for _, id := range ids {
		if ferr := e.Flush(ctx, id); ferr != nil {
			errs = append(errs, fmt.Errorf("%s: %w", id, ferr))
		}
		if len(e.Status(id).Unsynced) > 0 {
			unsynced = append(unsynced, id)
		}
	}
	return unsynced, errors.Join(errs...)
}

// Resolve settles the conflict on a unit: KeepMine sends the local version
// over the service's, TakeTheirs adopts the service's, Merge adopts merged
// (the unit's typed value, or its JSON as []byte / json.RawMessage).
func (e *Engine) Resolve(id, unit string, choice Choice, merged any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, err := e.get(id)
	if err != nil {
		return err
	}
	cf := c.conflicts[unit]
	if cf == nil {
		return fmt.Errorf("sync: no conflict on %s of %s", unit, id)
	}
	b, w := *c.base, *c.working
	copyUnit(&b, cf.remote, unit) // the service's version is now the known base
	switch choice {
	case KeepMine:
	case TakeTheirs:
		copyUnit(&w, cf.remote, unit)
	case Merge:
		partial, err := decodeUnit(unit, merged)
		if err != nil {
			return fmt.Errorf("sync: merged %s: %w", unit, err)
		}
		copyUnit(&w, partial, unit)
	default:
		return fmt.Errorf("sync: unknown choice %d", choice)
	}
	if err := e.persistLocked(c, &b, &w); err != nil {
		return err
	}
	c.base, c.working = &b, &w
	delete(c.conflicts, unit)
	e.armDebounce(c)
	e.publishLocked(c)
	return nil
}

// Discard drops every local change of campaign id: the working copy becomes
// the base again.
func (e *Engine) Discard(id string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, err := e.get(id)
	if err != nil {
		return err
	}
	if err := c.j.remove(); err != nil {
		return err
	}
	c.working = model.Clone(c.base)
	clear(c.conflicts)
	clear(c.rejected)
	c.invalid = nil
	e.publishLocked(c)
	return nil
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

// Close stops background work and waits for a running send to end. Edits
// already made are in the journals; nothing is lost.
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	e.closed = true
	for _, c := range e.camps {
		if c.debounce != nil {
			c.debounce.Stop()
		}
		if c.retry != nil {
			c.retry.Stop()
		}
	}
	e.mu.Unlock()
	e.cancel()
	e.wg.Wait()
	e.mu.Lock()
	for _, c := range e.camps {
		c.j.close()
	}
	e.mu.Unlock()
	e.unlock()
	e.subMu.Lock()
	e.main.close()
	for f := range e.subs {
		f.close()
	}
	e.subs = nil
	e.subMu.Unlock()
	return nil
}

// --- sending ------------------------------------------------------------------

func (e *Engine) armDebounce(c *campaign) {
	if c.debounce != nil {
		c.debounce.Stop()
	}
	c.debounce = e.clock.AfterFunc(e.opts.Debounce, func() { e.runFlush(c) })
}

// runFlush is the background flush of timers: one at a time per campaign,
// and once more if asked again meanwhile.
func (e *Engine) runFlush(c *campaign) {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return
	}
	if c.running {
		c.again = true
		e.mu.Unlock()
		return
	}
	c.running = true
	e.wg.Add(1)
	e.mu.Unlock()
	defer e.wg.Done()
	for {
		e.flush(e.ctx, c)
		e.mu.Lock()
		if !c.again || e.closed {
			c.running = false
			e.mu.Unlock()
			return
		}
		c.again = false
		e.mu.Unlock()
	}
}

func (e *Engine) flush(ctx context.Context, c *campaign) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()

	e.mu.Lock()
	if len(e.dirtyLocked(c)) == 0 {
		e.publishLocked(c)
		err := e.leftoverLocked(c)
		e.mu.Unlock()
		return err
	}
	e.mu.Unlock()

	// Read the service's copy first: a unit it changed since our base is a
	// conflict, not something to overwrite.
	s, err := e.client.Get(ctx, c.id)
	if err != nil {
		return e.failed(c, err)
	}

	e.mu.Lock()
	evs := e.rebaseLocked(c, s)
	send, patch := e.prepareLocked(c)
	if len(send) == 0 {
		err := e.persistLocked(c, c.base, c.working)
		e.publishLocked(c)
		if err == nil {
			err = e.leftoverLocked(c)
		}
		e.mu.Unlock()
		e.emit(evs...)
		return err
	}
	now := e.clock.Now()
	if wait := e.lim.Reserve(now); wait > 0 {
		c.limitedUntil = now.Add(wait)
		e.retryLocked(c, wait)
		e.persistLocked(c, c.base, c.working)
		e.publishLocked(c)
		e.mu.Unlock()
		e.emit(evs...)
		return fmt.Errorf("%w until %s", ErrRateLimited, c.limitedUntil.Format(time.TimeOnly))
	}
	e.mu.Unlock()
	e.emit(evs...)

	if _, err := e.client.Patch(ctx, c.id, patch); err != nil {
		return e.patchFailed(c, send, patch, err)
	}

	// Re-read, so the base holds what the service stored (it may add
	// response-only fields), not only what was sent.
	fresh, gerr := e.client.Get(ctx, c.id)
	src := patch
	if gerr == nil {
		src = fresh
	}
	e.mu.Lock()
	b, w := *c.base, *c.working
	for _, u := range send {
		copyUnit(&b, src, u)
		if sameUnit(c.working, patch, u) { // not edited while in flight
			copyUnit(&w, src, u)
		}
		delete(c.rejected, u)
	}
	c.offlineSince, c.limitedUntil, c.err, c.retries = time.Time{}, time.Time{}, nil, 0
	c.lastSynced = e.clock.Now()
	perr := e.persistLocked(c, &b, &w)
	c.base, c.working = &b, &w
	if perr != nil {
		c.err = perr
	}
	e.publishLocked(c)
	st := e.statusLocked(c)
	err = e.leftoverLocked(c)
	e.mu.Unlock()
	e.emit(Event{ID: c.id, Kind: EventSynced, Status: st, Components: send})
	if perr != nil {
		return perr
	}
	return err
}

// dirtyLocked lists the units that differ from the base.
func (e *Engine) dirtyLocked(c *campaign) []string {
	var out []string
	for _, u := range Units {
		if !sameUnit(c.working, c.base, u) {
			out = append(out, u)
		}
	}
	return out
}

// rebaseLocked takes the service's copy s as the new base. Units only the
// service changed are adopted into the working copy; units changed on both
// sides (to different values) become conflicts and keep their old base.
func (e *Engine) rebaseLocked(c *campaign, s *model.Campaign) []Event {
	old, w := c.base, c.working
	nbv := *s // s itself stays the service's copy, for conflicts to show
	nb := &nbv
	c.offlineSince = time.Time{}
	var evs []Event
	for _, u := range Units {
		switch cf := c.conflicts[u]; {
		case cf != nil:
			if sameUnit(s, w, u) { // settled elsewhere: both sides agree now
				delete(c.conflicts, u)
				break
			}
			copyUnit(nb, old, u)
			cf.Remote, cf.remote = unitValue(s, u), s
		case sameUnit(s, old, u): // the service did not change it
		case sameUnit(w, old, u): // only the service changed it: adopt
			evs = append(evs, Event{ID: c.id, Kind: EventRemoteChange, Components: []string{u}})
		case sameUnit(w, s, u): // both made the same change
		default:
			cf := &conflict{Conflict: Conflict{ID: c.id, Component: u,
				Base: unitValue(old, u), Local: unitValue(w, u), Remote: unitValue(s, u)}, remote: s}
			c.conflicts[u] = cf
			copyUnit(nb, old, u)
			shown := Conflict{ID: c.id, Component: u, // copies the UI may keep and change
				Base: unitCopy(old, u), Local: unitCopy(w, u), Remote: unitCopy(s, u)}
			evs = append(evs, Event{ID: c.id, Kind: EventConflict, Components: []string{u}, Conflict: &shown})
		}
	}
	nw := *nb
	for _, u := range Units {
		if !sameUnit(w, old, u) {
			copyUnit(&nw, w, u)
		}
	}
	c.base, c.working = nb, &nw
	return evs
}

// prepareLocked picks the units to send: changed, not in conflict, not
// refused unchanged by the service, and passing DRAFT_PATCH against the base.
// A unit that fails stays local with its problems. Validation repeats on the
// smaller set, since a rule may read another unit that is no longer sent.
func (e *Engine) prepareLocked(c *campaign) ([]string, *model.Campaign) {
	var cands []string
	for _, u := range e.dirtyLocked(c) {
		if c.conflicts[u] != nil {
			continue
		}
		if r, ok := c.rejected[u]; ok {
			if bytes.Equal(r.value, unitJSON(c.working, u)) {
				continue
			}
			delete(c.rejected, u)
		}
		cands = append(cands, u)
	}
	state := "DRAFT"
	if c.base.Status != nil {
		state = *c.base.Status
	}
	c.invalid = nil
	c.err = nil
	for len(cands) > 0 {
		patch := e.patchOf(c.working, cands)
		res := e.validate(c.base, patch, state, e.vopts)
		if res.Refusal != nil {
			c.err = fmt.Errorf("%s", res.Refusal.Message)
			return nil, nil
		}
		by, rest := problemsByUnit(res.Problems)
		if len(rest) > 0 {
			// Problems of no unit (a header, the body) block the whole send.
			if c.invalid == nil {
				c.invalid = map[string]rejection{}
			}
			for _, u := range cands {
				c.invalid[u] = rejection{value: unitJSON(c.working, u), problems: append(by[u], rest...)}
			}
			return nil, nil
		}
		var keep []string
		for _, u := range cands {
			if ps := by[u]; len(ps) > 0 {
				if c.invalid == nil {
					c.invalid = map[string]rejection{}
				}
				c.invalid[u] = rejection{value: unitJSON(c.working, u), problems: ps}
			} else {
				keep = append(keep, u)
			}
		}
		if len(keep) == len(cands) {
			return cands, patch
		}
		cands = keep
	}
	return nil, nil
}

func (e *Engine) patchOf(w *model.Campaign, units []string) *model.Campaign {
	p := &model.Campaign{}
	for _, u := range units {
		copyUnit(p, w, u)
	}
	if e.opts.UpdatedBy != "" {
		by := e.opts.UpdatedBy
		p.UpdatedBy = &by
	}
	return p
}

// failed records a failure to reach or read the service and plans a retry
// when one can help.
func (e *Engine) failed(c *campaign, err error) error {
	e.mu.Lock()
	defer func() {
		e.publishLocked(c)
		e.mu.Unlock()
	}()
	now := e.clock.Now()
	var ae *api.Error
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		if e.closed {
			return err
		}
		// The caller gave up; the background will try again.
		e.retryLocked(c, e.backoffLocked(c))
	case api.IsUnreachable(err):
		if c.offlineSince.IsZero() {
			c.offlineSince = now
		}
		e.retryLocked(c, e.backoffLocked(c))
	case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
		wait := ae.RetryAfter
		if wait <= 0 {
			wait = e.backoffLocked(c)
		}
		c.offlineSince = time.Time{}
		c.limitedUntil = now.Add(wait)
		e.retryLocked(c, wait)
	case errors.As(err, &ae) && ae.Status >= 500:
		c.offlineSince = time.Time{}
		c.err = err
		e.retryLocked(c, e.backoffLocked(c))
	default:
		c.offlineSince = time.Time{}
		c.err = err
		e.emitLocked(Event{ID: c.id, Kind: EventError, Err: err})
	}
	return err
}

// patchFailed handles a refused PATCH. A 400 whose problems name units
// marks those units (as sent) refused, so they stay local until edited; the
// rest go again with the next send.
func (e *Engine) patchFailed(c *campaign, send []string, patch *model.Campaign, err error) error {
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest || len(ae.Details)+len(ae.Target) == 0 {
		return e.failed(c, err)
	}
	details := ae.Details
	if len(details) == 0 {
		details = []api.ErrorDetail{{Target: ae.Target, Message: ae.Message}}
	}
	ps := make([]engine.Problem, 0, len(details))
	for _, d := range details {
		ps = append(ps, engine.Problem{Rule: ae.Code, Target: d.Target, Message: d.Message})
	}
	by, rest := problemsByUnit(ps)
	e.mu.Lock()
	named := 0
	for _, u := range send {
		if len(by[u]) > 0 {
			c.rejected[u] = rejection{value: unitJSON(patch, u), problems: by[u]}
			named++
		}
	}
	if named == 0 || len(rest) > 0 {
		c.err = err
	} else {
		e.armDebounce(c) // the units the service did not name go again
	}
	c.offlineSince = time.Time{}
	e.publishLocked(c)
	e.mu.Unlock()
	return fmt.Errorf("%w: %v", ErrInvalid, err)
}

func (e *Engine) backoffLocked(c *campaign) time.Duration {
	d := e.opts.RetryMin << min(c.retries, 20)
	if d <= 0 || d > e.opts.RetryMax {
		d = e.opts.RetryMax
	}
	c.retries++
	half := d / 2
	return half + rand.N(half+1)
}

func (e *Engine) retryLocked(c *campaign, d time.Duration) {
	if e.closed {
		return
	}
	if c.retry != nil {
		c.retry.Stop()
	}
	c.retry = e.clock.AfterFunc(d, func() { e.runFlush(c) })
}

// leftoverLocked says why some units are still local after a flush.
func (e *Engine) leftoverLocked(c *campaign) error {
	switch {
	case len(c.conflicts) > 0:
		return ErrConflict
	case len(c.invalid)+len(c.rejected) > 0:
		return ErrInvalid
	case c.err != nil:
		return c.err
	}
	return nil
}

// persistLocked writes base and working as the journal's only record, or
// removes the journal when they agree: the service has everything.
func (e *Engine) persistLocked(c *campaign, base, working *model.Campaign) error {
	same := true
	for _, u := range Units {
		if !sameUnit(base, working, u) {
			same = false
			break
		}
	}
	if same {
		return c.j.remove()
	}
	return c.j.rewrite(snapOf(base, working))
}

func snapOf(base, working *model.Campaign) record {
	r := record{T: "snap", Base: base}
	for _, u := range Units {
		if !sameUnit(base, working, u) {
			r.Working = working
			break
		}
	}
	return r
}

// --- status and events ----------------------------------------------------------

func (e *Engine) statusLocked(c *campaign) Status {
	s := Status{ID: c.id, OfflineSince: c.offlineSince, LastSynced: c.lastSynced, Err: c.err}
	if now := e.clock.Now(); c.limitedUntil.After(now) {
		s.RateLimitedUntil = c.limitedUntil
	}
	for _, u := range e.dirtyLocked(c) {
		s.Unsynced = append(s.Unsynced, u)
		// Problems count only for the value they were found in: an edit since
		// makes the unit pending again until the next check.
		cur := unitJSON(c.working, u)
		inv, invalid := c.invalid[u]
		r, refused := c.rejected[u]
		switch {
		case c.conflicts[u] != nil:
			s.Conflicts = append(s.Conflicts, u)
		case invalid && bytes.Equal(inv.value, cur):
			s.addInvalid(u, inv.problems)
		case refused && bytes.Equal(r.value, cur):
			s.addInvalid(u, r.problems)
		default:
			s.Pending = append(s.Pending, u)
		}
	}
	switch {
	case len(s.Conflicts) > 0:
		s.State = StateConflict
	case len(s.Invalid) > 0:
		s.State = StateInvalid
	case s.Err != nil:
		s.State = StateFailed
	case !s.OfflineSince.IsZero():
		s.State = StateOffline
	case !s.RateLimitedUntil.IsZero():
		s.State = StateRateLimited
	case len(s.Pending) > 0:
		s.State = StatePending
	}
	return s
}

func (s *Status) addInvalid(u string, ps []engine.Problem) {
	if s.Invalid == nil {
		s.Invalid = map[string][]engine.Problem{}
	}
	s.Invalid[u] = slices.Clone(ps)
}

// publishLocked emits a status event when the status changed.
func (e *Engine) publishLocked(c *campaign) {
	s := e.statusLocked(c)
	if sig := s.signature(); sig != c.last {
		c.last = sig
		e.emitLocked(Event{ID: c.id, Kind: EventStatus, Status: s})
	}
}

func (e *Engine) emitLocked(evs ...Event) { e.emit(evs...) }

func (e *Engine) emit(evs ...Event) {
	if len(evs) == 0 {
		return
	}
	e.subMu.Lock()
	defer e.subMu.Unlock()
	e.main.push(evs)
	for f := range e.subs {
		f.push(evs)
	}
}
