package drafts

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/campaigns-cli/campaigns/model"
)

// Draft is one loaded campaign as an editor holds it. The working copy is
// the engine's only copy: read it (Working, Base, Status, Conflicts) and
// change it (Edit) while holding the lock, which background work (a send's
// answer, a change made on the service) also takes before it writes. Flush,
// Resolve and Subscribe take what they need themselves: call them without
// the lock.
type Draft struct {
	e *Engine
	c *campaign
}

// Draft returns the handle of a loaded campaign.
func (e *Engine) Draft(id string) (*Draft, error) {
	c, err := e.get(id)
	if err != nil {
		return nil, err
	}
	return &Draft{e: e, c: c}, nil
}

// ID is the campaign's id.
func (d *Draft) ID() string { return d.c.id }

// Lock holds the draft still for reading and editing.
func (d *Draft) Lock() { d.c.mu.Lock() }

// Unlock lets background work change the draft again.
func (d *Draft) Unlock() { d.c.mu.Unlock() }

// Working is the working copy itself, not a copy: read it under the lock,
// keep no part of it past Unlock unless copied, and change it only in Edit.
// Its address stays the same for as long as the engine is open.
func (d *Draft) Working() *model.Campaign { return d.c.working }

// Base is the service's last confirmed copy (under the lock). It is never
// changed in place: a pointer read under the lock stays a stable snapshot.
func (d *Draft) Base() *model.Campaign { return d.c.base }

// Edit changes the working copy with fn, under the lock, in place. It does
// no I/O and copies nothing: the change is journaled by the committer within
// DurabilityWindow and sent after the debounce. Changes fn makes outside
// the units (see Units) are dropped. fn's error is returned (what fn changed
// before failing is kept, as in memory); so is the last journal failure,
// when the disk refused an earlier edit.
func (d *Draft) Edit(fn func(*model.Campaign) error) error {
	e, c := d.e, d.c
	if e.closed.Load() {
		return ErrClosed
	}
	before := *c.working
	ferr := fn(c.working)
	after := *c.working
	*c.working = before // ids, status, times: the service's
	for _, u := range Units {
		copyUnit(c.working, &after, u)
	}
	c.gen++
	e.armDebounce(c)
	e.cm.schedule(c)
	if ferr != nil {
		return ferr
	}
	if c.jerr != nil {
		return fmt.Errorf("sync: journal: %w", c.jerr)
	}
	return nil
}

// Status reports where the draft stands (under the lock).
func (d *Draft) Status() Status { return d.e.statusLocked(d.c) }

// Conflicts returns the open conflicts (under the lock), as copies.
func (d *Draft) Conflicts() []Conflict {
	c := d.c
	var out []Conflict
	for _, u := range Units {
		if cf := c.conflicts[u]; cf != nil {
			out = append(out, Conflict{ID: c.id, Component: u,
				Base: copyValue(u, cf.Base), Local: unitCopy(c.working, u), Remote: unitCopy(cf.remote, u)})
		}
	}
	return out
}

// Flush is Engine.Flush (without the lock).
func (d *Draft) Flush(ctx context.Context) error { return d.e.Flush(ctx, d.c.id) }

// Send is Engine.Send (without the lock).
func (d *Draft) Send(ctx context.Context, force bool) error { return d.e.Send(ctx, d.c.id, force) }

// Resolve is Engine.Resolve (without the lock).
func (d *Draft) Resolve(unit string, choice Choice, merged any) error {
	return d.e.Resolve(d.c.id, unit, choice, merged)
}

// Subscribe is Engine.Subscribe for this draft.
func (d *Draft) Subscribe() (<-chan Event, func()) { return d.e.Subscribe(d.c.id) }

// --- the same by campaign id, each taking the lock ---------------------------

// Edit changes the working copy of a loaded campaign (see Draft.Edit).
func (e *Engine) Edit(id string, fn func(*model.Campaign)) error {
	d, err := e.Draft(id)
	if err != nil {
		return err
	}
	d.Lock()
	defer d.Unlock()
	return d.Edit(func(c *model.Campaign) error { fn(c); return nil })
}

// Put makes c the working copy of campaign id (through Edit).
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
	return e.cloned(id, func(c *campaign) *model.Campaign { return c.working })
}

// Base returns a copy of the service's last confirmed copy (nil when not
// loaded).
func (e *Engine) Base(id string) *model.Campaign {
	return e.cloned(id, func(c *campaign) *model.Campaign { return c.base })
}

// cloned is a copy of what pick reads of campaign id, under its lock (nil
// when not loaded).
func (e *Engine) cloned(id string, pick func(*campaign) *model.Campaign) *model.Campaign {
	c, err := e.get(id)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return model.Clone(pick(c))
}

