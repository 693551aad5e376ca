package editor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/preview"
	"github.com/campaigns-cli/campaigns/ui/internal/resume"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// Creator makes a draft through the create route and returns its campaign_id.
type Creator interface {
	CreateDraft(ctx context.Context, body *model.Campaign) (string, error)
}

// Tester sends a test through the test route.
type Tester interface {
	Test(ctx context.Context, req api.TestRequest) (api.TestResult, error)
}

// Publisher validates and publishes a draft on the service.
type Publisher interface {
	Publish(ctx context.Context, id string) error
	Get(ctx context.Context, id string) (*model.Campaign, error)
}

// PreviewUser is a profile the preview personalises for.
type PreviewUser struct {
	Name  string
	Attrs map[string]any
	// Who names the user on the service, whose preview route then renders
	// for them (nil: a sample profile, previewed locally only).
	Who *api.UserIdentification
}

// UserSource gives the profiles the preview can personalise for. main fills
// it: the embedded sandbox's demo users, or sample profiles for a service
// whose profiles cannot be listed. The editor never imports the sandbox.
type UserSource interface{ PreviewUsers() []PreviewUser }

// UserList is a fixed UserSource.
type UserList []PreviewUser

// PreviewUsers returns the list.
func (l UserList) PreviewUsers() []PreviewUser { return l }

// DefaultUsers are sample profiles for the preview when the service offers
// none.
var DefaultUsers = []PreviewUser{
	{Name: "Ada (sample)", Attrs: map[string]any{"First Name": "Ada", "Last Name": "Lovelace", "City": "London", "Email (Standard)": "ada@example.com", "Points": 120}},
	{Name: "Empty profile", Attrs: nil},
}

// Factory builds editors; main puts it in ui.Config.Editor and the root
// opens pages with New.
type Factory struct {
	// Drafts is the sync engine: it holds the one copy of each open draft.
	Drafts *drafts.Engine
	// Core is where every write goes (nil in tests that build a Factory by
	// hand: the live-send dialog then names no target).
	Core    *ops.Core
	Creator Creator
	Tester  Tester
	// outbox: whether the service has the sandbox's outbox (else test
	// results come from the test route's answer alone) and how far it was
	// read.
	outbox outboxState
	// tests are the last test results per campaign, so ctrl+r shows them
	// after the editor was closed and opened again (this program only).
	tests map[string]*dialogs.TestRun
	// Names offers the workspace's names (events, attributes, segments …)
	// in the fields that take them (nil: none; main fills it from
	// api/suggest).
	Names NameSource
	// Options are the workspace's features for validation.
	Options engine.Options
	// Users gives the profiles the preview can personalise for (nil:
	// DefaultUsers).
	Users UserSource
	// PreviewDelay is the typing pause after which the preview redraws.
	PreviewDelay time.Duration
	// Previewer asks the service's preview route for the chosen user (the
	// client of the embedded sandbox or of a real service; nil: local
	// previews only). ServiceDelay is the further pause before it is asked
	// (default preview.DefaultServiceDelay; negative: none).
	Previewer    preview.Previewer
	ServiceDelay time.Duration
	// Publisher publishes from the Review step (nil: not offered).
	Publisher Publisher
	// Validator is the service's validate route, for the Review step's
	// "Validate on the service" (nil: not offered).
	Validator Validator
	// Reacher estimates the audience on the Review step (nil, or a
	// service without the route: no estimate shown).
	Reacher Reacher
	// Local is the user's time zone, for the Review's "your time" (nil:
	// the machine's; over SSH that is the server's).
	Local *time.Location
	// ServerTime says that Local is the server's zone, not the user's (an
	// SSH client that sent no TZ): the Review says "server time".
	ServerTime bool
	// Positions keep where each draft was left, to reopen it there (nil:
	// drafts open at the first step).
	Positions *resume.Book
	// author is the "Created by" new drafts start with (author.go).
	author *author
	// ReadOnly is why nothing may be written (a read-only profile), ""
	// when writes are allowed: every campaign opens in view mode for good.
	ReadOnly string
}

