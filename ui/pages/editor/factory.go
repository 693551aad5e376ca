package editor

import (
	"context"
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