// Status reports where campaign id stands.
func (e *Engine) Status(id string) Status {
	c, err := e.get(id)
	if err != nil {
		return Status{ID: id, Err: ErrNotLoaded, State: StateFailed}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return e.statusLocked(c)
}

// Conflicts returns the open conflicts of campaign id.
func (e *Engine) Conflicts(id string) []Conflict {
	d, err := e.Draft(id)
	if err != nil {
		return nil
	}
	d.Lock()
	defer d.Unlock()
	return d.Conflicts()
}

// Commit returns once every edit of campaign id made so far is on disk
// (or the journal's failure).
func (e *Engine) Commit(id string) error {
	c, err := e.get(id)
	if err != nil {
		return err
	}
	return e.commit(c)
}

// Flush sends campaign id's changes now, without waiting for the
// debounce. It returns nil when the service has every local change; else
// the network or service error, or ErrConflict, ErrInvalid or ErrRateLimited
// (wrapped) when some units stay local, or ErrHeld for a live campaign,
// whose changes only Send sends.
func (e *Engine) Flush(ctx context.Context, id string) error { return e.sendAs(ctx, id, sendAuto) }

// Send sends campaign id's changes because the person asked: a live
// campaign's too (Flush holds those back with ErrHeld). A change that
// would introduce a publish problem into a live campaign stays local
// (ErrInvalid, the problems in Status.Invalid) unless force is true.
func (e *Engine) Send(ctx context.Context, id string, force bool) error {
	if force {
		return e.sendAs(ctx, id, sendForced)
	}
	return e.sendAs(ctx, id, sendAsked)
}

// sendAs flushes campaign id now, as mode says, without waiting for the
// debounce.
func (e *Engine) sendAs(ctx context.Context, id string, mode sendMode) error {
	c, err := e.get(id)
	if err != nil {
		return err
	}
	c.mu.Lock()
	if c.debounce != nil {
		c.debounce.Stop()
	}
	c.mu.Unlock()
	return e.flushAs(ctx, c, mode)
}

// FlushAll sends the changes of every loaded campaign now, as an editor
// should on quit, and returns the ids that still have unsynced changes
// (these stay in the journal for the next start) with the errors met.
func (e *Engine) FlushAll(ctx context.Context) (unsynced []string, err error) {
	var ids []string
	for _, c := range e.all() {
		c.mu.Lock()
		if len(e.dirtyLocked(c)) > 0 {
			ids = append(ids, c.id)
		}
		c.mu.Unlock()
	}
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
	c, err := e.get(id)
	if err != nil {
		return err
	}
	c.mu.Lock()
	cf := c.conflicts[unit]
	if cf == nil {
		c.mu.Unlock()
		return fmt.Errorf("sync: no conflict on %s of %s", unit, id)
	}
	var mine *model.Campaign
	switch choice {
	case KeepMine:
	case TakeTheirs:
		mine = cf.remote
	case Merge:
		partial, err := decodeUnit(unit, merged)
		if err != nil {
			c.mu.Unlock()
			return fmt.Errorf("sync: merged %s: %w", unit, err)
		}
		mine = partial
	default:
		c.mu.Unlock()
		return fmt.Errorf("sync: unknown choice %d", choice)
	}
	b := *c.base
	copyUnit(&b, cf.remote, unit) // the service's version is now the known base
	c.base = &b
	if mine != nil {
		setWorkingUnit(c, mine, unit)
	}
	delete(c.conflicts, unit)
	c.needSnap = true
	e.armDebounce(c)
	e.publishLocked(c)
	c.mu.Unlock()
	return e.commit(c)
}

// Discard drops every local change of campaign id: the working copy becomes
// the base again.
func (e *Engine) Discard(id string) error {
	c, err := e.get(id)
	if err != nil {
		return err
	}
	c.mu.Lock()
	*c.working = *model.Clone(c.base)
	c.gen++
	c.needSnap = true
	clear(c.conflicts)
	clear(c.rejected)
	c.invalid = nil
	e.publishLocked(c)
	c.mu.Unlock()
	return e.commit(c)
}

// setWorkingUnit makes the working copy's unit u a deep copy of src's (no
// unit value is shared with the base or the service's copies, since the
// working copy is changed in place).
func setWorkingUnit(c *campaign, src *model.Campaign, u string) {
	if u == DeliveryType {
		if src.CampaignDeliveryType == nil {
			c.working.CampaignDeliveryType = nil
		} else {
			v := *src.CampaignDeliveryType
			c.working.CampaignDeliveryType = &v
		}
	} else {
		model.SetComponent(c.working, u, unitCopy(src, u))
	}
	c.gen++
}

// unitsJSON is the JSON of each unit of c.
func unitsJSON(c *model.Campaign) map[string][]byte {
	m := make(map[string][]byte, len(Units))
	for _, u := range Units {
		m[u] = unitJSON(c, u)
	}
	return m
}

// workJSON is the working copy's unit JSON, computed once per change.
func (c *campaign) workJSON() map[string][]byte {
	if c.wjson == nil || c.wgen != c.gen {
		c.wjson, c.wgen = unitsJSON(c.working), c.gen
	}
	return c.wjson
}

// baseJSON is the base's unit JSON, computed once per base.
func (c *campaign) baseJSON() map[string][]byte {
	if c.bjson == nil || c.bfor != c.base {
		c.bjson, c.bfor = unitsJSON(c.base), c.base
	}
	return c.bjson
}
