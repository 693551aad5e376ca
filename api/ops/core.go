// Package ops is the one core every write goes through, whichever door a
// person comes in by (the editor, the inspector, the scripting commands,
// apply and MCP): create, component update, publish, status actions, test
// sends and validation.
//
// It owns, once: the target (which service and workspace, named in every
// result), the request form (RequestForm, the only caller of
// api.WriteForm), the checks by state (the state table, and for a campaign
// past DRAFT the publish-phase check of the merged campaign: a write that
// would introduce a problem is refused unless forced), the author sent as
// updated_by, pacing under the service's limits (one Pacer per client) and
// the change summary of a write in words. The doors only ask and show.
package ops

import (
	"context"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Options build a Core.
type Options struct {
	Target Target
	// Author is sent as updated_by on every write and as created_by on a
	// create that names none; "" sends none (the service attributes the
	// write to the API credential). A campaign's own created_by is never
	// used in its place.
	Author string
	// Features are the workspace features the local checks assume.
	Features engine.Features
	// Pacer paces every request; nil: the client's shared pacer.
	Pacer *Pacer
	// Now is the clock of the status rules; nil: time.Now.
	Now func() time.Time
}

// Core runs the writes of one person on one service.
type Core struct {
	c       *api.Client
	o       Options
	release func()
}

// New builds the core of client; Close releases its pacer.
func New(client *api.Client, o Options) *Core {
	core := &Core{c: client, o: o, release: func() {}}
	if o.Pacer == nil {
		core.o.Pacer, core.release = SharedPacer(client)
	}
	if o.Now == nil {
		core.o.Now = time.Now
	}
	if core.o.Target.BaseURL == "" {
		core.o.Target.BaseURL = client.BaseURL()
	}
	if core.o.Target.Workspace == "" {
		core.o.Target.Workspace = client.WorkspaceID()
	}
	if core.o.Target.Service == "" {
		core.o.Target.Service = core.o.Target.BaseURL
	}
	core.o.Author = strings.TrimSpace(o.Author)
	return core
}

// Close releases the shared pacer.
func (c *Core) Close() { c.release() }

// Target is where the writes go.
func (c *Core) Target() Target { return c.o.Target }

// Author is the updated_by of every write ("" for none).
func (c *Core) Author() string { return c.o.Author }

// Pacer is the one pacer of this core's client (reads use it too).
func (c *Core) Pacer() *Pacer { return c.o.Pacer }

// Client is the service's client, for reads.
func (c *Core) Client() *api.Client { return c.c }

// Features are the workspace features the local checks assume.
func (c *Core) Features() engine.Features { return c.o.Features }

// Result is what one write did, for summaries and --json results.
type Result struct {
	Target
	Action     string `json:"action"`
	CampaignID string `json:"campaign_id"`
	// ID is the document id (a new one per version when versioning is on).
	ID     string `json:"id,omitempty"`
	Name   string `json:"name,omitempty"`
	From   string `json:"previous_status,omitempty"`
	Status string `json:"status,omitempty"`
	// Components are the components sent; Changes and Removes say in words
	// what changed and what was taken away.
	Components []string `json:"updated_components,omitempty"`
	Changes    []string `json:"changes,omitempty"`
	Removes    []string `json:"removes,omitempty"`
	// Forced are the problems the write brought into a live campaign
	// because the person forced it.
	Forced    []engine.Problem `json:"forced_problems,omitempty"`
	UpdatedBy string           `json:"updated_by,omitempty"`
	// Notes say what the core chose that the request did not say (the
	// request form a changed read-form schedule went in, and why).
	Notes []string `json:"notes,omitempty"`
	// Sent is the update's body exactly as it went (request form, signed),
	// for a door that keeps the record it wrote without reading it back.
	Sent *model.Campaign `json:"-"`
}

func (c *Core) result(action, id string, cp *model.Campaign) Result {
	r := Result{Target: c.o.Target, Action: action, CampaignID: id, UpdatedBy: c.o.Author}
	if cp != nil {
		r.Status = str(cp.Status)
		if cp.BasicDetails != nil {
			r.Name = str(cp.BasicDetails.Name)
		}
	}
	return r
}

// --- reads, paced ---------------------------------------------------------

// Get reads a campaign with its ETag, paced.
func (c *Core) Get(ctx context.Context, id string) (cp *model.Campaign, etag string, err error) {
	err = c.o.Pacer.Do(ctx, ClassRead, func(ctx context.Context) error {
		cp, etag, err = c.c.GetTagged(ctx, id)
		return err
	})
	return cp, etag, err
}

// Validate runs the local engine on a whole campaign in phase (read or
// request form). Nothing is sent.
func (c *Core) Validate(cp *model.Campaign, phase engine.Phase) []engine.Problem {
	return Validate(cp, phase, engine.Options{Features: c.o.Features})
}

// --- writes ---------------------------------------------------------------

// Create sends a create body after the create-phase checks. The body goes
// in the request form; created_by is the author when the body names none.
func (c *Core) Create(ctx context.Context, body *model.Campaign) (Result, error) {
	body = RequestForm(body, nil)
	if body.CreatedBy == nil && c.o.Author != "" {
		cp := *body
		cp.CreatedBy = &c.o.Author
		body = &cp
	}
	if ps := c.Validate(body, engine.PhaseCreate); len(ps) > 0 {
		return Result{}, &Refused{Code: CodeInvalid, Problems: ps, Reason: "the draft does not pass the create checks"}
	}
	var res api.CreateResult
	err := c.o.Pacer.Do(ctx, ClassCreate, func(ctx context.Context) (err error) {
		res, err = c.c.Create(ctx, body)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	r := c.result("created draft", res.ID, body)
	r.Status, r.Components, r.UpdatedBy = res.Status, model.Present(body), ""
	return r, nil
}

// UpdateOptions tune one component update.
type UpdateOptions struct {
	// Force sends a write that would introduce problems into a live
	// campaign (the person confirmed it); the state table still applies.
	Force bool
	// Stored is the campaign as read (with ETag, sent as If-Match); nil
	// reads it now.
	Stored *model.Campaign
	ETag   string
	// FillIn sets, on a draft, the values that follow from the others where
	// the patch leaves them out (engine.FillIn), as the editor does while
	// typing: for doors that send a body written whole (MCP). Past DRAFT a
	// resent locked component must stay exactly as stored, so nothing is
	// added there.
	FillIn bool
}

// Check judges an update of stored without sending it (a dry run).
func (c *Core) Check(stored, patch *model.Campaign) Verdict {
	return CheckPatch(stored, patch, c.opts(stored))
}

// Update sends a component update after the core's checks: the state
// table, the update's own problems, and, past DRAFT, the publish-phase
// check of the merged campaign (refused when it introduces a problem,
// unless forced). The patch goes in the request form, signed with the
// author; a refused update is a *Refused and nothing is sent.
func (c *Core) Update(ctx context.Context, id string, patch *model.Campaign, o UpdateOptions) (Result, error) {
	stored, etag := o.Stored, o.ETag
	if stored == nil {
		var err error
		if stored, etag, err = c.Get(ctx, id); err != nil {
			return Result{}, err
		}
	}
	if o.FillIn && str(stored.Status) == model.StatusDraft {
		patch = model.Clone(patch)
		dt := str(patch.CampaignDeliveryType)
		if dt == "" {
			dt = str(stored.CampaignDeliveryType)
		}
		engine.FillIn(patch, dt)
	}
	v := c.Check(stored, patch)
	if ref := v.Refused(o.Force); ref != nil {
		return Result{}, ref
	}
	body := c.Sign(v.Body)
	var res api.PatchResult
	err := c.o.Pacer.Do(ctx, ClassUpdate, func(ctx context.Context) (err error) {
		res, _, err = c.c.PatchTagged(ctx, id, body, etag)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	r := c.result("updated", id, stored)
	r.ID, r.Components, r.Changes, r.Removes, r.Notes, r.Sent = res.ID, model.Present(body), v.Changes, v.Removes, v.Notes, body
	if v.Merged != nil && v.Merged.BasicDetails != nil {
		r.Name = str(v.Merged.BasicDetails.Name)
	}
	if o.Force {
		r.Forced = v.Introduced
	}
	return r, nil
}

// Sign is patch with updated_by set to the author (or, with no author,
// with none at all: an updated_by copied from a record read back would name
// someone else). patch is not changed.
func (c *Core) Sign(patch *model.Campaign) *model.Campaign {
	cp := *patch
	cp.UpdatedBy = nil
	if c.o.Author != "" {
		cp.UpdatedBy = &c.o.Author
	}
	return &cp
}

// CheckPublish says whether cp may be published: a PUSH or EMAIL draft
// that passes the publish checks. Nothing is sent.
func (c *Core) CheckPublish(cp *model.Campaign) error {
	if err := writable(cp); err != nil {
		return err
	}
	if st := str(cp.Status); st != model.StatusDraft {
		return &Refused{Code: CodeNotDraft, Reason: "only a draft can be published; this campaign is " + st}
	}
	opts := c.opts(cp)
	if ps := engine.Validate(RequestForm(cp, nil), engine.PhasePublish, opts); len(ps) > 0 {
		return &Refused{Code: CodeUnpublishable, Problems: ps, Reason: "the draft does not pass the publish checks"}
	}
	return nil
}

// Publish publishes a draft after the local publish checks.
func (c *Core) Publish(ctx context.Context, id string) (Result, error) {
	cp, _, err := c.Get(ctx, id)
	if err != nil {
		return Result{}, err
	}
	if err := c.CheckPublish(cp); err != nil {
		return Result{}, err
	}
	if err := c.o.Pacer.Do(ctx, ClassUpdate, func(ctx context.Context) error { return c.c.Publish(ctx, id) }); err != nil {
		return Result{}, err
	}
	return c.after(ctx, c.result("published", id, cp), cp), nil
}

// CheckStatus says whether action (PAUSE, RESUME, STOP) is allowed on cp
// now, and the state it leads to. Nothing is sent.
func (c *Core) CheckStatus(cp *model.Campaign, action string) (string, error) {
	if err := writable(cp); err != nil {
		return "", err
	}
	typ, from := str(cp.CampaignDeliveryType), str(cp.Status)
	next, err := engine.CheckAction(typ, from, strings.ToUpper(strings.TrimSpace(action)), engine.StartAhead(cp, c.o.Now()))
	if err != nil {
		return "", &Refused{Code: CodeNotAllowed, Reason: err.Error(), Allowed: engine.Actions(typ, from)}
	}
	return next, nil
}

// SetStatus runs PAUSE, RESUME or STOP after the local rules.
func (c *Core) SetStatus(ctx context.Context, id, action string) (Result, error) {
	action = strings.ToUpper(strings.TrimSpace(action))
	cp, _, err := c.Get(ctx, id)
	if err != nil {
		return Result{}, err
	}
	next, err := c.CheckStatus(cp, action)
	if err != nil {
		return Result{}, err
	}
	if err := c.o.Pacer.Do(ctx, ClassUpdate, func(ctx context.Context) error {
		_, err := c.c.SetStatus(ctx, id, action)
		return err
	}); err != nil {
		return Result{}, err
	}
	r := c.result(pastTense(action), id, cp)
	r.Status = next
	return c.after(ctx, r, cp), nil
}

// writable refuses what V5 only shows: SMS, WhatsApp and other channels.
func writable(cp *model.Campaign) error {
	if ch := str(cp.Channel); ch != model.ChannelPush && ch != model.ChannelEmail {
		return &Refused{Code: CodeState, Reason: ch + " campaigns can be read but not changed through V5; only PUSH and EMAIL can"}
	}
	return nil
}

// Test sends a test message (at most 10 recipients, the service checks).
func (c *Core) Test(ctx context.Context, req api.TestRequest) (res api.TestResult, err error) {
	err = c.o.Pacer.Do(ctx, ClassUpdate, func(ctx context.Context) error {
		res, err = c.c.Test(ctx, req)
		return err
	})
	return res, err
}

// after reads the campaign again for the status it moved to; a failed read
// keeps what the rules said.
func (c *Core) after(ctx context.Context, r Result, before *model.Campaign) Result {
	r.From = str(before.Status)
	if now, _, err := c.Get(ctx, r.CampaignID); err == nil && now.Status != nil {
		r.Status = *now.Status
		r.UpdatedBy = str(now.UpdatedBy)
	}
	return r
}

func (c *Core) opts(stored *model.Campaign) engine.Options {
	f := c.o.Features
	if stored != nil && stored.CampaignAudienceLimit != nil {
		f.AudienceLimit = true
	}
	return engine.Options{Features: f}
}

func pastTense(action string) string {
	switch action {
	case model.ActionPause:
		return "paused"
	case model.ActionResume:
		return "resumed"
	case model.ActionStop:
		return "stopped"
	}
	return strings.ToLower(action)
}

// ValidAuthor reports whether by can be sent as updated_by: an email
// address, as the service requires.
func ValidAuthor(by string) bool {
	return len(engine.Validate(&model.Campaign{UpdatedBy: &by}, engine.PhasePatch, engine.Options{})) == 0
}
