package editor

import (
	"context"
	"path/filepath"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/ops"
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

// coreWriter is the editor's door to the core (api/ops): drafts are
// created, tested and published through it, so the editor keeps the same
// rules, author, pacing and target as every other door. The sandbox's
// outbox, which only reads, is the client's.
type coreWriter struct {
	core *ops.Core
	api.Outboxer
}

func (w coreWriter) CreateDraft(ctx context.Context, body *model.Campaign) (string, error) {
	res, err := w.core.Create(ctx, body)
	return res.CampaignID, err
}

func (w coreWriter) Test(ctx context.Context, req api.TestRequest) (api.TestResult, error) {
	return w.core.Test(ctx, req)
}

func (w coreWriter) Publish(ctx context.Context, id string) error {
	_, err := w.core.Publish(ctx, id)
	return err
}

func (w coreWriter) Get(ctx context.Context, id string) (*model.Campaign, error) {
	c, _, err := w.core.Get(ctx, id)
	return c, err
}

// Options configure Open.
type Options struct {
	// Validation is the workspace's features.
	Validation engine.Options
	// Debounce is the typing pause before edits are sent (default: the
	// sync engine's).
	Debounce time.Duration
	// Clock drives the sync engine's timers (default the wall clock): tests
	// pass a drafts.FakeClock to say when the typing pause has passed.
	Clock drafts.Clock
	// Users are the profiles the preview offers (nil: sample ones, as a
	// real service's profiles cannot be listed).
	Users UserSource
	// Target names the service and workspace; Author is the person editing
	// (updated_by, "" for none). Both reach the core.
	Target ops.Target
	Author string
	// ReadOnly is why nothing may be written (a read-only profile): the
	// sync engine then sends nothing and every campaign opens in view mode.
	ReadOnly string
}

// Open builds the editor factory for a client: a sync engine journaling in
// dataDir/journal, drafts created and tests sent with the same client.
// close stops the sync engine, which writes every edit made to the journal
// first (it sends nothing: the journal keeps what is unsynced for the next
// start).
func Open(client *api.Client, dataDir string, opts Options) (*Factory, func() error, error) {
	v := opts.Validation
	e, err := drafts.Open(filepath.Join(dataDir, "journal"), client, drafts.Options{Validation: &v, Debounce: opts.Debounce, Clock: opts.Clock,
		UpdatedBy: opts.Author, ReadOnly: opts.ReadOnly != ""})
	if err != nil {
		return nil, nil, err
	}
	core := ops.New(client, ops.Options{Target: opts.Target, Author: opts.Author, Features: v.Features})
	w := coreWriter{core: core, Outboxer: client}
	f := &Factory{Drafts: e, Core: core, Creator: w, Tester: w, Options: v, Users: opts.Users, Previewer: client, Publisher: w,
		Validator: client, Reacher: client, Positions: resume.Open(dataDir), author: openAuthor(dataDir), ReadOnly: opts.ReadOnly}
	f.SetAuthor(opts.Author)
	return f, func() error {
		defer core.Close()
		_ = f.Positions.Save() // the last move, if its background save had not run
		return e.Close()
	}, nil
}