// New opens campaign id in the editor, or the new-draft dialog when id is "".
func (f *Factory) New(c *common.Common, id string) *Model {
	m := &Model{
		c: c, f: f, id: id, keys: keysOf(c.Keys),
		d:   &draft{id: id},
		sel: forms.Selection{Locale: forms.DefaultLocale, Variation: "variation_1"},
	}
	m.prev.m = preview.New(c.Styles, c.Highlight)
	m.prev.event = map[string]any{}
	m.lastTest = f.tests[id]
	if p, ok := f.Names.(interface{ Poke() }); ok {
		p.Poke() // names typed in other drafts since the last refresh
	}
	if f.Previewer != nil {
		d := f.ServiceDelay
		if d == 0 {
			d = preview.DefaultServiceDelay
		}
		m.prev.m.SetService(preview.Service{P: f.Previewer, Name: c.Service, Delay: max(d, 0), Plain: plainProblem})
	}
	if f.Users != nil {
		m.prev.users = f.Users.PreviewUsers()
	}
	if len(m.prev.users) == 0 {
		m.prev.users = DefaultUsers
	}
	m.SetSize(c.Width, c.Height)
	if id == "" {
		// After SetSize: the dialog sizes its form from the editor's size
		// (at 0×0 the delivery types showed four at a time, cut).
		m.openNewDraft()
	}
	return m
}

// authorFile keeps, in the editor's data directory, the author of the last
// draft created on this machine.
const authorFile = "author"

// author is the "Created by" the new-draft dialog starts with, so a
// marketer types their address once: the profile's `author` (config.toml),
// else the author of the last draft created here. It stays a value the
// dialog shows and the user can change.
type author struct {
	mu   sync.Mutex
	path string // "" : not remembered (tests, no data directory)
	v    string
	set  bool // from the profile: a draft by someone else does not replace it
}

// openAuthor reads the last author remembered in dataDir.
func openAuthor(dataDir string) *author {
	a := &author{path: filepath.Join(dataDir, authorFile)}
	if b, err := os.ReadFile(a.path); err == nil {
		a.v = strings.TrimSpace(string(b))
	}
	return a
}

// SetAuthor makes email the "Created by" every new draft starts with (main
// passes the profile's `author`); "" keeps the last one used here.
func (f *Factory) SetAuthor(email string) {
	if email = strings.TrimSpace(email); email == "" {
		return
	}
	if f.author == nil {
		f.author = &author{}
	}
	f.author.mu.Lock()
	defer f.author.mu.Unlock()
	f.author.v, f.author.set = email, true
}

// Author is the "Created by" a new draft starts with ("" for none).
func (f *Factory) Author() string {
	if f.author == nil {
		return ""
	}
	f.author.mu.Lock()
	defer f.author.mu.Unlock()
	return f.author.v
}

// used remembers the author of a draft just created (off the update loop:
// it writes a small file). A failed write only loses the suggestion.
func (a *author) used(email string) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.set || a.v == email {
		return
	}
	a.v = email
	if a.path != "" {
		_ = os.WriteFile(a.path, []byte(email+"\n"), 0o600)
	}
}

// Journal shows the factory's sync engine to the browser (common.Journal):
// the drafts kept on this computer with edits not yet on the service.
func (f *Factory) Journal() common.Journal { return journal{f.Drafts} }

type journal struct{ e *drafts.Engine }

func (j journal) Unsynced(ctx context.Context) ([]common.LocalDraft, error) {
	ls, err := j.e.Unsynced(ctx)
	out := make([]common.LocalDraft, len(ls))
	for i, l := range ls {
		out[i] = common.LocalDraft{Campaign: l.Campaign, Unsynced: l.Status.Unsynced, Edited: l.Edited}
	}
	return out, err
}

func (j journal) SyncAll(ctx context.Context) error {
	_, err := j.e.FlushAll(ctx)
	return err
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
