package editor

import (
	"context"
	"path/filepath"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sync"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// syncStore adapts the sync engine to Store.
type syncStore struct{ e *sync.Engine }

// NewSyncStore wraps a sync engine.
func NewSyncStore(e *sync.Engine) Store { return &syncStore{e: e} }

// Subscribe turns the engine's feed of campaign id into StoreEvents.
func (s *syncStore) Subscribe(id string) (<-chan StoreEvent, func()) {
	in, cancel := s.e.Subscribe(id)
	out := make(chan StoreEvent, 64)
	go func() {
		defer close(out)
		for ev := range in {
			if ev.Kind == sync.EventError && ev.Err == nil {
				continue
			}
			o := StoreEvent{ID: ev.ID, Status: convertStatus(ev.Status), Err: ev.Err}
			switch ev.Kind {
			case sync.EventRemoteChange:
				o.Remote = ev.Components
			case sync.EventConflict:
				o.Conflict = true
			}
			if ev.Kind != sync.EventStatus {
				o.Status = convertStatus(s.e.Status(ev.ID))
			}
			out <- o
		}
	}()
	return out, cancel
}

func convertStatus(st sync.Status) SyncStatus {
	out := SyncStatus{
		Pending: len(st.Pending), Unsynced: len(st.Unsynced),
		Invalid: st.Invalid, Conflicts: st.Conflicts, Text: st.String(),
	}
	switch st.State {
	case sync.StateSynced:
		out.State = Synced
	case sync.StatePending:
		out.State = Pending
	case sync.StateRateLimited:
		out.State = RateLimited
	case sync.StateOffline:
		out.State = Offline
	case sync.StateFailed:
		out.State = Failed
	case sync.StateInvalid:
		out.State = Invalid
	case sync.StateConflict:
		out.State = Conflict
	}
	return out
}

func (s *syncStore) Load(ctx context.Context, id string) error {
	_, err := s.e.Load(ctx, id)
	return err
}
func (s *syncStore) Working(id string) *model.Campaign { return s.e.Working(id) }
func (s *syncStore) Base(id string) *model.Campaign    { return s.e.Base(id) }
func (s *syncStore) Edit(id string, fn func(*model.Campaign)) error {
	return s.e.Edit(id, fn)
}
func (s *syncStore) Flush(ctx context.Context, id string) error { return s.e.Flush(ctx, id) }
func (s *syncStore) Status(id string) SyncStatus                { return convertStatus(s.e.Status(id)) }
func (s *syncStore) Conflicts(id string) []ConflictInfo {
	var out []ConflictInfo
	for _, c := range s.e.Conflicts(id) {
		out = append(out, ConflictInfo{Component: c.Component, Local: c.Local, Remote: c.Remote})
	}
	return out
}
func (s *syncStore) Resolve(id, component string, r Resolution, merged any) error {
	ch := map[Resolution]sync.Choice{KeepMine: sync.KeepMine, TakeTheirs: sync.TakeTheirs, MergeByHand: sync.Merge}[r]
	return s.e.Resolve(id, component, ch, merged)
}

// clientCreator creates drafts with the API client.
type clientCreator struct{ c *api.Client }

func (c clientCreator) CreateDraft(ctx context.Context, body *model.Campaign) (string, error) {
	res, err := c.c.Create(ctx, body)
	if err != nil {
		return "", err
	}
	return res.ID, nil
}

// Options configure Open.
type Options struct {
	// Validation is the workspace's features.
	Validation engine.Options
	// Debounce is the typing pause before edits are sent (default: the
	// sync engine's).
	Debounce time.Duration
	// Users are the profiles the preview offers (nil: sample ones, as a
	// real service's profiles cannot be listed).
	Users UserSource
}

// Open builds the editor factory for a client: a sync engine journaling in
// dataDir/journal, drafts created and tests sent with the same client.
// close stops the sync engine (it flushes nothing: the journal keeps what is
// unsynced for the next start).
func Open(client *api.Client, dataDir string, opts Options) (*Factory, func() error, error) {
	v := opts.Validation
	e, err := sync.Open(filepath.Join(dataDir, "journal"), client, sync.Options{Validation: &v, Debounce: opts.Debounce})
	if err != nil {
		return nil, nil, err
	}
	f := &Factory{Store: NewSyncStore(e), Creator: clientCreator{client}, Tester: client, Publisher: client, Options: v}
	f.Users = opts.Users
	return f, func() error { f.Drain(); return e.Close() }, nil
}
