package drafts

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
)

// State is the headline of a campaign's sync status.
type State int

const (
	// StateSynced: the service has every local change.
	StateSynced State = iota
	// StatePending: local changes wait for the debounce or the next send.
	StatePending
	// StateRateLimited: a send waits for the update rate limit.
	StateRateLimited
	// StateOffline: the service cannot be reached; edits keep working and are
	// retried in the background.
	StateOffline
	// StateFailed: the service refused for a reason a retry will not fix
	// (403, 404, 409 state); Status.Err says which.
	StateFailed
	// StateInvalid: some components fail validation and stay local.
	StateInvalid
	// StateConflict: the service's copy of a locally edited component changed
	// since it was loaded; the user must choose (Engine.Resolve).
	StateConflict
)

func (s State) String() string {
	return [...]string{"synced", "pending", "rate-limited", "offline", "failed", "invalid", "conflict"}[s]
}

// Status is where a campaign's local copy stands against the service.
type Status struct {
	ID    string
	State State
	// Unsynced lists every unit whose local copy differs from the service's
	// last confirmed copy: pending, invalid and conflicting ones.
	Unsynced []string
	// Pending lists the unsynced units that will be sent when possible.
	Pending []string
	// Invalid maps units that stay local to their problems (found by the
	// engine, or by the service when it refused them).
	Invalid map[string][]engine.Problem
	// Conflicts lists units changed both here and on the service.
	Conflicts        []string
	OfflineSince     time.Time
	RateLimitedUntil time.Time
	LastSynced       time.Time
	// Err is the last failure that a retry will not fix.
	Err error
	// Live is true for a campaign past DRAFT: what recipients may already
	// get. Its pending units wait for an explicit Send; neither the
	// debounce nor a retry nor Flush sends them.
	Live bool
}

// String is a one-line summary for a status bar.
func (s Status) String() string {
	var parts []string
	switch s.State {
	case StateSynced:
		return "synced"
	case StateConflict:
		parts = append(parts, "conflict in "+strings.Join(s.Conflicts, ", "))
	case StateInvalid:
		parts = append(parts, fmt.Sprintf("invalid (%s)", count(len(s.Invalid), "component")))
	case StateFailed:
		parts = append(parts, "not saved: "+errString(s.Err))
	case StateOffline:
		parts = append(parts, "offline since "+s.OfflineSince.Local().Format("15:04:05"))
	case StateRateLimited:
		parts = append(parts, "rate-limited until "+s.RateLimitedUntil.Local().Format("15:04:05"))
	}
	if n := len(s.Pending); n > 0 && s.Live {
		parts = append(parts, "not sent: "+count(n, "changed component")+" of a live campaign")
	} else if n > 0 {
		parts = append(parts, "pending "+count(n, "component"))
	}
	return strings.Join(parts, ", ")
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func errString(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

func (s Status) signature() string {
	inv := make([]string, 0, len(s.Invalid))
	for u, ps := range s.Invalid {
		inv = append(inv, fmt.Sprintf("%s:%d", u, len(ps)))
	}
	slices.Sort(inv)
	return fmt.Sprint(s.State, s.Unsynced, s.Pending, inv, s.Conflicts, s.OfflineSince.UnixNano(),
		s.RateLimitedUntil.UnixNano(), s.LastSynced.UnixNano(), errString(s.Err))
}

// Choice answers a conflict.
type Choice int

const (
	// KeepMine sends the local version over the service's.
	KeepMine Choice = iota + 1
	// TakeTheirs replaces the local version with the service's.
	TakeTheirs
	// Merge replaces the local version with a hand-merged one and sends it.
	Merge
)

// Conflict is one unit changed both locally and on the service since the
// local copy's base. Values are the typed units (*model.BasicDetails,
// *model.CampaignContent, *string for the delivery type); nil means absent.
type Conflict struct {
	ID, Component       string
	Base, Local, Remote any
}

// EventKind says what an Event reports.
type EventKind int

const (
	// EventStatus: the campaign's Status changed.
	EventStatus EventKind = iota
	// EventConflict: a new conflict on Component (Conflict is set).
	EventConflict
	// EventRemoteChange: the service changed Component, which had no local
	// edit; the working copy now holds the service's version.
	EventRemoteChange
	// EventSynced: local changes of Components reached the service.
	EventSynced
	// EventError: a failure the user should see (Err is set).
	EventError
)

// Event is one thing the UI may want to show, addressed by campaign id.
type Event struct {
	ID         string
	Kind       EventKind
	Status     Status
	Components []string
	Conflict   *Conflict
	Err        error
}

// Errors of Flush and Edit.
var (
	ErrNotLoaded   = errors.New("sync: campaign not loaded")
	ErrConflict    = errors.New("sync: conflicting changes on the service")
	ErrInvalid     = errors.New("sync: some components are invalid and stay local")
	ErrRateLimited = errors.New("sync: update rate limit reached")
	// ErrReadOnly: the engine was opened read-only and sends nothing.
	ErrReadOnly = errors.New("sync: read-only: nothing is sent")
	// ErrHeld: a live campaign's changes are sent only by Send.
	ErrHeld     = errors.New("sync: the changes of a live campaign wait to be sent explicitly")
	ErrClosed   = errors.New("sync: engine closed")
	ErrDirInUse = errors.New("sync: another process is syncing with this journal directory")
)

// --- computing and publishing ------------------------------------------------

func (e *Engine) statusLocked(c *campaign) Status {
	s := Status{ID: c.id, OfflineSince: c.offlineSince, LastSynced: c.lastSynced, Err: c.err, Live: c.liveLocked()}
	if s.Err == nil && c.jerr != nil {
		s.Err = fmt.Errorf("sync: journal: %w", c.jerr)
	}
	if now := e.clock.Now(); c.limitedUntil.After(now) {
		s.RateLimitedUntil = c.limitedUntil
	}
	w := c.workJSON()
	for _, u := range e.dirtyLocked(c) {
		s.Unsynced = append(s.Unsynced, u)
		// Problems count only for the value they were found in: an edit since
		// makes the unit pending again until the next check.
		cur := w[u]
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
