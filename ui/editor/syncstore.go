package editor

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox/audience"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// syncStore adapts the sync engine to Store.
type syncStore struct{ e *drafts.Engine }

// NewSyncStore wraps a sync engine.
func NewSyncStore(e *drafts.Engine) Store { return &syncStore{e: e} }

// Subscribe turns the engine's feed of campaign id into StoreEvents.
func (s *syncStore) Subscribe(id string) (<-chan StoreEvent, func()) {
	in, cancel := s.e.Subscribe(id)
	out := make(chan StoreEvent, 64)
	go func() {
		defer close(out)
		for ev := range in {
			if ev.Kind == drafts.EventError && ev.Err == nil {
				continue
			}
			o := StoreEvent{ID: ev.ID, Status: convertStatus(ev.Status), Err: ev.Err}
			switch ev.Kind {
			case drafts.EventRemoteChange:
				o.Remote = ev.Components
			case drafts.EventConflict:
				o.Conflict = true
			}
			if ev.Kind != drafts.EventStatus {
				o.Status = convertStatus(s.e.Status(ev.ID))
			}
			out <- o
		}
	}()
	return out, cancel
}

func convertStatus(st drafts.Status) SyncStatus {
	out := SyncStatus{
		Pending: len(st.Pending), Unsynced: len(st.Unsynced),
		Invalid: st.Invalid, Conflicts: st.Conflicts, Text: st.String(),
	}
	switch st.State {
	case drafts.StateSynced:
		out.State = Synced
	case drafts.StatePending:
		out.State = Pending
	case drafts.StateRateLimited:
		out.State = RateLimited
	case drafts.StateOffline:
		out.State = Offline
	case drafts.StateFailed:
		out.State = Failed
	case drafts.StateInvalid:
		out.State = Invalid
	case drafts.StateConflict:
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
	ch := map[Resolution]drafts.Choice{KeepMine: drafts.KeepMine, TakeTheirs: drafts.TakeTheirs, MergeByHand: drafts.Merge}[r]
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
	// SandboxUsers offers the embedded sandbox's demo users to the preview
	// (a real service's profiles cannot be listed; sample ones are used).
	SandboxUsers bool
}

// SandboxUsers are the embedded sandbox's demo users as preview profiles.
func SandboxUsers() []PreviewUser {
	var out []PreviewUser
	for _, u := range audience.Demo(time.Now()).Users {
		p := u.Profile()
		name := fmt.Sprint(p[audience.AttrFirstName], " ", p[audience.AttrLastName])
		out = append(out, PreviewUser{Name: strings.TrimSpace(name) + " (" + u.ID + ")", Attrs: p})
		if len(out) == 12 {
			break
		}
	}
	return append(out, PreviewUser{Name: "Empty profile"})
}

// Open builds the editor factory for a client: a sync engine journaling in
// dataDir/journal, drafts created and tests sent with the same client.
// close stops the sync engine (it flushes nothing: the journal keeps what is
// unsynced for the next start).
func Open(client *api.Client, dataDir string, opts Options) (*Factory, func() error, error) {
	v := opts.Validation
	e, err := drafts.Open(filepath.Join(dataDir, "journal"), client, drafts.Options{Validation: &v, Debounce: opts.Debounce})
	if err != nil {
		return nil, nil, err
	}
	f := &Factory{Store: NewSyncStore(e), Creator: clientCreator{client}, Tester: client, Options: v}
	if opts.SandboxUsers {
		f.Users = SandboxUsers()
	}
	return f, func() error { f.Drain(); return e.Close() }, nil
}
