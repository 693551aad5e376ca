package drafts

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// maxStale bounds the re-reads after a 412: each one means someone else
// wrote between our read and our PATCH.
const maxStale = 3

// sendMode is how a flush was asked for.
type sendMode int

const (
	sendAuto   sendMode = iota // the debounce, a retry, Flush: drafts only
	sendAsked                  // Send: a live campaign's changes go too
	sendForced                 // Send with force: even what breaks a live campaign
)

// liveLocked reports a campaign past DRAFT: its changes reach recipients,
// so they go only when the person asks (Send), never after a pause.
func (c *campaign) liveLocked() bool {
	return c.base != nil && c.base.Status != nil && *c.base.Status != "" && *c.base.Status != model.StatusDraft
}

func (e *Engine) armDebounce(c *campaign) {
	if c.liveLocked() {
		return
	}
	if c.debounce != nil {
		c.debounce.Stop()
	}
	c.debounce = e.clock.AfterFunc(e.opts.Debounce, func() { e.runFlush(c) })
}

// runFlush is the background flush of timers: one at a time per campaign,
// and once more if asked again meanwhile.
func (e *Engine) runFlush(c *campaign) {
	c.mu.Lock()
	if e.closed.Load() {
		c.mu.Unlock()
		return
	}
	if c.running {
		c.again = true
		c.mu.Unlock()
		return
	}
	c.running = true
	e.wg.Add(1)
	c.mu.Unlock()
	defer e.wg.Done()
	for {
		e.flush(e.ctx, c)
		c.mu.Lock()
		if !c.again || e.closed.Load() {
			c.running = false
			c.mu.Unlock()
			return
		}
		c.again = false
		c.mu.Unlock()
	}
}

func (e *Engine) flush(ctx context.Context, c *campaign) error {
	return e.flushAs(ctx, c, sendAuto)
}

func (e *Engine) flushAs(ctx context.Context, c *campaign, mode sendMode) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	c.mode = mode
	c.mu.Unlock()
	for stale := 0; ; stale++ {
		err, again := e.flushOnce(ctx, c)
		if !again {
			return err
		}
		if stale >= maxStale { // a busy campaign: try again later
			c.mu.Lock()
			e.retryLocked(c, e.backoffLocked(c))
			c.mu.Unlock()
			return err
		}
	}
}

