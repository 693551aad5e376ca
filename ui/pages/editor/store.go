package editor

import (
	"context"
	"path/filepath"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/resume"
)

// The editor keeps no copy of the campaign: draft.work is the sync engine's
// working copy (drafts.Draft.Working), read while the editor holds the
// draft's lock (hold) and changed only through Draft.Edit (draft.change).
// The engine journals the edit within drafts.DurabilityWindow and sends it
// after the debounce; what the engine changes itself (a sent unit
// normalised by the service, a change made elsewhere, a resolved conflict)
// arrives as an event, after which the editor revalidates.

// hold locks the draft for one call from the program (Update, View,
// SetSize), so background work never changes the working copy while the
// editor reads it. Nested calls (Update calling Update) hold it once.
func (m *Model) hold() func() {
	h := m.d.h
	if h == nil || m.holding {
		return func() {}
	}
	h.Lock()
	m.holding = true
	return func() {
		m.holding = false
		h.Unlock()
	}
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
// close stops the sync engine, which writes every edit made to the journal
// first (it sends nothing: the journal keeps what is unsynced for the next
// start).
func Open(client *api.Client, dataDir string, opts Options) (*Factory, func() error, error) {
	v := opts.Validation
	e, err := drafts.Open(filepath.Join(dataDir, "journal"), client, drafts.Options{Validation: &v, Debounce: opts.Debounce})
	if err != nil {
		return nil, nil, err
	}
	f := &Factory{Drafts: e, Creator: clientCreator{client}, Tester: client, Options: v, Users: opts.Users, Previewer: client, Publisher: client,
		Validator: client, Reacher: client, Positions: resume.Open(dataDir), author: openAuthor(dataDir)}
	return f, e.Close, nil
}