// flushOnce reads the service's copy, rebases on it and sends what is left.
// again is true when the PATCH was refused as stale (412): someone wrote
// after the read, so read again.
func (e *Engine) flushOnce(ctx context.Context, c *campaign) (err error, again bool) {
	c.mu.Lock()
	if !e.anyDirtyLocked(c) {
		e.publishLocked(c)
		err := e.leftoverLocked(c)
		c.mu.Unlock()
		return err, false
	}
	if e.opts.ReadOnly {
		c.mu.Unlock()
		return ErrReadOnly, false
	}
	if c.mode == sendAuto && c.liveLocked() {
		e.publishLocked(c)
		c.mu.Unlock()
		return ErrHeld, false
	}
	// Journal what is about to be sent before reading, not between the
	// read and the PATCH: after a crash, too, the service holding one of
	// these is holding our own write (its answer lost), not someone else's.
	w := c.workJSON()
	for _, u := range e.dirtyLocked(c) {
		if c.conflicts[u] == nil && !c.sent.has(u, w[u]) {
			c.sent = c.sent.add(u, w[u])
			c.needSnap = true
		}
	}
	c.mu.Unlock()
	if err := e.commit(c); err != nil {
		return err, false
	}

	// Read the service's copy right before sending: a unit it changed since
	// our base is a conflict, not something to overwrite. Between this read
	// and the PATCH only local work happens (rebase, validation); If-Match
	// closes even that window when the service gives ETags.
	s, etag, err := e.client.GetTagged(ctx, c.id)
	if err != nil {
		return e.failed(c, err), false
	}

	c.mu.Lock()
	c.etag = etag
	evs := e.rebaseLocked(c, ops.RequestForm(s, c.base))
	send, patch := e.prepareLocked(c)
	if len(send) == 0 {
		c.needSnap = true
		e.publishLocked(c)
		err := e.leftoverLocked(c)
		c.mu.Unlock()
		e.emit(evs...)
		if cerr := e.commit(c); cerr != nil {
			return cerr, false
		}
		return err, false
	}
	now := e.clock.Now()
	if wait := e.lim.Reserve(ops.ClassUpdate, now); wait > 0 {
		until := now.Add(wait)
		c.limitedUntil = until
		e.retryLocked(c, wait)
		c.needSnap = true
		e.publishLocked(c)
		c.mu.Unlock()
		e.emit(evs...)
		e.commit(c)
		return fmt.Errorf("%w until %s", ErrRateLimited, until.Format(time.TimeOnly)), false
	}
	for _, u := range send { // typed during the read: known in memory
		c.sent = c.sent.add(u, unitJSON(patch, u))
	}
	c.mu.Unlock()
	e.emit(evs...)

	if _, _, err := e.client.PatchTagged(ctx, c.id, patch, etag); err != nil {
		var ae *api.Error
		if errors.As(err, &ae) && ae.Status == http.StatusPreconditionFailed {
			return fmt.Errorf("%w: the service's copy changed while sending", ErrConflict), true
		}
		return e.patchFailed(c, send, patch, err), false
	}

	// Re-read, so the base holds what the service stored (it may add
	// response-only fields), not only what was sent.
	fresh, ftag, gerr := e.client.GetTagged(ctx, c.id)
	src := patch
	if gerr == nil {
		src = ops.RequestForm(fresh, patch)
	}
	c.mu.Lock()
	if gerr == nil {
		c.etag = ftag
	}
	b := *c.base
	w = c.workJSON()
	for _, u := range send {
		copyUnit(&b, src, u)
		if bytes.Equal(w[u], unitJSON(patch, u)) { // not edited while in flight
			setWorkingUnit(c, src, u)
		}
		delete(c.rejected, u)
		delete(c.sent, u) // answered: the base holds it now
	}
	c.base = &b
	c.offlineSince, c.limitedUntil, c.err, c.retries = time.Time{}, time.Time{}, nil, 0
	c.lastSynced = e.clock.Now()
	c.needSnap = true
	c.mu.Unlock()
	perr := e.commit(c)
	c.mu.Lock()
	if perr != nil {
		c.err = perr
	}
	e.publishLocked(c)
	st := e.statusLocked(c)
	err = e.leftoverLocked(c)
	c.mu.Unlock()
	e.emit(Event{ID: c.id, Kind: EventSynced, Status: st, Components: send})
	if perr != nil {
		return perr, false
	}
	return err, false
}

// dirtyLocked lists the units that differ from the base.
func (e *Engine) dirtyLocked(c *campaign) []string {
	w, b := c.workJSON(), c.baseJSON()
	var out []string
	for _, u := range Units {
		if !bytes.Equal(w[u], b[u]) {
			out = append(out, u)
		}
	}
	return out
}

// rebaseLocked takes the service's copy s as the new base. Units only the
// service changed are adopted into the working copy; units changed on both
// sides (to different values) become conflicts and keep their old base,
// unless the service's value is the one this engine sent last: then the
// service holds our own earlier edit (its answer was lost), not someone
// else's, and the newer local text simply goes next.
func (e *Engine) rebaseLocked(c *campaign, s *model.Campaign) []Event {
	old := c.base
	wj, oj := c.workJSON(), c.baseJSON()
	nbv := *s // s itself stays the service's copy, for conflicts to show
	nb := &nbv
	c.offlineSince = time.Time{}
	var evs []Event
	var adopt []string
	for _, u := range Units {
		sj := unitJSON(s, u)
		switch cf := c.conflicts[u]; {
		case cf != nil:
			if bytes.Equal(sj, wj[u]) { // settled elsewhere: both sides agree now
				delete(c.conflicts, u)
				break
			}
			copyUnit(nb, old, u)
			cf.Remote, cf.remote = unitValue(s, u), s
		case bytes.Equal(sj, oj[u]): // the service did not change it
		case bytes.Equal(wj[u], oj[u]): // only the service changed it: adopt
			adopt = append(adopt, u)
			evs = append(evs, Event{ID: c.id, Kind: EventRemoteChange, Components: []string{u}})
		case bytes.Equal(wj[u], sj): // both made the same change
		case c.sent.has(u, sj): // our own earlier send
		default:
			cf := &conflict{Conflict: Conflict{ID: c.id, Component: u,
				Base: unitValue(old, u), Local: unitCopy(c.working, u), Remote: unitValue(s, u)}, remote: s}
			c.conflicts[u] = cf
			copyUnit(nb, old, u)
			shown := Conflict{ID: c.id, Component: u, // copies the UI may keep and change
				Base: unitCopy(old, u), Local: unitCopy(c.working, u), Remote: unitCopy(s, u)}
			evs = append(evs, Event{ID: c.id, Kind: EventConflict, Components: []string{u}, Conflict: &shown})
		}
	}
	c.base = nb
	for _, u := range adopt {
		setWorkingUnit(c, s, u)
	}
	return evs
}

// prepareLocked picks the units to send: changed, not in conflict, not
// refused unchanged by the service, and passing DRAFT_PATCH against the base.
// A unit that fails stays local with its problems. Validation repeats on the
// smaller set, since a rule may read another unit that is no longer sent.
// The patch holds copies: it is sent after the lock is released.
func (e *Engine) prepareLocked(c *campaign) ([]string, *model.Campaign) {
	w := c.workJSON()
	var cands []string
	for _, u := range e.dirtyLocked(c) {
		if c.conflicts[u] != nil {
			continue
		}
		if r, ok := c.rejected[u]; ok {
			if bytes.Equal(r.value, w[u]) {
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
		patch := e.patchOf(c, cands)
		res := e.validate(c.base, patch, state, e.vopts)
		if res.Refusal != nil {
			c.err = fmt.Errorf("%s", res.Refusal.Message)
			return nil, nil
		}
		problems := res.Problems
		if len(problems) == 0 && c.liveLocked() && c.mode != sendForced {
			problems = e.breaks(c.base, patch, res.Merged)
		}
		by, rest := problemsByUnit(problems)
		if len(rest) > 0 {
			// Problems of no unit (a header, the body) block the whole send.
			if c.invalid == nil {
				c.invalid = map[string]rejection{}
			}
			for _, u := range cands {
				c.invalid[u] = rejection{value: w[u], problems: append(by[u], rest...)}
			}
			return nil, nil
		}
		var keep []string
		for _, u := range cands {
			if ps := by[u]; len(ps) > 0 {
				if c.invalid == nil {
					c.invalid = map[string]rejection{}
				}
				c.invalid[u] = rejection{value: w[u], problems: ps}
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

// breaks lists what patch would break in the live campaign base: the
// publish-phase problems of the merged campaign that base did not have
// (decisions.md §2 "writes to live campaigns"). They keep their units local
// until the person sends with force.
func (e *Engine) breaks(base, patch, merged *model.Campaign) []engine.Problem {
	if merged == nil {
		merged = engine.Merge(base, patch)
	}
	ps := ops.Introduced(base, merged, e.vopts)
	for i := range ps {
		ps[i].Message = "would break the live campaign: " + ps[i].Message
	}
	return ps
}

// patchOf is the PATCH body of units, decoded from their JSON (so it shares
// nothing with the working copy), signed with the author as updated_by.
func (e *Engine) patchOf(c *campaign, units []string) *model.Campaign {
	w := c.workJSON()
	p := &model.Campaign{}
	for _, u := range units {
		if partial, err := decodeUnit(u, w[u]); err == nil {
			copyUnit(p, partial, u)
		}
	}
	if by := e.opts.UpdatedBy; by != "" {
		p.UpdatedBy = &by
	}
	return api.WithIdentity(p, c.base)
}

// failed records a failure to reach or read the service and plans a retry
// when one can help.
func (e *Engine) failed(c *campaign, err error) error {
	c.mu.Lock()
	defer func() {
		e.publishLocked(c)
		c.mu.Unlock()
	}()
	now := e.clock.Now()
	var ae *api.Error
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		if e.closed.Load() {
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
		ps = append(ps, engine.Problem{Rule: engine.RuleID(ae.Code), Target: d.Target, Message: d.Message})
	}
	by, rest := problemsByUnit(ps)
	c.mu.Lock()
	named := 0
	for _, u := range send {
		delete(c.sent, u) // refused: the service does not hold it
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
	c.mu.Unlock()
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
	if e.closed.Load() {
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

// sentUnits are the values of each unit sent in PATCHes not yet answered
// (the last few: each retry after a lost answer may carry newer text).
type sentUnits map[string][][]byte

const maxSent = 8

func (s sentUnits) add(u string, v []byte) sentUnits {
	if s == nil {
		s = sentUnits{}
	}
	if s.has(u, v) {
		return s
	}
	vs := append(s[u], v)
	if len(vs) > maxSent {
		vs = vs[len(vs)-maxSent:]
	}
	s[u] = vs
	return s
}

func (s sentUnits) has(u string, v []byte) bool {
	for _, x := range s[u] {
		if bytes.Equal(x, v) {
			return true
		}
	}
	return false
}
